import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

/** A button whose press starts something that runs a while ("Scan now" → "Scanning…"). */
function ScanNow() {
  const [presses, setPresses] = useState(0);
  return (
    <>
      <Button unavailable={presses > 0} onClick={() => setPresses((n) => n + 1)}>
        {presses > 0 ? 'Scanning…' : 'Scan now'}
      </Button>
      <output>{presses} presses</output>
    </>
  );
}

describe('Button', () => {
  it('unavailable: says it cannot be pressed, ignores presses, and keeps the keyboard focus', async () => {
    const user = userEvent.setup();
    render(<ScanNow />);
    await user.tab();
    await user.keyboard('{Enter}');
    const button = screen.getByRole('button', { name: 'Scanning…' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(screen.getByText('1 presses')).toBeInTheDocument();
  });
});
