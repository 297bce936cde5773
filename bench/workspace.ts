/**
 * `npm run bench -- workspace`: the activity log at 1,000,000 entries, one
 * account's, answering filtered pages (the Activity page's filters, and a page
 * deep in the log) on SQLite and, when a database is given
 * (WORKSPACE_TEST_DATABASE_URL or DATABASE_URL), PostgreSQL. Target: under
 * 100 ms a page (docs/workspace.md "Engines and migrations").
 */
import { sql } from 'kysely';
import { openWorkspaceDb } from '../server/workspace/db.ts';
import { openWorkspaceStore } from '../server/workspace/store.ts';
import { postgresPlace, sqlitePlace, TEST_DATABASE_URL, type TestPlace } from '../server/workspace/test-engines.ts';
import type { ActivityFilter } from '../server/workspace/types.ts';

const ENTRIES = 1_000_000;
const ACCOUNT = 'bench-account';
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26);
const RUNS = 15;

/** One account's log over 90 days: 2,000 sites, 200 customers, 8 keys, every kind. */
async function fill(place: TestPlace): Promise<void> {
  const { db, engine } = await openWorkspaceDb(place.location);
  const series =
    engine === 'postgres'
      ? sql`SELECT i FROM generate_series(0::bigint, ${sql.lit(ENTRIES - 1)}) AS s(i)`
      : sql`WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < ${sql.lit(ENTRIES - 1)}) SELECT i FROM s`;
  const kinds = `(ARRAY['sites','options','scans','shares','units','agency'])`;
  const kind =
    engine === 'postgres'
      ? sql.raw(`${kinds}[1 + i % 6]`)
      : sql.raw(
          `CASE i % 6 WHEN 0 THEN 'sites' WHEN 1 THEN 'options' WHEN 2 THEN 'scans' WHEN 3 THEN 'shares' WHEN 4 THEN 'units' ELSE 'agency' END`,
        );
  const text = (expression: string) => sql.raw(engine === 'postgres' ? `(${expression})::text` : `(${expression})`);
  await sql`
    INSERT INTO ws_activity (account_id, at, method, kind, site, unit, option, value, result, error_name, user_email, key_id, person_name)
    SELECT ${ACCOUNT}, ${sql.lit(NOW - 90 * DAY)} + i * ${sql.lit(Math.floor((90 * DAY) / ENTRIES))}, 'site_setoption', ${kind},
      'site' || ${text('i % 2000')} || '.example', 'customer' || ${text('i % 200')} || '@agency.example',
      'firewall', 'enable', 0, NULL, 'partner@agency.example', 'key' || ${text('i % 8')}, NULL
    FROM (${series}) AS series
  `.execute(db);
  await sql`ANALYZE`.execute(db);
  await db.destroy();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function benchEngine(name: string, makePlace: () => Promise<TestPlace>): Promise<void> {
  const place = await makePlace();
  try {
    const filling = performance.now();
    await openWorkspaceStore(place.location).then((store) => store.close());
    await fill(place);
    console.log(
      `${name}: ${ENTRIES.toLocaleString('en')} entries written in ${((performance.now() - filling) / 1000).toFixed(1)} s`,
    );
    const store = await openWorkspaceStore(place.location);
    const cases: Array<[string, ActivityFilter, number]> = [
      ['newest 50, no filter', {}, 0],
      ['one site', { site: 'site1234.example' }, 0],
      ['one customer', { unit: 'customer42@agency.example' }, 0],
      ['one kind in one week', { kind: 'options', from: NOW - 30 * DAY, to: NOW - 23 * DAY }, 0],
      ['one person (key), page 20', { key: 'key3' }, 19],
      ['customer + kind', { unit: 'customer7@agency.example', kind: 'options' }, 0],
      ['customer + kind, none match', { unit: 'customer7@agency.example', kind: 'scans' }, 0],
    ];
    for (const [label, filter, deeper] of cases) {
      const times: number[] = [];
      let rows = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        let page = await store.activity.page(ACCOUNT, filter, 50, null);
        for (let i = 0; i < deeper && page.next !== null; i += 1) {
          page = await store.activity.page(ACCOUNT, filter, 50, page.next);
        }
        times.push((performance.now() - started) / (deeper + 1));
        rows = page.entries.length;
      }
      const worst = Math.max(...times);
      console.log(
        `${name}: ${label}: median ${median(times).toFixed(1)} ms a page, worst ${worst.toFixed(1)} ms (${rows} rows)${worst < 100 ? '' : '  OVER 100 ms'}`,
      );
    }
    await store.close();
  } finally {
    await place.drop();
  }
}

export async function benchWorkspace(): Promise<void> {
  await benchEngine('SQLite', sqlitePlace);
  if (TEST_DATABASE_URL === null) {
    console.log('PostgreSQL: skipped (set WORKSPACE_TEST_DATABASE_URL; scripts/ci-postgres.sh makes a database)');
    return;
  }
  await benchEngine('PostgreSQL', postgresPlace);
}
