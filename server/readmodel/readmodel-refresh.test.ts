/**
 * A read of the fleet against the dashboard's writes made while it runs, on
 * each engine: the read replaces what it names, but a site the dashboard
 * deleted meanwhile is not brought back, and an option the dashboard set
 * meanwhile is not undone by the read's older copy.
 */
import { describe, expect, it } from 'vitest';
import type { Site } from '../../src/api/schemas.ts';
import { databasePerTest } from '../workspace/test-database.ts';
import { ENGINES } from '../workspace/test-engines.ts';
import { rowOf, type SiteRead } from './site-row.ts';
import { readStore } from './store-read.ts';
import { writeStore } from './store-write.ts';

const NOW = Date.UTC(2026, 10, 26);
const NOW_S = NOW / 1000;
const A = 'account-a';

const site = (name: string, firewall: number): Site => ({
  id: 1,
  host: name,
  domain: name,
  adddate: NOW_S - 86_400,
  scanperiod: 86_400,
  nextscan: NOW_S + 3600,
  firewallstatus: firewall,
  autotreatment: 0,
  permissions: 0,
  scanreport: null,
});

const rows = (readAt: number, ...sites: Site[]): SiteRead[] => sites.flatMap((s) => rowOf(A, s, readAt) ?? []);

describe.each(ENGINES)('a read of the fleet on $title', ({ available, place: makePlace }) => {
  const openDb = databasePerTest(makePlace);

  async function open() {
    const opened = await openDb();
    const write = writeStore(opened.db);
    await write.visit(A, NOW);
    // What an earlier read said.
    await write.upsertSites(
      rows(NOW - 60_000, site('kept.example', 1), site('gone.example', 1), site('set.example', 1)),
    );
    return { write, read: readStore(opened.db) };
  }

  const names = async (read: ReturnType<typeof readStore>) =>
    (await read.window(A, {}, NOW_S)).rows.map((r) => [r.domain, r.firewallstatus]);

  it.skipIf(!available)('replaces what it names and drops what it does not', async () => {
    const { write, read } = await open();
    write.beginRead(A);
    await write.upsertSites(rows(NOW, site('kept.example', 0), site('set.example', 1)));
    await write.finishRefresh(A, NOW, [], NOW + 1000);
    write.endRead(A);
    expect(await names(read)).toEqual([
      ['kept.example', 0],
      ['set.example', 1],
    ]);
  });

  it.skipIf(!available)("keeps the dashboard's writes made while it runs", async () => {
    const { write, read } = await open();
    write.beginRead(A);
    // The dashboard's writes after the read began, before its rows arrive.
    await write.apply(A, { kind: 'deleted', domain: 'gone.example' }, NOW + 10);
    await write.apply(A, { kind: 'option', domain: 'set.example', column: 'firewall', value: 0 }, NOW + 20);
    // The read's copy predates both.
    await write.upsertSites(rows(NOW, site('kept.example', 1), site('gone.example', 1), site('set.example', 1)));
    await write.finishRefresh(A, NOW, [], NOW + 1000);
    write.endRead(A);
    expect(await names(read)).toEqual([
      ['kept.example', 1],
      ['set.example', 0],
    ]);
    expect(await read.site(A, 'gone.example')).toBeNull();
  });
});
