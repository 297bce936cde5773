import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Switch } from './switch';

function Firewall({ disabled = false }: { disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return (
    <Switch
      label="Firewall"
      hint="Blocks attacks before they reach the site."
      checked={on}
      onCheckedChange={setOn}
      disabled={disabled}
    />
  );
}

describe('Switch', () => {
  it('is a labelled, described switch that toggles by click and by Space', async () => {
    const user = userEvent.setup();
    render(<Firewall />);
    const control = screen.getByRole('switch', { name: 'Firewall' });
    expect(control).toHaveAccessibleDescription('Blocks attacks before they reach the site.');
    expect(control).not.toBeChecked();

    await user.click(screen.getByText('Firewall'));
    expect(control).toBeChecked();
    control.focus();
    await user.keyboard(' ');
    expect(control).not.toBeChecked();
    await user.keyboard('{Enter}');
    expect(control).toBeChecked();
  });

  it('takes an aria-label where there is no room for a label (a table row)', () => {
    render(<Switch aria-label="Firewall, example.com" checked onCheckedChange={() => undefined} />);
    expect(screen.getByRole('switch', { name: 'Firewall, example.com' })).toBeChecked();
  });

  it('does not change while disabled', async () => {
    const user = userEvent.setup();
    render(<Firewall disabled />);
    await user.click(screen.getByRole('switch', { name: 'Firewall' }));
    expect(screen.getByRole('switch', { name: 'Firewall' })).not.toBeChecked();
  });
});
