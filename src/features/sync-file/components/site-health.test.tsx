/**
 * The sites that miss the synchronization file, on the real stack (sandbox:
 * a site whose name starts with "nosync" has none until the control surface
 * installs it): scanning the never-scanned sites lists the refused ones (146901),
 * a re-check after the upload finds the file, and the list outlives a reload
 * of the page (the team's record). The sites whose
 * scheduled scans stopped are listed as probably missing it, from the fleet
 * as the server last read it, so in a browser that never scanned them; a site whose scan
 * period was just set, here or by a colleague (the team's workspace), is not.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../../test/render-in-router';
import { startRealStack, type RealStack } from '../../../../test-support/real-stack';
import { useAccountId } from '../../../data/account';
import { useSetSiteOption } from '../../../data/site-mutations';
import { workspaceOf } from '../../../data/workspace-client';
import type { FleetScanHealthAnswer } from '../../../api/fleet';
import { scanHealthQueryOptions } from '../api/scan-health-query';
import { SiteHealth } from './site-health';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());
afterEach(() => vi.useRealTimers());

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe('sites that miss the sync file', () => {
  it('are found by a scan, re-checked after the upload, and still listed after a reload', async () => {
    const user = userEvent.setup();
    const email = `health-${Date.now().toString(36)}@spa.example`;
    const api = stack.client(await stack.signIn(email));
    await api.sites_add(['nosync-a.example', 'nosync-b.example', 'fine.example']);
    const first = renderInRouter(() => <SiteHealth />, { api });

    expect(await screen.findByText(/No site is known to miss the file/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Scan the 3 sites never scanned' }));
    await waitFor(() =>
      expect(screen.getByText('In place: 1. Still missing: 2. Not checked: 0.', { exact: false })).toBeInTheDocument(),
    );
    const list = screen.getByRole('list', { name: 'Sites that miss the file' });
    const row = (domain: string) =>
      within(list)
        .getByRole('link', { name: `Open ${domain}` })
        .closest('li');
    expect(row('nosync-a.example')).toHaveTextContent('Still missing');
    expect(row('nosync-b.example')).toHaveTextContent('Still missing');
    expect(row('fine.example')).toHaveTextContent(/File in place/);

    // The file is uploaded to one of them: its re-check starts a scan, the other stays refused.
    await stack.control('syncfile', { email, domain: 'nosync-a.example', installed: true });
    await user.click(screen.getByRole('button', { name: 'Re-check all 2 sites' }));
    // The two re-checks run side by side: each answer is waited for (under load, b's came after a's).
    await waitFor(() => expect(row('nosync-a.example')).toHaveTextContent(/File in place/));
    await waitFor(() => expect(row('nosync-b.example')).toHaveTextContent('Still missing'));

    // Another visit: only the site still refused is listed, with when it was refused.
    first.unmount();
    renderInRouter(() => <SiteHealth />, { api });
    const again = await screen.findByRole('list', { name: 'Sites that miss the file' });
    await waitFor(() => expect(within(again).getAllByRole('listitem')).toHaveLength(1));
    expect(within(again).getByRole('listitem')).toHaveTextContent(/nosync-b\.example\s*Refused/);
    expect(screen.getByRole('button', { name: 'Re-check nosync-b.example' })).not.toHaveAttribute('aria-disabled');
  });

  it('asks the server for the sites it judges, not the whole account, and not on a timer once read', async () => {
    const reads: string[] = [];
    const counting: typeof globalThis.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/api/sites_list/') || url.includes('/workspace/fleet/scan-health')) reads.push(url);
      return globalThis.fetch(input, init);
    };
    const api = stack.client(await stack.signIn(`health-once-${Date.now().toString(36)}@spa.example`), counting);
    await api.sites_add(['once.example']);
    reads.length = 0;
    renderInRouter(() => <SiteHealth />, { api });
    await screen.findByRole('button', { name: 'Scan the 1 site never scanned' });
    // The server reads the account from the service; this page asks it only for the sites it judges.
    expect(reads.filter((url) => url.includes('/api/sites_list/'))).toEqual([]);
    expect(reads.at(-1)).toMatch(/\/workspace\/fleet\/scan-health\?now=\d{10}&limit=100$/);
    // It asks again every second while the server reads the fleet, and then not on a timer.
    const every = scanHealthQueryOptions(workspaceOf(api)).refetchInterval;
    const at = (data: Partial<FleetScanHealthAnswer>) =>
      typeof every === 'function' ? every({ state: { data } } as never) : every;
    expect(at({ asOf: null, refreshing: true, refreshError: null })).toBe(1_000);
    expect(at({ asOf: Date.now(), refreshing: false, refreshError: null })).toBe(false);
    expect(screen.getByTestId('fleet-freshness')).toHaveTextContent(/As of/);
  });

  it('draws the first 100 sites of a long list and finds the others by part of their domain', async () => {
    const user = userEvent.setup();
    const api = stack.client(await stack.signIn(`health-long-${Date.now().toString(36)}@spa.example`));
    await workspaceOf(api).me();
    const sites = Array.from({ length: 105 }, (_, i) => `nosync-${String(i).padStart(3, '0')}.example`);
    await api.sites_add(sites);
    // Refused through the server, which keeps the team's record (as scans from other pages would be).
    for (let at = 0; at < sites.length; at += 15) {
      await Promise.all(sites.slice(at, at + 15).map((d) => api.site_scan(d).catch(() => undefined)));
    }
    renderInRouter(() => <SiteHealth />, { api });
    const list = await screen.findByRole('list', { name: 'Sites that miss the file' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(100));
    expect(screen.getByText('The first 100 of 105: type part of a domain above to find the others.')).toBeVisible();
    // Every one is re-checked, not only those drawn.
    expect(screen.getByRole('button', { name: 'Re-check all 105 sites' })).not.toHaveAttribute('aria-disabled');

    const find = screen.getByRole('searchbox', { name: 'Find a site in these lists' });
    await user.type(find, 'nosync-104');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('link', { name: 'Open nosync-104.example' })).toBeVisible();
    expect(find).toHaveAccessibleDescription('1 site matches.');
    expect(screen.queryByText(/The first 100 of/)).toBeNull();
    await user.clear(find);
    await user.type(find, 'elsewhere');
    expect(find).toHaveAccessibleDescription('No site in these lists contains “elsewhere”.');
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('no longer lists a refused site once it has left the account, though this browser remembers the refusal', async () => {
    const user = userEvent.setup();
    const api = stack.client(await stack.signIn(`health-gone-${Date.now().toString(36)}@spa.example`));
    await workspaceOf(api).me();
    await api.sites_add(['nosync-leaving.example']);
    const first = renderInRouter(() => <SiteHealth />, { api });
    await user.click(await screen.findByRole('button', { name: 'Scan the 1 site never scanned' }));
    const list = await screen.findByRole('list', { name: 'Sites that miss the file' });
    await waitFor(() => expect(within(list).getByRole('listitem')).toHaveTextContent(/nosync-leaving\.example/));
    first.unmount();

    await api.site_delete('nosync-leaving.example');
    renderInRouter(() => <SiteHealth />, { api });
    expect(await screen.findByText(/No site is known to miss the file/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open nosync-leaving.example' })).toBeNull();
  });

  it("says it is reading the team's record before it says no site misses the file", async () => {
    const credentials = await stack.signIn(`health-wait-${Date.now().toString(36)}@spa.example`);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding: typeof fetch = async (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/workspace/sync-evidence')) await held;
      return fetch(input, init);
    };
    const api = stack.client(credentials, holding);
    await api.sites_add(['fine.example']);
    renderInRouter(() => <SiteHealth />, { api });
    expect(await screen.findByText(/Reading which sites the team found missing the file/)).toBeInTheDocument();
    expect(screen.queryByText(/No site is known to miss the file/)).toBeNull();
    release();
    expect(await screen.findByText(/No site is known to miss the file/)).toBeInTheDocument();
  });

  it('lists the sites whose scheduled scans stopped as probably missing it, on any device, with the same re-checks', async () => {
    const user = userEvent.setup();
    const email = `stalled-${Date.now().toString(36)}@spa.example`;
    const api = stack.client(await stack.signIn(email));
    // Weekly scans, the first ten minutes after the sites are added (sandbox); nosync-never.example has no file.
    await api.sites_add(['late.example', 'fine-late.example', 'nosync-never.example']);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + HOUR);
    await api.sites_list({});
    // The file of late.example goes: nine days on, its weekly scans stopped; those of fine-late.example reported.
    await stack.control('syncfile', { email, domain: 'late.example', installed: false });
    vi.setSystemTime(Date.now() + 9 * DAY);
    await api.sites_add(['fresh.example']);
    renderInRouter(() => <SiteHealth />, { api });

    const probable = await screen.findByRole('list', { name: 'Sites that probably miss the file' });
    const row = within(probable).getByRole('listitem');
    expect(row).toHaveTextContent(/^late\.example\s*No scheduled scan since/);
    // Nothing was scanned from this browser: no site is known to miss it. A site never scanned is
    // not said to have had no scheduled scan "since" it was added: it is offered to scan, as the table says.
    expect(screen.getByText(/No site is known to miss the file/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan the 2 sites never scanned' })).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('link', { name: 'Open nosync-never.example' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open fine-late.example' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Re-check the 1 site' }));
    await waitFor(() => expect(row).toHaveTextContent('Still missing'));
    // Refused: it stays where it was for this visit, and can be checked again once the file is there.
    expect(within(probable).getAllByRole('listitem')).toHaveLength(1);
    await stack.control('syncfile', { email, domain: 'late.example', installed: true });
    await user.click(within(row).getByRole('button', { name: 'Re-check late.example' }));
    await waitFor(() => expect(row).toHaveTextContent(/File in place/));
  });

  it('draws the first 100 of a long second list, finds the others on the server, and re-checks them all', async () => {
    const user = userEvent.setup();
    const email = `stalled-many-${Date.now().toString(36)}@spa.example`;
    const asked: string[] = [];
    const counting: typeof globalThis.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/workspace/fleet/scan-health')) asked.push(new URL(url).search);
      return globalThis.fetch(input, init);
    };
    const api = stack.client(await stack.signIn(email), counting);
    const sites = Array.from({ length: 105 }, (_, i) => `late-${String(i).padStart(3, '0')}.example`);
    await api.sites_add(sites);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + HOUR);
    await api.sites_list({});
    // Their files go: nine days on, their weekly scans have stopped.
    for (let at = 0; at < sites.length; at += 15) {
      await Promise.all(
        sites.slice(at, at + 15).map((domain) => stack.control('syncfile', { email, domain, installed: false })),
      );
    }
    vi.setSystemTime(Date.now() + 9 * DAY);
    renderInRouter(() => <SiteHealth />, { api });

    const probable = await screen.findByRole('list', { name: 'Sites that probably miss the file' });
    await waitFor(() => expect(within(probable).getAllByRole('listitem')).toHaveLength(100));
    expect(screen.getByText('The first 100 of 105: type part of a domain above to find the others.')).toBeVisible();
    const all = screen.getByRole('button', { name: 'Re-check all 105 sites' });
    // The page asked for the first 100 only.
    expect(asked.every((q) => q.endsWith('&limit=100'))).toBe(true);

    // A site beyond the first 100, found by the server.
    const find = screen.getByRole('searchbox', { name: 'Find a site in these lists' });
    await user.type(find, 'late-10');
    await waitFor(() => expect(find).toHaveAccessibleDescription('5 sites match.'));
    expect(within(probable).getAllByRole('listitem')).toHaveLength(5);
    expect(within(probable).getByRole('link', { name: 'Open late-104.example' })).toBeVisible();
    expect(asked.at(-1)).toMatch(/&q=late-10&limit=100$/);
    // Re-checked from the search: still missing, it stays in the list, counted once.
    await user.click(screen.getByRole('button', { name: 'Re-check late-104.example' }));
    await waitFor(() =>
      expect(within(probable).getByRole('link', { name: 'Open late-104.example' }).closest('li')).toHaveTextContent(
        'Still missing',
      ),
    );
    await user.clear(find);
    await waitFor(() => expect(within(probable).getAllByRole('listitem')).toHaveLength(100));
    expect(screen.getByText('The first 100 of 105: type part of a domain above to find the others.')).toBeVisible();
    expect(all).toHaveAccessibleName('Re-check all 105 sites');

    // Every one is re-checked, not only those drawn: the page asks for them all when pressed (and is stopped).
    await user.click(all);
    await screen.findByText(/Checked \d+ of 105/);
    // Not pressable while it runs, yet the keyboard's focus stays on it (not on the page's body).
    expect(all).toHaveAttribute('aria-disabled', 'true');
    expect(all).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    // The scans under way come to their end (on a busy machine, each may take seconds).
    await waitFor(
      () =>
        expect(screen.getByRole('button', { name: /^Re-check all \d+ sites$/ })).not.toHaveAttribute('aria-disabled'),
      {
        timeout: 60_000,
      },
    );
    expect(asked.filter((q) => q.endsWith('&limit=all'))).toHaveLength(1);
  }, 120_000);

  it('does not list a site whose scan period was just made shorter: the new period has asked for no scan yet', async () => {
    const user = userEvent.setup();
    const email = `period-${Date.now().toString(36)}@spa.example`;
    const api = stack.client(await stack.signIn(email));
    await api.sites_add(['switch.example']);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + HOUR);
    await api.sites_list({});
    // Six days on: the weekly scan is not due yet. Then the period is set to daily from this dashboard.
    vi.setSystemTime(Date.now() + 6 * DAY);
    renderInRouter(
      () => (
        <>
          <DailyButton domain="switch.example" />
          <SiteHealth />
        </>
      ),
      { api },
    );
    expect(await screen.findByText(/No site is known to miss the file/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Daily' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Daily' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Daily' })).toHaveAttribute('data-done', 'true'));
    expect(screen.queryByRole('list', { name: 'Sites that probably miss the file' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open switch.example' })).toBeNull();
  });

  it('does not list a site whose scan period a colleague just made shorter, from the team’s workspace', async () => {
    const email = `period-elsewhere-${Date.now().toString(36)}@spa.example`;
    const api = stack.client(await stack.signIn(email));
    // The colleague's dashboard has proved its key to the workspace, which records its writes from then on.
    await workspaceOf(api).me();
    // Ten days ago: two sites added, scanned weekly; the file of late.example then went.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() - 10 * DAY);
    await api.sites_add(['switch.example', 'late.example']);
    vi.setSystemTime(Date.now() + HOUR);
    await api.sites_list({});
    await stack.control('syncfile', { email, domain: 'late.example', installed: false });
    vi.useRealTimers();
    // Today: the weekly scan of switch.example came three days ago, and a colleague sets its period to daily.
    await api.site_setoption('switch.example', 'scanperiod', 'day');
    renderInRouter(() => <SiteHealth />, { api });

    const probable = await screen.findByRole('list', { name: 'Sites that probably miss the file' });
    expect(
      within(probable)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/^late\.example/)]);
  });
});

/** The scan period set to daily, as the sites table's control sets it. */
function DailyButton({ domain }: { domain: string }) {
  const set = useSetSiteOption();
  // As in the signed-in shell, the account is known (its menu reads it) before a change is made.
  const account = useAccountId();
  return (
    <button
      type="button"
      disabled={account === undefined}
      data-done={set.isSuccess}
      onClick={() => set.mutate({ domain, change: { option: 'scanperiod', value: 'day' } })}
    >
      Daily
    </button>
  );
}
