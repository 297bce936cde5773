/**
 * What changes the read model: a whole read of the fleet (rows upserted in
 * chunks as they are parsed, then the sites the read did not name removed),
 * the dashboard's own writes as they pass, visits, and the retention sweep.
 */
import { sql } from 'kysely';
import type { FwHistory } from '../../src/api/schemas.ts';
import { sqliteHandleOf, type WorkspaceDb } from '../workspace/db.ts';
import { chunks } from '../workspace/store-directory.ts';
import { DaySums, type SummedDay } from './day-sums.ts';
import { addedRow, type SiteRead } from './site-row.ts';
import { bulkUpsert } from './store-bulk.ts';

/** Rows per statement: 23 columns each, well under SQLite's 32,766 bound parameters. */
const ROWS_PER_INSERT = 250;
/** Rows a read wrote from which PostgreSQL's statistics are taken again at its end. */
const ANALYZE_AFTER_ROWS = 10_000;

export type FleetChange =
  | { kind: 'added'; domains: string[] }
  | { kind: 'deleted'; domain: string }
  | { kind: 'unit-deleted'; unit: string }
  | { kind: 'option'; domain: string; column: 'firewall' | 'cleanup' | 'scanperiod' | 'permissions'; value: number }
  | { kind: 'scanning'; domain: string };

export function writeStore(db: WorkspaceDb) {
  const bulk = bulkUpsert(db);
  /** Per account whose fleet is being read: the sites the dashboard deleted meanwhile. */
  const deletedDuringRead = new Map<string, Set<string>>();

  async function subtractHistories(accountId: string, domains: readonly string[]): Promise<void> {
    if (domains.length === 0) return;
    const account = await db
      .selectFrom('rm_account')
      .select('days')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!account?.days) return;
    const sums = DaySums.of(JSON.parse(account.days) as SummedDay[]);
    for (const part of chunks(domains)) {
      const rows = await db
        .selectFrom('rm_history')
        .select('fwhistory')
        .where('account_id', '=', accountId)
        .where('domain', 'in', part)
        .execute();
      for (const r of rows) if (r.fwhistory) sums.add(JSON.parse(r.fwhistory) as FwHistory, -1);
    }
    await db
      .updateTable('rm_account')
      .set({ days: JSON.stringify(sums.days()) })
      .where('account_id', '=', accountId)
      .execute();
  }

  async function deleteSites(accountId: string, domains: readonly string[]): Promise<void> {
    const tombstones = deletedDuringRead.get(accountId);
    for (const domain of domains) tombstones?.add(domain);
    await subtractHistories(accountId, domains);
    for (const part of chunks(domains)) {
      await db.deleteFrom('rm_site').where('account_id', '=', accountId).where('domain', 'in', part).execute();
      await db.deleteFrom('rm_history').where('account_id', '=', accountId).where('domain', 'in', part).execute();
    }
  }

  return {
    /** A request of the account's fleet: retention counts from the last. */
    async visit(accountId: string, at: number): Promise<void> {
      await db
        .insertInto('rm_account')
        .values({ account_id: accountId, visited_at: at, refreshed_at: null, refresh_error: null, days: null })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ visited_at: at }))
        .execute();
    },

    /** A read of the account's fleet begins: sites the dashboard deletes from now on stay deleted whatever it says. */
    beginRead(accountId: string): void {
      deletedDuringRead.set(accountId, new Set());
    },

    endRead(accountId: string): void {
      deletedDuringRead.delete(accountId);
    },

    /** Whether a read's writes hold the event loop (SQLite): then the caller keeps batches short. */
    writesBlock: bulk.blocks,

    /**
     * Rows of a read, upserted (./store-bulk.ts), in the key's order (the
     * indexes end in the domain: neighbours share pages). A site the
     * dashboard deleted since the read began is not brought back by it.
     */
    async upsertSites(reads: readonly SiteRead[]): Promise<void> {
      const kept = reads.filter((r) => deletedDuringRead.get(r.row.account_id)?.has(r.row.domain) !== true);
      kept.sort((a, b) => (a.row.domain < b.row.domain ? -1 : a.row.domain > b.row.domain ? 1 : 0));
      if (kept.length > 0) await bulk.upsert(kept);
    },

    /**
     * A read is complete: sites it did not name are gone (unless the dashboard
     * wrote them after the read began), and the account says when.
     */
    async finishRefresh(
      accountId: string,
      startedAt: number,
      days: SummedDay[],
      at: number,
      written = 0,
    ): Promise<void> {
      // The few sites gone, found by the read's stamp, then removed in chunks (no long statement).
      const gone = await db
        .selectFrom('rm_site')
        .select('domain')
        .where('account_id', '=', accountId)
        .where('read_at', '<', startedAt)
        .execute();
      // And a site the dashboard deleted while a batch naming it was being written.
      const deleted = [...(deletedDuringRead.get(accountId) ?? [])];
      const raced = await Promise.all(
        chunks(deleted).map((part) =>
          db
            .selectFrom('rm_site')
            .select('domain')
            .where('account_id', '=', accountId)
            .where('domain', 'in', part)
            .where('read_at', '<=', startedAt)
            .execute(),
        ),
      );
      for (const part of chunks([...gone, ...raced.flat()].map((g) => g.domain))) {
        await db.deleteFrom('rm_site').where('account_id', '=', accountId).where('domain', 'in', part).execute();
        await db.deleteFrom('rm_history').where('account_id', '=', accountId).where('domain', 'in', part).execute();
      }
      await db
        .updateTable('rm_account')
        .set({ refreshed_at: at, refresh_error: null, days: JSON.stringify(days) })
        .where('account_id', '=', accountId)
        .execute();
      // The planner's statistics: SQLite's taken again when a table grew or shrank much (its own
      // test: a few hundred milliseconds once for a new 100,000-site fleet, then nothing; without
      // them a search or a sort by patching walked the whole wide table); PostgreSQL's after a
      // large read, rather than when its autovacuum next passes.
      const sqlite = sqliteHandleOf(db);
      if (sqlite !== undefined) sqlite.pragma('optimize=0x10002');
      else if (written >= ANALYZE_AFTER_ROWS) await sql`analyze rm_site`.execute(db);
    },

    async refreshFailed(accountId: string, error: string): Promise<void> {
      await db.updateTable('rm_account').set({ refresh_error: error }).where('account_id', '=', accountId).execute();
    },

    /** One of the dashboard's writes, as the recorder read it (./writes.ts). */
    async apply(accountId: string, change: FleetChange, at: number): Promise<void> {
      const site = (domain: string) =>
        db.updateTable('rm_site').where('account_id', '=', accountId).where('domain', '=', domain);
      switch (change.kind) {
        case 'added':
          for (const domain of change.domains) deletedDuringRead.get(accountId)?.delete(domain);
          for (const part of chunks(
            change.domains.map((d) => addedRow(accountId, d, at)),
            ROWS_PER_INSERT,
          )) {
            await db
              .insertInto('rm_site')
              .values(part)
              .onConflict((oc) => oc.columns(['account_id', 'domain']).doNothing())
              .execute();
          }
          return;
        case 'deleted':
          return deleteSites(accountId, [change.domain]);
        case 'unit-deleted': {
          const rows = await db
            .selectFrom('ws_site_unit')
            .select('domain')
            .where('account_id', '=', accountId)
            .where('unit_email', '=', change.unit)
            .execute();
          return deleteSites(
            accountId,
            rows.map((r) => r.domain),
          );
        }
        case 'option': {
          // A new period moves the next scan: the service's own time comes with the next read; until
          // then a period from now, as the page shows it at once (src/data/sites.ts), not "Off".
          const next =
            change.column === 'scanperiod'
              ? { nextscan: change.value === 0 ? 0 : Math.floor(at / 1000) + change.value }
              : {};
          await site(change.domain)
            .set({ [change.column]: change.value, ...next, read_at: at })
            .execute();
          return;
        }
        case 'scanning':
          await site(change.domain).set({ scanning_at: at, read_at: at }).execute();
          return;
      }
    },

    /** Accounts not visited since `before` are dropped, their sites with them. */
    async sweep(before: number): Promise<number> {
      const gone = await db.selectFrom('rm_account').select('account_id').where('visited_at', '<', before).execute();
      for (const { account_id } of gone) {
        await db.deleteFrom('rm_site').where('account_id', '=', account_id).execute();
        await db.deleteFrom('rm_history').where('account_id', '=', account_id).execute();
        await db.deleteFrom('rm_account').where('account_id', '=', account_id).execute();
      }
      return gone.length;
    },
  };
}

export type WriteStore = ReturnType<typeof writeStore>;
