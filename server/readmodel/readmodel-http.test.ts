/**
 * The read model over real HTTP, on each engine (server/workspace/test-engines.ts):
 * the real proxy in front of the sandbox as a stand-in partner service, the
 * SPA's own clients. Writes through the proxy appear at once; changes made
 * at the service directly appear after a read; windows sort, filter and
 * search; another account's key reads nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Credentials } from '../../src/api/credentials.ts';
import { createWorkspaceClient } from '../../src/api/workspace.ts';
import { startRemoteStack, type RealStack, type RemoteStack } from '../../test-support/real-stack.ts';
import { ENGINES, type TestPlace } from '../workspace/test-engines.ts';

describe.each(ENGINES)('the read model over HTTP on $title', ({ available, place: makePlace }) => {
  let place: TestPlace | undefined;
  let stack: RemoteStack | undefined;

  afterEach(async () => {
    await stack?.close();
    await place?.drop();
    stack = undefined;
    place = undefined;
  });

  async function start(settings: Record<string, string>): Promise<RemoteStack> {
    place = await makePlace();
    stack = await startRemoteStack({ ...place.settings, ...settings });
    return stack;
  }

  const fleetOf = (at: RealStack, credentials: Credentials) =>
    createWorkspaceClient({ baseUrl: at.origin, getCredentials: () => credentials }).fleet;

  /** The fleet once it has been read (the first request starts the read and answers at once). */
  async function readFleet(fleet: ReturnType<typeof fleetOf>, after = 0) {
    await expect.poll(async () => (await fleet.sites()).asOf ?? 0, { timeout: 15_000 }).toBeGreaterThan(after);
    return fleet.sites();
  }

  it.skipIf(!available)('applies writes made through the proxy at once, without a read', async () => {
    const s = await start({ READMODEL_REFRESH_SECONDS: '86400' });
    const ana = await s.signIn('ana@agency.example');
    const api = s.client(ana);
    await api.sites_add(['one.example', 'two.example']);
    const fleet = fleetOf(s, ana);
    const first = await readFleet(fleet);
    expect(first.rows.map((r) => r.domain)).toEqual(['one.example', 'two.example']);
    const asOf = first.asOf;

    await api.sites_add(['three.example']);
    expect(first.rows[0]?.firewallstatus).toBe(1);
    await api.site_setoption('one.example', 'firewall', 'disable');
    const setAt = Math.floor(Date.now() / 1000);
    await api.site_setoption('one.example', 'scanperiod', 'day');
    await api.site_delete('two.example');
    await expect
      .poll(async () => (await fleet.sites()).rows.map((r) => r.domain), { timeout: 10_000 })
      .toEqual(['one.example', 'three.example']);
    const one = (await fleet.site('one.example')).site;
    expect(one).toMatchObject({ firewallstatus: 0, scanperiod: 86_400 });
    // The next scan moves with the period (the service's own time comes with the next read), not "Off".
    expect(one.nextscan).toBeGreaterThanOrEqual(setAt + 86_400);
    expect(one.nextscan).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 86_400);
    // Off: no next scan.
    await api.site_setoption('one.example', 'scanperiod', '0');
    await expect
      .poll(async () => (await fleet.site('one.example')).site, { timeout: 10_000 })
      .toMatchObject({ scanperiod: 0, nextscan: 0 });
    const after = await fleet.sites();
    expect(after.asOf).toBe(asOf);
    expect(s.reached('sites_list')).toBe(1);
  });

  it.skipIf(!available)('shows a change made at the service directly after a read, with its time', async () => {
    const s = await start({ READMODEL_REFRESH_SECONDS: '1' });
    const ana = await s.signIn('ana@agency.example');
    await s.client(ana).sites_add(['one.example']);
    const fleet = fleetOf(s, ana);
    const first = await readFleet(fleet);
    expect(first.rows).toHaveLength(1);

    // Straight to the service, as another tool would: the dashboard never sees this write.
    expect(await s.direct(ana, '/api/sites_add/', ['direct.example'])).toBe(0);
    expect((await fleet.sites()).rows.map((r) => r.domain)).toEqual(['one.example']);

    // A read writes its rows in slices and its time when it ends: waited for both (a row can show mid-read).
    await expect
      .poll(
        async () => {
          const now = await fleet.sites();
          return { rows: now.rows.map((r) => r.domain), newer: (now.asOf ?? 0) > (first.asOf ?? 0) };
        },
        { timeout: 15_000 },
      )
      .toEqual({ rows: ['direct.example', 'one.example'], newer: true });
    const later = await fleet.sites();
    expect(later.asOf).toBeGreaterThan(first.asOf ?? 0);
    const one = await fleet.site('direct.example');
    expect(one.site).toMatchObject({ domain: 'direct.example', status: 'never' });
  });

  it.skipIf(!available)(
    'answers the sync file page with the sites never scanned or overdue at its time; a site deleted at the service leaves',
    async () => {
      const s = await start({ READMODEL_REFRESH_SECONDS: '1' });
      const ana = await s.signIn('ana@agency.example');
      const api = s.client(ana);
      const fleet = fleetOf(s, ana);
      // Proves the key: the workspace records its writes from then on (the team's sync-file evidence).
      await readFleet(fleet);
      await api.sites_add(['never.example', 'nosync-gone.example', 'weekly.example']);
      await expect(api.site_scan('nosync-gone.example')).rejects.toMatchObject({ code: 146901 });
      await api.site_scan('weekly.example');
      const now = Math.floor(Date.now() / 1000);
      const listsAt = async (at: number) => {
        const { stopped, never } = await fleet.scanHealth(at);
        return { stopped: stopped.sites.map((d) => d.domain), never: never.sites };
      };
      // Once its scan's report is read, the weekly site is no longer due; the refused one is on the team's
      // record (the page's first list), so in neither of these.
      await expect.poll(() => listsAt(now), { timeout: 15_000 }).toEqual({ stopped: [], never: ['never.example'] });
      const health = await fleet.scanHealth(now);
      expect(health.now).toBe(now);
      expect(health.never.total).toBe(1);
      expect((await fleet.known(['nosync-gone.example'])).known).toEqual(['nosync-gone.example']);
      // Nine days on, its weekly scans have stopped (a week and a day's grace): judged at the page's time.
      const later = await fleet.scanHealth(now + 9 * 86_400);
      expect(later.stopped).toMatchObject({ total: 1, sites: [{ domain: 'weekly.example' }] });
      expect(later.stopped.sites[0]?.since).toBeGreaterThanOrEqual(now - 60);
      // Found by part of its domain, and the first of each list only.
      expect((await fleet.scanHealth(now + 9 * 86_400, { q: 'WEEK' })).stopped.total).toBe(1);
      expect((await fleet.scanHealth(now + 9 * 86_400, { q: 'month' })).stopped.total).toBe(0);
      expect(await fleet.scanHealth(now + 9 * 86_400, { limit: 0 })).toMatchObject({
        stopped: { total: 1, sites: [] },
        never: { total: 1, sites: [] },
      });
      // One list's sites only (a bulk re-check's), the other's count alone.
      expect(await fleet.scanHealth(now + 9 * 86_400, { limit: 'all', list: 'never' })).toMatchObject({
        stopped: { total: 1, sites: [] },
        never: { total: 1, sites: ['never.example'] },
      });

      // The refused site is deleted at the service directly: after a read it is not known.
      expect(await s.direct(ana, '/api/site_delete/nosync-gone.example/')).toBe(0);
      await expect
        .poll(async () => (await fleet.known(['nosync-gone.example'])).known, { timeout: 15_000 })
        .toEqual([]);
      expect(await listsAt(now)).toEqual({ stopped: [], never: ['never.example'] });
      // A time that is no number of seconds is refused, in words.
      await expect(fleet.scanHealth(Number.NaN)).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('now must be a whole number of seconds'),
      });
      await expect(fleet.scanHealth(now, { limit: 501 })).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('limit must be at most 500, or all'),
      });
    },
  );

  it.skipIf(!available)(
    'says which hosts are sites of the account, in the form asked, and refuses too many',
    async () => {
      const s = await start({ READMODEL_REFRESH_SECONDS: '86400' });
      const ana = await s.signIn('ana@agency.example');
      await s.client(ana).sites_add(['one.example', 'bücher.example']);
      const fleet = fleetOf(s, ana);
      await readFleet(fleet);
      const answer = await fleet.known(['One.Example', 'xn--bcher-kva.example', 'two.example', 'not a host']);
      expect(answer.known.sort()).toEqual(['One.Example', 'xn--bcher-kva.example']);
      // Another account's key knows none of them.
      const eve = await s.signIn('eve@elsewhere.example');
      expect((await fleetOf(s, eve).known(['one.example'])).known).toEqual([]);
      await expect(fleet.known(Array.from({ length: 10_001 }, (_, i) => `s${i}.example`))).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('at most 10000 sites'),
      });
    },
  );

  it.skipIf(!available)(
    'says how a scan started through the dashboard stands until a read brings its report',
    async () => {
      const s = await start({ READMODEL_REFRESH_SECONDS: '86400' });
      const ana = await s.signIn('ana@agency.example');
      const api = s.client(ana);
      await api.sites_add(['one.example', 'two.example']);
      const fleet = fleetOf(s, ana);
      await readFleet(fleet);
      const never = { reportDate: 0, threats: -1, scanningAt: null };
      expect((await fleet.scans(['One.Example', 'two.example', 'gone.example'])).scans).toEqual([
        { domain: 'One.Example', ...never },
        { domain: 'two.example', ...never },
      ]);

      await api.site_scan('one.example');
      // The write's answer is in: the site waits for its report; the other does not.
      const waiting = await fleet.scans(['one.example', 'two.example']);
      expect(waiting.scans[0]?.scanningAt).toEqual(expect.any(Number));
      expect(waiting.scans[1]).toMatchObject(never);
      // A question alone has no read follow (the refresh age is a day: nothing else reads).
      expect(waiting.refreshing).toBe(false);
      // The sandbox's scan takes a second: each look that says the scan waits has a read follow, until
      // one brings its report.
      await expect
        .poll(async () => (await fleet.scans(['one.example'], { follow: true })).scans[0], {
          timeout: 15_000,
          interval: 500,
        })
        .toMatchObject({ scanningAt: null, reportDate: expect.any(Number), threats: expect.any(Number) });
      expect((await fleet.scans(['one.example'])).scans[0]?.reportDate).toBeGreaterThan(0);

      // Another account's key learns nothing; too many in one request is refused in words.
      const eve = await s.signIn('eve@elsewhere.example');
      expect((await fleetOf(s, eve).scans(['one.example'])).scans).toEqual([]);
      await expect(fleet.scans(Array.from({ length: 1_001 }, (_, i) => `s${i}.example`))).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('at most 1000 sites'),
      });
    },
  );

  it.skipIf(!available)('reads again when asked, although what it knows is fresh', async () => {
    const s = await start({ READMODEL_REFRESH_SECONDS: '86400' });
    const ana = await s.signIn('ana@agency.example');
    await s.client(ana).sites_add(['one.example']);
    const fleet = fleetOf(s, ana);
    const first = await readFleet(fleet);
    expect(await s.direct(ana, '/api/site_setoption/one.example/firewall/disable/')).toBe(0);
    // Fresh for a day: not read again on its own.
    expect((await fleet.summary()).counts.firewallOff).toBe(0);

    const asked = await Promise.all([fleet.refresh(), fleet.refresh(), fleet.refresh()]);
    expect(asked.every((a) => a.refreshing)).toBe(true);
    await expect.poll(async () => (await fleet.summary()).counts.firewallOff, { timeout: 15_000 }).toBe(1);
    const after = await fleet.summary();
    expect(after.asOf).toBeGreaterThan(first.asOf ?? 0);
    expect(after.refreshError).toBeNull();
    // The first read and at least one asked for (the store's test holds them to one at a time).
    expect(s.reached('sites_list')).toBeGreaterThanOrEqual(2);
  });

  it.skipIf(!available)('lists every site that needs attention when asked for all', async () => {
    const s = await start({ READMODEL_REFRESH_SECONDS: '86400' });
    const ana = await s.signIn('ana@agency.example');
    const names = Array.from({ length: 13 }, (_, i) => `site-${String(i).padStart(2, '0')}.example`);
    await s.client(ana).sites_add(names);
    const fleet = fleetOf(s, ana);
    await readFleet(fleet);
    expect((await fleet.summary()).attention).toHaveLength(10);
    const all = await fleet.summary({ attention: 'all' });
    expect(all.attentionTotal).toBe(13);
    expect(all.attention.map((a) => a.domain)).toEqual(names);
  });

  it.skipIf(!available)('answers windows sorted, filtered and searched, with the total', async () => {
    const s = await start({ READMODEL_REFRESH_SECONDS: '86400' });
    const ana = await s.signIn('ana@agency.example');
    const api = s.client(ana);
    const names = Array.from({ length: 12 }, (_, i) => `site-${String(i).padStart(2, '0')}.example`);
    await api.sites_add([...names, 'other.test']);
    await api.site_setoption('site-03.example', 'firewall', 'disable');
    await api.site_setoption('site-07.example', 'firewall', 'disable');
    const fleet = fleetOf(s, ana);
    await readFleet(fleet);

    const page = await fleet.sites({ sort: 'domain', dir: 'desc', offset: 2, limit: 3 });
    expect(page.total).toBe(13);
    expect(page.offset).toBe(2);
    expect(page.rows.map((r) => r.domain)).toEqual(['site-09.example', 'site-08.example', 'site-07.example']);
    const search = await fleet.sites({ q: 'HTTPS://Site-1', limit: 50 });
    expect(search.rows.map((r) => r.domain)).toEqual(['site-10.example', 'site-11.example']);
    expect(search.total).toBe(2);
    const off = await fleet.sites({ firewall: 'off' });
    expect(off.rows.map((r) => r.domain)).toEqual(['site-03.example', 'site-07.example']);
    const firewallFirst = await fleet.sites({ sort: 'firewall', dir: 'desc', limit: 2 });
    expect(firewallFirst.rows.map((r) => r.domain)).toEqual(['site-11.example', 'site-10.example']);
    const firewallOffFirst = await fleet.sites({ sort: 'firewall', limit: 2 });
    expect(firewallOffFirst.rows.map((r) => r.domain)).toEqual(['site-03.example', 'site-07.example']);
    expect((await fleet.sites({ status: 'never' })).total).toBe(13);
    expect((await fleet.sites({ status: 'clean' })).total).toBe(0);
    const summary = await fleet.summary();
    expect(summary.counts).toMatchObject({ sites: 13, never: 13, firewallOn: 11, firewallOff: 2, scanDue: 13 });
    expect(summary.attentionTotal).toBe(13);
    // More problems first among the never scanned, then by name.
    expect(summary.attention[0]).toMatchObject({ domain: 'site-03.example', problems: ['never', 'firewallOff'] });
    expect(summary.attention[2]).toMatchObject({ domain: 'other.test', problems: ['never'] });
  });

  it.skipIf(!available)("filters by customer, the workspace's map joined", async () => {
    const s = await start({ READMODEL_REFRESH_SECONDS: '86400' });
    const ana = await s.signIn('ana@agency.example');
    const api = s.client(ana);
    // The workspace records the writes of a key it has proved (a first fleet request does).
    const fleet = fleetOf(s, ana);
    await readFleet(fleet);
    await api.agency_update({ title: 'Agency & Co', email: 'office@agency.example' });
    await api.sites_add(['plain.example', { name: 'shop.example', share: 'Customer@A.example' }]);
    await expect
      .poll(async () => (await fleet.sites({ unit: 'customer@a.example' })).rows.map((r) => [r.domain, r.unit]))
      .toEqual([['shop.example', 'customer@a.example']]);
    expect((await fleet.sites()).rows.map((r) => r.unit)).toEqual([null, 'customer@a.example']);
  });

  it.skipIf(!available)('carries patching as last set, with who and when, in the rows and the site', async () => {
    const s = await start({ READMODEL_REFRESH_SECONDS: '86400' });
    const ana = await s.signIn('ana@agency.example');
    const api = s.client(ana);
    const fleet = fleetOf(s, ana);
    await api.sites_add(['plain.example', 'patched.example']);
    await readFleet(fleet);
    await api.site_setoption('patched.example', 'autopatching', '1');
    await expect
      .poll(async () => (await fleet.sites()).rows.map((r) => [r.domain, r.patching, r.patchingSet?.by.userEmail]))
      .toEqual([
        ['patched.example', true, 'ana@agency.example'],
        ['plain.example', null, undefined],
      ]);
    const site = (await fleet.site('patched.example')).site;
    expect(site.patchingSet).toMatchObject({
      at: expect.any(Number) as number,
      by: { userEmail: 'ana@agency.example' },
    });
    expect((await fleet.site('plain.example')).site.patchingSet).toBeNull();
  });

  it.skipIf(!available)("reads only the key's own account: another account's key reads nothing", async () => {
    const s = await start({ READMODEL_REFRESH_SECONDS: '86400' });
    const ana = await s.signIn('ana@agency.example');
    await s.client(ana).sites_add(['secret.example']);
    await readFleet(fleetOf(s, ana));

    const eve = await s.signIn('eve@elsewhere.example');
    const eves = fleetOf(s, eve);
    const empty = await readFleet(eves);
    expect(empty.rows).toEqual([]);
    expect(empty.total).toBe(0);
    expect((await eves.summary()).counts.sites).toBe(0);
    await expect(eves.site('secret.example')).rejects.toMatchObject({ status: 404 });
  });
});
