/**
 * The sites table's views in the read model on each engine, as the sites
 * page's own model makes them (src/features/sites/components/table-model.ts,
 * src/data/site-model/site-filters.ts): the customer filter (known, none),
 * the order by customer, a search that finds the customer's e-mail, the
 * sites a view keeps whatever its filters, and every matching domain.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Site } from '../../src/api/schemas.ts';
import { matchesFilters } from '../../src/data/site-model/site-filters.ts';
import { FILTER_DEFAULTS, type SiteFilters } from '../../src/data/site-model/sites-search.ts';
import { orderSites } from '../../src/features/sites/components/table-model.ts';
import { directoryStore } from '../workspace/store-directory.ts';
import { openWorkspaceDb } from '../workspace/db.ts';
import { databasePerTest } from '../workspace/test-database.ts';
import { ENGINES } from '../workspace/test-engines.ts';
import { readStore } from './store-read.ts';
import { rowOf } from './site-row.ts';
import { writeStore } from './store-write.ts';

const NOW = Date.UTC(2026, 10, 26);
const NOW_S = NOW / 1000;

function site(n: number, domain = `s${String(n).padStart(2, '0')}.example`): Site {
  return {
    id: n,
    host: domain,
    domain,
    adddate: NOW_S - 86_400,
    scanperiod: 86_400,
    nextscan: NOW_S + 3600,
    firewallstatus: n % 3 === 0 ? 0 : 1,
    autotreatment: n % 2,
    permissions: 0,
    scanreport: null,
  };
}

const SITES = Array.from({ length: 20 }, (_, n) => site(n));
/** Every third site has a customer: three customers, their e-mails out of the sites' order. */
const CUSTOMER: ReadonlyMap<string, string> = new Map(
  SITES.filter((_, n) => n % 3 === 1).map((s, i) => [
    s.domain,
    ['zed@c.example', 'amy@a.example', 'kim@b.example'][i % 3] ?? '',
  ]),
);

/** Names whose order by code point is not a reader's: accents, a letter of its own, digits' values, capitals. */
const NAMES = [
  'zeta.example',
  'łąka.example',
  'alpha.example',
  'müller.example',
  'mango.example',
  'site10.example',
  'site9.example',
  'site09b.example',
  'Øresund.example',
  'oslo.example',
  'a-b.example',
];
const NAMED = NAMES.map((domain, n) => site(n, domain));

describe.each(ENGINES)('the sites table’s views in the read model on $title', ({ available, place: makePlace }) => {
  const openDb = databasePerTest(makePlace);

  it.skipIf(!available)('orders by name as the page does: accents and case aside, numbers by value', async () => {
    const opened = await openDb();
    const write = writeStore(opened.db);
    await write.visit('a', NOW);
    await write.upsertSites(NAMED.flatMap((s) => rowOf('a', s, NOW) ?? []));
    await write.apply('a', { kind: 'added', domains: ['łódź.example'] }, NOW);
    const read = readStore(opened.db);
    const page = orderSites([...NAMED, site(99, 'łódź.example')], 'domain', () => -1).sites.map((s) =>
      s.domain.toLowerCase(),
    );
    expect(page.indexOf('łąka.example')).toBeLessThan(page.indexOf('mango.example'));
    const window = await read.window('a', { limit: 500 }, NOW_S);
    expect(window.rows.map((r) => r.domain.toLowerCase())).toEqual(page);
    const desc = await read.window('a', { sort: 'domain', dir: 'desc', limit: 500 }, NOW_S);
    expect(desc.rows.map((r) => r.domain.toLowerCase())).toEqual([...page].reverse());
  });

  it.skipIf(!available)('gives the rows read before the order by name had a key of their own theirs', async () => {
    const place = await makePlace();
    try {
      // A workspace as it was before the migration: rows without the key, the migration not run.
      let opened = await openWorkspaceDb(place.location);
      const write = writeStore(opened.db);
      await write.visit('a', NOW);
      await write.upsertSites(NAMED.flatMap((s) => rowOf('a', s, NOW) ?? []));
      await sql`drop index rm_site_sort_name`.execute(opened.db);
      await sql`alter table rm_site drop column sort_name`.execute(opened.db);
      await sql`delete from kysely_migration where name = '005_readmodel_sort_name'`.execute(opened.db);
      await opened.db.destroy();

      opened = await openWorkspaceDb(place.location);
      const window = await readStore(opened.db).window('a', { limit: 500 }, NOW_S);
      await opened.db.destroy();
      const page = orderSites(NAMED, 'domain', () => -1).sites.map((s) => s.domain.toLowerCase());
      expect(window.rows.map((r) => r.domain.toLowerCase())).toEqual(page);
    } finally {
      await place.drop();
    }
  });

  async function fleet() {
    const opened = await openDb();
    const write = writeStore(opened.db);
    await write.visit('a', NOW);
    await write.upsertSites(SITES.flatMap((s) => rowOf('a', s, NOW) ?? []));
    await directoryStore(opened.db).shareSites(
      'a',
      [...CUSTOMER].map(([domain, unit]) => ({ domain, unit })),
      NOW,
    );
    return readStore(opened.db);
  }

  const expected = (filters: Partial<SiteFilters>) =>
    SITES.filter((s) => matchesFilters(s, { ...FILTER_DEFAULTS, ...filters }, NOW_S, CUSTOMER.get(s.domain))).map(
      (s) => s.domain,
    );

  it.skipIf(!available)('filters by a customer known or none, as the page does', async () => {
    const read = await fleet();
    for (const customer of ['known', 'none'] as const) {
      const window = await read.window('a', { customer, limit: 500 }, NOW_S);
      expect(window.rows.map((r) => r.domain)).toEqual(expected({ customer }));
      expect(window.total).toBe(expected({ customer }).length);
    }
    const both = await read.window('a', { customer: 'known', firewall: 'off', limit: 500 }, NOW_S);
    expect(both.rows.map((r) => r.domain)).toEqual(expected({ customer: 'known', firewall: 'off' }));
  });

  it.skipIf(!available)('orders by customer as the page does, the sites without one last', async () => {
    const read = await fleet();
    const page = orderSites(
      SITES,
      'customer',
      () => -1,
      (d) => CUSTOMER.get(d),
    ).sites.map((s) => s.domain);
    const window = await read.window('a', { sort: 'customer', limit: 500 }, NOW_S);
    expect(window.rows.map((r) => r.domain)).toEqual(page);
    expect(window.rows[0]?.unit).toBe('amy@a.example');
    const desc = await read.window('a', { sort: 'customer', dir: 'desc', limit: 3 }, NOW_S);
    expect(desc.rows.map((r) => r.unit)).toEqual([null, null, null]);
  });

  it.skipIf(!available)("finds a site by its customer's e-mail", async () => {
    const read = await fleet();
    const window = await read.window('a', { q: 'kim@', limit: 500 }, NOW_S);
    expect(window.rows.map((r) => r.domain)).toEqual(expected({ q: 'kim@' }));
    expect(window.total).toBeGreaterThan(0);
  });

  it.skipIf(!available)('keeps the sites a view keeps whatever its filters, counted', async () => {
    const read = await fleet();
    const window = await read.window('a', { firewall: 'off', keep: ['s01.example'], limit: 500 }, NOW_S);
    expect(window.rows.map((r) => r.domain)).toEqual([
      's00.example',
      's01.example',
      ...expected({ firewall: 'off' }).slice(1),
    ]);
    expect(window.total).toBe(expected({ firewall: 'off' }).length + 1);
  });

  it.skipIf(!available)('names every matching domain in the view’s order, up to the limit', async () => {
    const read = await fleet();
    const all = await read.domains('a', { sort: 'firewall', cleanup: 'on' }, NOW_S, 100_000);
    const window = await read.window('a', { sort: 'firewall', cleanup: 'on', limit: 500 }, NOW_S);
    expect(all.domains).toEqual(window.rows.map((r) => r.domain));
    expect(all.total).toBe(expected({ cleanup: 'on' }).length);
    expect((await read.domains('a', {}, NOW_S, 5)).domains).toHaveLength(5);
  });
});
