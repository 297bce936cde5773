import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Tooltip } from './tooltip';

describe('Tooltip', () => {
  it('shows on keyboard focus, describes its trigger, and hides with Escape', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="The last state set from this dashboard">
        <Button aria-label="Automatic patching, example.com">?</Button>
      </Tooltip>,
    );
    await user.tab();
    const trigger = screen.getByRole('button', { name: 'Automatic patching, example.com' });
    expect(trigger).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The last state set from this dashboard');
    expect(trigger).toHaveAccessibleDescription('The last state set from this dashboard');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
