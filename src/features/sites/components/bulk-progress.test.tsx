import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import type { BulkJob } from '../use-bulk-job';
import { BulkProgress } from './bulk-progress';

const FIREWALL_OFF = { kind: 'option', change: { option: 'firewall', value: 'disable' } } as const;

function job(overrides: Partial<BulkJob>): BulkJob {
  return {
    action: FIREWALL_OFF,
    total: 50,
    done: 0,
    failed: new Map(),
    notSent: [],
    running: true,
    cancelled: false,
    ...overrides,
  };
}

const handlers = () => ({ onCancel: vi.fn(), onRetry: vi.fn(), onClose: vi.fn() });

describe('BulkProgress', () => {
  it('while running: a progress bar named by the change, the counts, and Cancel', async () => {
    const on = handlers();
    render(<BulkProgress job={job({ done: 20 })} {...on} />);
    const bar = screen.getByRole('progressbar', { name: 'Turn the firewall off, 50 sites' });
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    expect(bar).toHaveAttribute('aria-valuetext', '20 of 50');
    expect(screen.getByText('20 done')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(on.onCancel).toHaveBeenCalledOnce();
  });

  it('when finished: each failed site with the catalogue’s words (or the service’s own), and retry of the failed', async () => {
    const on = handlers();
    const failed = new Map<string, unknown>([
      ['a.example', new ApiError({ method: 'site_setoption', code: 145903, message: 'Operation failed' })],
      ['b.example', 'Domain is not valid'],
    ]);
    render(<BulkProgress job={job({ done: 48, failed, running: false })} {...on} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('2 failed')).toBeInTheDocument();
    expect(screen.getByText('Finished')).toBeInTheDocument();
    const list = screen.getByRole('group', { name: 'Sites that failed' });
    expect(
      within(list)
        .getByText(/a\.example/)
        .closest('li'),
    ).toHaveTextContent('a.example: The setting could not be applied.');
    expect(
      within(list)
        .getByText(/b\.example/)
        .closest('li'),
    ).toHaveTextContent('b.example: Domain is not valid');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retry the 2 failed sites' }));
    expect(on.onRetry).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(on.onClose).toHaveBeenCalledOnce();
  });

  it('after a cancel: what was not sent is counted and said', () => {
    render(
      <BulkProgress job={job({ done: 10, notSent: ['x', 'y'], running: false, cancelled: true })} {...handlers()} />,
    );
    expect(screen.getByText('2 not sent (cancelled)')).toBeInTheDocument();
    expect(screen.getByText('Cancelled: nothing more is sent.')).toBeInTheDocument();
  });
});
