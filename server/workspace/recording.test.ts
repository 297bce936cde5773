/**
 * The workspace following the account's writes and the browser's checks,
 * over real HTTP on each engine (./test-engines.ts): unsharing, deleting a
 * site, deleting a unit with its sites; a unit check reconciling the map; bad
 * input refused in the caller's terms.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Credentials } from '../../src/api/credentials.ts';
import { createWorkspaceClient, WorkspaceError } from '../../src/api/workspace.ts';
import { startRemoteStack, type RemoteStack } from '../../test-support/real-stack.ts';
import { csvField } from './csv.ts';
import { ENGINES, type TestPlace } from './test-engines.ts';

describe.each(ENGINES)('the workspace follows writes and checks on $title', ({ available, place: makePlace }) => {
  let place: TestPlace;
  let stack: RemoteStack;
  let ana: Credentials;
  let workspace: ReturnType<typeof createWorkspaceClient>;

  beforeEach(async () => {
    if (!available) return;
    place = await makePlace();
    stack = await startRemoteStack(place.settings);
    ana = await stack.signIn('ana@agency.example');
    workspace = createWorkspaceClient({ baseUrl: stack.origin, getCredentials: () => ana });
    await workspace.me();
  });
  afterEach(async () => {
    if (!available) return;
    await stack.close();
    await place.drop();
  });

  it.skipIf(!available)('unshares, deletes a site, deletes a unit with its sites', async () => {
    const api = stack.client(ana);
    await api.agency_update({ title: 'Agency', email: 'office@agency.example' });
    await api.sites_add([
      { name: 'a.example', share: 'one@c.example' },
      { name: 'b.example', share: 'one@c.example' },
      { name: 'c.example', share: 'two@c.example' },
      { name: 'd.example', share: 'two@c.example' },
    ]);
    await api.site_setoption('b.example', 'autopatching', '1');
    await api.site_unshare('one@c.example', 'a.example');
    await api.site_delete('b.example');
    await api.unit_delete('two@c.example', { withsites: true });
    await expect.poll(async () => (await workspace.activity()).entries.length).toBe(9);
    const state = await workspace.state();
    expect((await workspace.customers()).sites).toEqual([]);
    expect(await workspace.patching(['a.example', 'b.example', 'c.example', 'd.example'])).toEqual([]);
    expect(state.unitCount).toBe(1);
    expect((await workspace.units()).map((u) => u.email)).toEqual(['one@c.example']);
    const log = (await workspace.activity({ kind: 'units' })).entries;
    expect(log.map((e) => [e.method, e.unit, e.value])).toEqual([['unit_delete', 'two@c.example', 'withsites']]);
    // The deleted site's entry names the customer it had.
    const deleted = (await workspace.activity({ site: 'b.example' })).entries[0];
    expect([deleted?.method, deleted?.unit]).toEqual(['site_delete', 'one@c.example']);
  });

  it.skipIf(!available)('records when a scan period is set, and takes what a browser kept before', async () => {
    const api = stack.client(ana);
    await api.sites_add(['a.example', 'b.example', 'c.example']);
    const before = Date.now();
    await api.site_setoption('a.example', 'scanperiod', 'day');
    await api.site_setoption('b.example', 'firewall', 'disable');
    await expect.poll(async () => (await workspace.periodSet()).map((s) => s.domain)).toEqual(['a.example']);
    const [recorded] = await workspace.periodSet();
    expect(recorded?.setAt).toBeGreaterThanOrEqual(before);
    expect(recorded?.setAt).toBeLessThanOrEqual(Date.now());

    // An import: an older time than the recorded one does not replace it; a time long past is of no use.
    const DAY = 86_400_000;
    await workspace.importPeriodSet([
      { domain: 'a.example', setAt: before - DAY },
      { domain: 'B.example', setAt: before - 2 * DAY },
      { domain: 'c.example', setAt: before - 40 * DAY },
    ]);
    expect(await workspace.periodSet()).toEqual([recorded, { domain: 'b.example', setAt: before - 2 * DAY }]);
    await api.site_delete('a.example');
    await expect.poll(async () => (await workspace.periodSet()).map((s) => s.domain)).toEqual(['b.example']);
  });

  it.skipIf(!available)('takes a unit check as the truth about its sites, and the reconcile time', async () => {
    await workspace.addUnits(['one@c.example', 'two@c.example'], 'lookup');
    await workspace.reportUnitCheck('one@c.example', ['A.example', 'xn--bcher-kva.example']);
    await workspace.reportUnitCheck('two@c.example', ['a.example']);
    const reconciledAt = await workspace.markReconciled();
    const customers = await workspace.customers();
    expect(customers.reconciledAt).toBe(reconciledAt);
    expect(customers.sites.map((s) => [s.domain, s.unit])).toEqual([
      ['a.example', 'two@c.example'],
      ['bücher.example', 'one@c.example'],
    ]);
    expect((await workspace.units()).map((u) => [u.email, u.siteCount])).toEqual([
      ['one@c.example', 1],
      ['two@c.example', 1],
    ]);
    await workspace.forgetUnit('one@c.example');
    expect((await workspace.customers()).sites.map((s) => s.domain)).toEqual(['a.example']);
  });

  it.skipIf(!available)('refuses bad input with the problem in the caller terms', async () => {
    const problem = (work: Promise<unknown>) =>
      work.then(
        () => null,
        (err: unknown) => (err instanceof WorkspaceError ? `${err.status} ${err.message}` : err),
      );
    expect(await problem(workspace.addUnits(['not an e-mail'], 'import'))).toBe(
      '400 emails.0: "not an e-mail" is not an e-mail address',
    );
    expect(await problem(workspace.activity({ kind: 'everything' as never }))).toBe(
      '400 kind: kind must be one of sites, options, scans, shares, units, agency',
    );
    expect(await problem(workspace.activity({}, { before: 'page-2' }))).toBe(
      '400 before: before must be the `next` of a previous page',
    );
    expect(await problem(workspace.setName('x'.repeat(81)))).toBe('400 name: The name is at most 80 characters');
    expect(await problem(workspace.importPeriodSet([{ domain: 'a.example', setAt: 1.5 }]))).toBe(
      '400 sites.0.setAt: setAt must be a time in milliseconds',
    );
  });
});

describe('the activity CSV', () => {
  it('quotes what needs it and defuses what a spreadsheet would run', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1')).toBe("'-1");
    expect(csvField(-1)).toBe('-1');
    expect(csvField(null)).toBe('');
  });
});
