/**
 * What changes the read model: a whole read of the fleet (rows upserted in
 * chunks as they are parsed, then the sites the read did not name removed),
 * the dashboard's own writes as they pass, visits, and the retention sweep.
 */
import { sql } from 'kysely';
import type { FwHistory } from '../../src/api/schemas.ts';
import type { WorkspaceDb } from '../workspace/db.ts';
import { chunks } from '../workspace/store-directory.ts';
import { DaySums, type SummedDay } from './day-sums.ts';
import { addedRow, type SiteRead } from './site-row.ts';

/** Rows per statement: 22 columns each, well under SQLite's 32,766 bound parameters. */
const ROWS_PER_INSERT = 250;

export type FleetChange =
  | { kind: 'added'; domains: string[] }
  | { kind: 'deleted'; domain: string }
  | { kind: 'unit-deleted'; unit: string }
  | { kind: 'option'; domain: string; column: 'firewall' | 'cleanup' | 'scanperiod' | 'permissions'; value: number }
  | { kind: 'scanning'; domain: string };

export function writeStore(db: WorkspaceDb) {
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

    /**
     * Rows of a read, upserted. A scan this dashboard started stays shown
     * until a report newer than its start is read.
     */
    async upsertSites(reads: readonly SiteRead[]): Promise<void> {
      const histories = reads.flatMap((r) =>
        r.historyJson === null
          ? []
          : [{ account_id: r.row.account_id, domain: r.row.domain, fwhistory: r.historyJson }],
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
            oc.columns(['account_id', 'domain']).doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              host: eb.ref('excluded.host'),
              search: eb.ref('excluded.search'),
              site_id: eb.ref('excluded.site_id'),
              adddate: eb.ref('excluded.adddate'),
              scanperiod: eb.ref('excluded.scanperiod'),
              nextscan: eb.ref('excluded.nextscan'),
              firewall: eb.ref('excluded.firewall'),
              cleanup: eb.ref('excluded.cleanup'),
              permissions: eb.ref('excluded.permissions'),
              status: eb.ref('excluded.status'),
              threats: eb.ref('excluded.threats'),
              report_date: eb.ref('excluded.report_date'),
              report: eb.ref('excluded.report'),
              blocked: eb.ref('excluded.blocked'),
              read_at: eb.ref('excluded.read_at'),
              scanning_at: sql<
                number | null
              >`case when excluded.report_date * 1000 >= rm_site.scanning_at then null else rm_site.scanning_at end`,
            })),
          )
          .execute();
      }
    },

    /**
     * A read is complete: sites it did not name are gone (unless the dashboard
     * wrote them after the read began), and the account says when.
     */
    async finishRefresh(accountId: string, startedAt: number, days: SummedDay[], at: number): Promise<void> {
      // The few sites gone, found by the read's stamp, then removed in chunks (no long statement).
      const gone = await db
        .selectFrom('rm_site')
        .select('domain')
        .where('account_id', '=', accountId)
        .where('read_at', '<', startedAt)
        .execute();
      for (const part of chunks(gone.map((g) => g.domain))) {
        await db.deleteFrom('rm_site').where('account_id', '=', accountId).where('domain', 'in', part).execute();
        await db.deleteFrom('rm_history').where('account_id', '=', accountId).where('domain', 'in', part).execute();
      }
      await db
        .updateTable('rm_account')
        .set({ refreshed_at: at, refresh_error: null, days: JSON.stringify(days) })
        .where('account_id', '=', accountId)
        .execute();
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
        case 'option':
          await site(change.domain)
            .set({ [change.column]: change.value, read_at: at })
            .execute();
          return;
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
