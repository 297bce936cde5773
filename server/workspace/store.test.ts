/**
 * The workspace's store, the same tests on SQLite and on PostgreSQL
 * (./test-engines.ts: PostgreSQL runs when a test database is given).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWorkspaceStore, type WorkspaceStore } from './store.ts';
import { ENGINES, sqlitePlace, type TestPlace } from './test-engines.ts';
import type { NewActivity, Who } from './types.ts';

const ANA: Who = { userEmail: 'partner@agency.example', keyId: 'k-ana', personName: 'Ana' };
const BEN: Who = { userEmail: 'partner@agency.example', keyId: 'k-ben', personName: null };

function entry(at: number, who: Who, over: Partial<NewActivity> = {}): NewActivity {
  return {
    at,
    method: 'site_scan',
    kind: 'scans',
    site: 'one.example',
    unit: null,
    option: null,
    value: null,
    result: 0,
    error: null,
    who,
    ...over,
  };
}

describe.each(ENGINES)('workspace store on $title', ({ available, place: makePlace }) => {
  let place: TestPlace;
  let store: WorkspaceStore;

  beforeEach(async () => {
    if (!available) return;
    place = await makePlace();
    store = await openWorkspaceStore(place.location);
  });
  afterEach(async () => {
    if (!available) return;
    await store.close();
    await place.drop();
  });

  it.skipIf(!available)(
    'finds units by part of the e-mail, the first few with their sites and how many match',
    async () => {
      await store.addUnits(
        'acc',
        ['ann@shop.example', 'bob@shop.example', 'cy_1@x.example', 'cy%2@x.example'],
        1,
        'lookup',
      );
      await store.recordUnitCheck('acc', 'bob@shop.example', ['b1.example', 'b2.example'], 2);
      await store.addUnits('other-account', ['ann@other.example'], 1, 'lookup');
      expect(await store.findUnits('acc', 'SHOP', 1)).toMatchObject({
        units: [{ email: 'ann@shop.example', siteCount: 0, source: 'lookup' }],
        total: 2,
      });
      expect((await store.findUnits('acc', 'shop', 50)).units.map((u) => [u.email, u.siteCount])).toEqual([
        ['ann@shop.example', 0],
        ['bob@shop.example', 2],
      ]);
      // LIKE's own signs are plain characters here.
      expect((await store.findUnits('acc', 'y_', 50)).units.map((u) => u.email)).toEqual(['cy_1@x.example']);
      expect((await store.findUnits('acc', '%', 50)).units.map((u) => u.email)).toEqual(['cy%2@x.example']);
      expect(await store.findUnits('acc', 'nobody', 50)).toEqual({ units: [], total: 0 });
      expect((await store.findUnits('acc', '', 50)).total).toBe(4);
      expect((await store.findUnits('other-account', 'shop', 50)).total).toBe(0);
    },
  );

  it.skipIf(!available)('keeps customers and their sites, and follows unit writes', async () => {
    await store.shareSites('acc', [{ domain: 'one.example', unit: 'cust@a.example' }], 1000);
    await store.addUnits('acc', ['cust@a.example', 'other@b.example'], 2000, 'lookup');
    expect((await store.units('acc')).map((u) => [u.email, u.source])).toEqual([
      ['cust@a.example', 'write'],
      ['other@b.example', 'lookup'],
    ]);
    await store.recordUnitCheck('acc', 'other@b.example', ['two.example', 'three.example'], 3000);
    await store.renameUnit('acc', 'cust@a.example', 'new@a.example', 4000);
    expect(await store.siteCustomers('acc')).toEqual([
      { domain: 'one.example', unit: 'new@a.example', setAt: 4000 },
      { domain: 'three.example', unit: 'other@b.example', setAt: 3000 },
      { domain: 'two.example', unit: 'other@b.example', setAt: 3000 },
    ]);
    const other = (await store.units('acc')).find((u) => u.email === 'other@b.example');
    expect(other).toMatchObject({ siteCount: 2, checkedAt: 3000 });
    expect((await store.units('acc')).find((u) => u.email === 'new@a.example')?.siteCount).toBe(1);
    await store.unshareSite('acc', 'two.example', 'other@b.example');
    await store.removeUnit('acc', 'new@a.example');
    expect(await store.siteCustomers('acc')).toEqual([
      { domain: 'three.example', unit: 'other@b.example', setAt: 3000 },
    ]);
    // Another account sees none of it.
    expect(await store.units('other-account')).toEqual([]);
    expect(await store.siteCustomers('other-account')).toEqual([]);
  });

  it.skipIf(!available)('keeps patching as last set, refusals and sync evidence per account', async () => {
    await store.setPatching('acc', 'one.example', true, ANA, 1000);
    await store.setPatching('acc', 'one.example', false, BEN, 2000);
    await store.refuseOption('acc', 'autopatching', 2500);
    await store.syncRefused('acc', 'nosync.example', 3000);
    expect(await store.patching('acc')).toEqual([{ domain: 'one.example', enabled: false, setAt: 2000, setBy: BEN }]);
    expect(await store.refusedOptions('acc')).toEqual([{ option: 'autopatching', refusedAt: 2500 }]);
    expect(await store.syncEvidence('acc')).toEqual([{ domain: 'nosync.example', refusedAt: 3000 }]);
    await store.syncWorked('acc', 'nosync.example');
    await store.forgetSite('acc', 'one.example');
    expect(await store.patching('acc')).toEqual([]);
    expect(await store.syncEvidence('acc')).toEqual([]);
    expect(await store.patching('other')).toEqual([]);
    expect(await store.refusedOptions('other')).toEqual([]);
  });

  it.skipIf(!available)('keeps when a scan period was last set per account, the newest time winning', async () => {
    await store.periodSet('acc', [
      { domain: 'one.example', setAt: 2000 },
      { domain: 'two.example', setAt: 1000 },
    ]);
    // An older time (an import after a recorded write) does not replace a newer one; a newer one does.
    await store.periodSet('acc', [
      { domain: 'one.example', setAt: 1500 },
      { domain: 'two.example', setAt: 3000 },
    ]);
    await store.periodSet('other', [{ domain: 'one.example', setAt: 9000 }]);
    expect(await store.periodsSetSince('acc', 0)).toEqual([
      { domain: 'one.example', setAt: 2000 },
      { domain: 'two.example', setAt: 3000 },
    ]);
    expect(await store.periodsSetSince('acc', 2500)).toEqual([{ domain: 'two.example', setAt: 3000 }]);
    // Many at once (more than one statement's rows).
    await store.periodSet(
      'many',
      Array.from({ length: 1200 }, (_, i) => ({ domain: `s${i}.example`, setAt: 4000 + i })),
    );
    expect(await store.periodsSetSince('many', 0)).toHaveLength(1200);
    await store.forgetSite('acc', 'one.example');
    expect(await store.periodsSetSince('acc', 0)).toEqual([{ domain: 'two.example', setAt: 3000 }]);
    expect(await store.prunePeriodsSet(4100)).toBe(101);
    expect(await store.periodsSetSince('acc', 0)).toEqual([]);
    expect(await store.periodsSetSince('other', 0)).toEqual([{ domain: 'one.example', setAt: 9000 }]);
    await store.forgetAccount('other');
    expect(await store.periodsSetSince('other', 0)).toEqual([]);
  });

  it.skipIf(!available)('remembers keys by id with a person name, within their account', async () => {
    const ana = await store.rememberKey({ keyId: 'k-ana', accountId: 'acc', userEmail: ANA.userEmail }, 1000);
    expect(ana.personName).toBeNull();
    await store.setPersonName('acc', 'k-ana', 'Ana');
    await store.setPersonName('intruder', 'k-ana', 'Mallory');
    expect(await store.keyOf('k-ana')).toEqual({
      keyId: 'k-ana',
      accountId: 'acc',
      userEmail: ANA.userEmail,
      personName: 'Ana',
    });
    const again = await store.rememberKey({ keyId: 'k-ana', accountId: 'acc', userEmail: ANA.userEmail }, 2000);
    expect(again.personName).toBe('Ana');
    expect((await store.keys('acc')).map((k) => [k.keyId, k.lastSeen])).toEqual([['k-ana', 2000]]);
  });

  it.skipIf(!available)('pages the activity newest first, filtered, and prunes by age', async () => {
    const entries = Array.from({ length: 25 }, (_, i) =>
      entry(1000 + i, i % 2 === 0 ? ANA : BEN, { site: i % 5 === 0 ? 'five.example' : 'one.example' }),
    );
    await store.activity.append('acc', entries);
    await store.activity.append('other', [entry(5000, ANA)]);

    const first = await store.activity.page('acc', {}, 10, null);
    expect(first.entries.map((e) => e.at)).toEqual([1024, 1023, 1022, 1021, 1020, 1019, 1018, 1017, 1016, 1015]);
    const second = await store.activity.page('acc', {}, 10, first.next);
    const third = await store.activity.page('acc', {}, 10, second.next);
    expect(second.entries[0]?.at).toBe(1014);
    expect(third.entries.map((e) => e.at)).toEqual([1004, 1003, 1002, 1001, 1000]);
    expect(third.next).toBeNull();

    const bens = await store.activity.page('acc', { key: 'k-ben', site: 'five.example' }, 50, null);
    expect(bens.entries.map((e) => [e.at, e.who])).toEqual([
      [1015, BEN],
      [1005, BEN],
    ]);
    const period = await store.activity.page('acc', { from: 1010, to: 1012, kind: 'scans' }, 50, null);
    expect(period.entries.map((e) => e.at)).toEqual([1011, 1010]);
    expect((await store.activity.page('acc', { kind: 'units' }, 50, null)).entries).toEqual([]);

    expect(await store.activity.prune(1020)).toBe(20);
    expect((await store.activity.page('acc', {}, 50, null)).entries).toHaveLength(5);
    expect((await store.activity.page('other', {}, 50, null)).entries).toHaveLength(1);
  });

  it.skipIf(!available)('keeps everything across a reopen, migrations applied once', async () => {
    await store.addUnits('acc', ['cust@a.example'], 1000, 'import');
    await store.activity.append('acc', [entry(1000, ANA)]);
    await store.close();
    store = await openWorkspaceStore(place.location);
    expect((await store.units('acc')).map((u) => u.email)).toEqual(['cust@a.example']);
    expect((await store.activity.page('acc', {}, 10, null)).entries).toHaveLength(1);
  });
});

describe('one SQLite file opened by several copies at once', () => {
  it('migrates it once: every copy opens', async () => {
    const place = await sqlitePlace();
    try {
      const stores = await Promise.all(Array.from({ length: 4 }, () => openWorkspaceStore(place.location)));
      await stores[0]?.addUnits('acc', ['one@a.example'], 1, 'import');
      for (const store of stores) expect((await store.units('acc')).map((u) => u.email)).toEqual(['one@a.example']);
      await Promise.all(stores.map((store) => store.close()));
    } finally {
      await place.drop();
    }
  });
});
