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
    sent: [],
    failed: new Map(),
    unavailable: [],
    notSent: [],
    running: true,
    cancelled: false,
    ...overrides,
  };
}

const handlers = () => ({ onCancel: vi.fn(), onRetry: vi.fn(), onSendRest: vi.fn(), onClose: vi.fn() });

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

  it('after a cancel: what was not sent is counted, said, and can be sent', async () => {
    const on = handlers();
    render(<BulkProgress job={job({ done: 10, notSent: ['x', 'y'], running: false, cancelled: true })} {...on} />);
    expect(screen.getByText('2 not sent (cancelled)')).toBeInTheDocument();
    expect(screen.getByText('Cancelled: nothing more is sent.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send the rest (2 sites)' }));
    expect(on.onSendRest).toHaveBeenCalledOnce();
  });

  it('a site whose option the key may not use (145904) is not a failure: said apart, and not retried', () => {
    const cleanupOn = { kind: 'option', change: { option: 'autocleanup', value: 1 } } as const;
    const failed = new Map<string, unknown>([
      ['c.example', new ApiError({ method: 'site_setoption', code: 145903, message: 'Operation failed' })],
    ]);
    render(
      <BulkProgress
        job={job({
          action: cleanupOn,
          total: 4,
          done: 0,
          failed,
          unavailable: ['a.example', 'b.example'],
          notSent: ['d.example'],
          running: false,
          cancelled: true,
        })}
        {...handlers()}
      />,
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByText('1 failed')).toBeInTheDocument();
    expect(screen.getByText('2 not available with your key')).toBeInTheDocument();
    const apart = screen.getByRole('group', { name: 'Sites not changed: not available with your key' });
    expect(apart).toHaveTextContent('Automatic cleanup is not available with your key or plan');
    expect(
      within(apart)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['a.example', 'b.example']);
    expect(within(screen.getByRole('group', { name: 'Sites that failed' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Retry the failed site' })).toBeInTheDocument();
    // The key may not use the option: the rest would be refused too.
    expect(screen.queryByRole('button', { name: /Send the rest/ })).not.toBeInTheDocument();
  });

  it('a scan: the scans are said started, and finished only once none is still running', () => {
    const scan = job({ action: { kind: 'scan' }, total: 3, done: 3, sent: ['a', 'b', 'c'], running: false });
    const { rerender } = render(<BulkProgress job={scan} {...handlers()} stillScanning={3} />);
    expect(screen.getByText('3 scans started')).toBeInTheDocument();
    expect(screen.getByText(/Started: 3 scans are still running/)).toBeInTheDocument();
    expect(screen.queryByText(/Finished/)).not.toBeInTheDocument();
    rerender(<BulkProgress job={scan} {...handlers()} stillScanning={0} />);
    expect(screen.getByText('Finished: every scan has finished.')).toBeInTheDocument();
  });
});
