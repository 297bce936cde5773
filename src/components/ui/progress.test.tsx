import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Progress } from './progress';

describe('Progress', () => {
  it('is a labelled progress bar with its value, read out as a percentage by default', () => {
    render(<Progress label="Changing 50 sites" value={12} max={50} />);
    const bar = screen.getByRole('progressbar', { name: 'Changing 50 sites' });
    expect(bar).toHaveAttribute('aria-valuenow', '12');
    expect(bar).toHaveAttribute('aria-valuemax', '50');
    expect(bar).toHaveAttribute('aria-valuetext', '24%');
  });

  it('reads out the caller’s words when given, and has no value while the total is unknown', () => {
    const { rerender } = render(<Progress label="Changing 50 sites" value={12} max={50} valueText="12 of 50 done" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '12 of 50 done');
    rerender(<Progress label="Preparing" value={null} />);
    expect(screen.getByRole('progressbar', { name: 'Preparing' })).not.toHaveAttribute('aria-valuenow');
  });
});
