/**
 * A read's rows into `rm_site` and `rm_history`, many at a time. On SQLite
 * (better-sqlite3, synchronous): two statements prepared once and run in one
 * transaction per batch, so a batch costs one commit instead of one per
 * statement and nothing is compiled per row; the caller keeps batches short
 * (./refresh.ts) since the event loop waits meanwhile. On PostgreSQL:
 * multi-row upserts through Kysely (the wait is the server's, not ours).
 *
 * A row the dashboard wrote after the read began (its `read_at` at or after
 * the read's) keeps what the dashboard wrote: the read's copy may predate
 * that write. A scan this dashboard started stays shown until a report newer
 * than its start is read.
 */
import type Database from 'better-sqlite3';
import { sql } from 'kysely';
import type { WorkspaceDb } from '../workspace/db.ts';
import { sqliteHandleOf } from '../workspace/db.ts';
import { chunks } from '../workspace/store-directory.ts';
import type { ReadModelSiteTable } from './schema.ts';
import type { SiteRead } from './site-row.ts';

/** Rows per PostgreSQL statement: 20 columns each. */
const ROWS_PER_INSERT = 500;

const COLUMNS = [
  'account_id',
  'domain',
  'name',
  'sort_name',
  'host',
  'search',
  'site_id',
  'adddate',
  'scanperiod',
  'nextscan',
  'firewall',
  'cleanup',
  'permissions',
  'status',
  'threats',
  'report_date',
  'report',
  'blocked',
  'scanning_at',
  'read_at',
] as const satisfies ReadonlyArray<keyof ReadModelSiteTable>;

/** The columns a read replaces (the key stays; scanning_at has its own rule). */
const REPLACED = COLUMNS.filter((c) => c !== 'account_id' && c !== 'domain' && c !== 'scanning_at');

/**
 * A scan started through the dashboard ends with the first report dated from its second on (report
 * dates are whole seconds, `scanning_at` milliseconds noted just after the service took the scan).
 */
const SCANNING_AT =
  'case when excluded.report_date * 1000 + 999 >= rm_site.scanning_at then null else rm_site.scanning_at end';
const NOT_WRITTEN_SINCE = 'rm_site.read_at < excluded.read_at';

const SITE_UPSERT = `insert into rm_site (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})
  on conflict (account_id, domain) do update set ${REPLACED.map((c) => `${c} = excluded.${c}`).join(', ')},
  scanning_at = ${SCANNING_AT} where ${NOT_WRITTEN_SINCE}`;
const HISTORY_UPSERT = `insert into rm_history (account_id, domain, fwhistory) values (?, ?, ?)
  on conflict (account_id, domain) do update set fwhistory = excluded.fwhistory`;

export type BulkUpsert = (reads: readonly SiteRead[]) => Promise<void>;

/** How a store writes a read's rows: `blocks` when the event loop waits for the write (SQLite). */
export function bulkUpsert(db: WorkspaceDb): { upsert: BulkUpsert; blocks: boolean } {
  const handle = sqliteHandleOf(db);
  return handle === undefined
    ? { upsert: kyselyUpsert(db), blocks: false }
    : { upsert: sqliteUpsert(handle), blocks: true };
}

function sqliteUpsert(handle: Database.Database): BulkUpsert {
  let write: ((reads: readonly SiteRead[]) => void) | undefined;
  const prepared = () => {
    if (write !== undefined) return write;
    const site = handle.prepare(SITE_UPSERT);
    const history = handle.prepare(HISTORY_UPSERT);
    write = handle.transaction((reads: readonly SiteRead[]) => {
      for (const { row, historyJson } of reads) {
        if (historyJson !== null) history.run(row.account_id, row.domain, historyJson);
        site.run(COLUMNS.map((c) => row[c]));
      }
    });
    return write;
  };
  return async (reads) => {
    // A transaction of the workspace's (Kysely's, across awaits) is open: ours waits for its end.
    while (handle.inTransaction) await new Promise((resolve) => setImmediate(resolve));
    prepared()(reads);
  };
}

function kyselyUpsert(db: WorkspaceDb): BulkUpsert {
  return async (reads) => {
    const histories = reads.flatMap((r) =>
      r.historyJson === null ? [] : [{ account_id: r.row.account_id, domain: r.row.domain, fwhistory: r.historyJson }],
    );
    for (const part of chunks(histories, ROWS_PER_INSERT)) {
      await db
        .insertInto('rm_history')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['account_id', 'domain']).doUpdateSet((eb) => ({ fwhistory: eb.ref('excluded.fwhistory') })),
        )
        .execute();
    }
    for (const part of chunks(
      reads.map((r) => r.row),
      ROWS_PER_INSERT,
    )) {
      await db
        .insertInto('rm_site')
        .values(part)
        .onConflict((oc) =>
          oc
            .columns(['account_id', 'domain'])
            .doUpdateSet((eb) => ({
              ...Object.fromEntries(REPLACED.map((c) => [c, eb.ref(`excluded.${c}`)])),
              scanning_at: sql<number | null>`${sql.raw(SCANNING_AT)}`,
            }))
            .where(sql<boolean>`${sql.raw(NOT_WRITTEN_SINCE)}`),
        )
        .execute();
    }
  };
}
