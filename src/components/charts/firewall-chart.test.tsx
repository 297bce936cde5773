import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { FirewallChart } from './firewall-chart';
import { firewallDays } from '../../data/site-model/firewall-days';

const days = firewallDays({
  '20261101': null,
  '20261102': [20261102, 1200, 10, 4, 3, 2, 1, 5],
  '20261103': [20261103, 50, 7, 1, 1, 1, 1, 2],
});

describe('FirewallChart', () => {
  // Recharts' modules, transformed once here (a hook's time) rather than inside the first test's wait: on a
  // cold cache beside the rest of npm test that took over 10 s. The component still loads them lazily.
  beforeAll(async () => {
    await import('./firewall-chart-graphic');
  });

  it('draws the chart lazily under an accessible name that says what it shows, with the time zone', async () => {
    render(<FirewallChart days={days} subject="shop.example" />);
    expect(screen.getByRole('region', { name: 'Firewall, last 30 days' })).toBeInTheDocument();
    expect(screen.getByText(/Dates are calendar days in UTC/)).toBeInTheDocument();
    expect(screen.getByText('1 day without data (firewall off, or the site not yet added).')).toBeInTheDocument();
    const chart = await screen.findByRole(
      'img',
      {
        name: /^Blocked requests per day by attack class.*shop\.example.*\(UTC\)$/,
      },
      { timeout: 30_000 },
    );
    expect(chart).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Allowed requests per day, shop\.example/ })).toBeInTheDocument();
  });

  it('has a table view with the same numbers, "no data" for a null day, and totals per class', async () => {
    const user = userEvent.setup();
    render(<FirewallChart days={days} subject="shop.example" />);
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    const table = screen.getByRole('table', { name: /Firewall requests per day, shop\.example/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(rows[1]).toHaveTextContent('no data');
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1,200', '10', '4', '3', '2', '1', '5']);
    expect(
      within(rows[4] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1,250', '17', '5', '4', '3', '2', '7']);
    // One day of three has no data: the totals add up the other two, and say so.
    expect(within(rows[4] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Total, 2 days with data');
    const totals = screen.getByRole('heading', { name: 'Totals over the 2 days with data' })
      .parentElement as HTMLElement;
    expect(within(totals).getByText('DoS/DDoS').nextSibling).toHaveTextContent('5');
  });

  it('says "no data" for the totals of a period without any day of data, never zeros', async () => {
    const user = userEvent.setup();
    const empty = firewallDays({ '20261101': null, '20261102': null, '20261103': null });
    render(<FirewallChart days={empty} subject="gone.example" />);
    expect(screen.getByText(/^No firewall data for these days/)).toBeInTheDocument();
    const totals = screen.getByRole('heading', { name: 'Totals over the period' }).parentElement as HTMLElement;
    expect(totals).toHaveTextContent('No data for any day of the period');
    expect(within(totals).queryByText('0')).toBeNull();
    expect(within(totals).queryByRole('definition')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Table' }));
    const table = screen.getByRole('table', { name: /Firewall requests per day, gone\.example/ });
    const total = within(table).getAllByRole('row').at(-1) as HTMLElement;
    expect(within(total).getByRole('rowheader')).toHaveTextContent('Total');
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['no data']);
  });

  it('with every day of data, totals over the period', () => {
    const full = firewallDays({ '20261102': [20261102, 1200, 10, 4, 3, 2, 1, 5] });
    render(<FirewallChart days={full} subject="shop.example" />);
    expect(screen.getByRole('heading', { name: 'Totals over the period' })).toBeInTheDocument();
  });

  it('leaves out the controls when printed', () => {
    render(<FirewallChart days={days} subject="shop.example" printable />);
    expect(screen.queryByRole('button', { name: 'Table' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});
