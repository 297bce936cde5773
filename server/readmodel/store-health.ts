/**
 * What a page asks about some sites, not the whole fleet: the sync file page's
 * sites to judge (src/features/sync-file), and which of the hosts pasted into
 * Add sites are there already (src/features/sites).
 */
import type { WorkspaceDb } from '../workspace/db.ts';
import { siteKey } from '../workspace/names.ts';
import { scanDue } from './store-read.ts';

/** Keys looked up in one query at most (SQLite's variables). */
const KEYS_PER_QUERY = 500;

export function healthStore(db: WorkspaceDb) {
  return {
    /** Which of `hosts` are sites of the account (by the site's key), in the form given. */
    async known(accountId: string, hosts: readonly string[]): Promise<string[]> {
      const byKey = new Map<string, string[]>();
      for (const host of hosts) {
        const key = siteKey(host);
        if (key !== null) byKey.set(key, [...(byKey.get(key) ?? []), host]);
      }
      const keys = [...byKey.keys()];
      const found: string[] = [];
      for (let at = 0; at < keys.length; at += KEYS_PER_QUERY) {
        const rows = await db
          .selectFrom('rm_site')
          .select('domain')
          .where('account_id', '=', accountId)
          .where('domain', 'in', keys.slice(at, at + KEYS_PER_QUERY))
          .execute();
        for (const r of rows) found.push(...(byKey.get(r.domain) ?? []));
      }
      return found;
    },

    /**
     * The sync file page's candidates: every site never scanned or whose scheduled scans are overdue at
     * `now` (the page judges which stopped, with the periods set through the dashboard), by domain; and
     * the sites the team found refused for a missing file that are no longer in the fleet (none before
     * its first read).
     */
    async scanHealth(accountId: string, now: number, read: boolean) {
      const [due, gone] = await Promise.all([
        db
          .selectFrom('rm_site as s')
          .select(['s.name', 's.scanperiod', 's.adddate', 's.report_date'])
          .where('s.account_id', '=', accountId)
          .where(scanDue(now))
          .orderBy('s.domain')
          .execute(),
        read
          ? db
              .selectFrom('ws_sync_evidence as e')
              .select('e.domain')
              .where('e.account_id', '=', accountId)
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom('rm_site as s')
                      .select('s.domain')
                      .whereRef('s.account_id', '=', 'e.account_id')
                      .whereRef('s.domain', '=', 'e.domain'),
                  ),
                ),
              )
              .orderBy('e.domain')
              .execute()
          : [],
      ]);
      return {
        due: due.map((r) => ({
          domain: r.name,
          scanperiod: Number(r.scanperiod),
          adddate: Number(r.adddate),
          reportDate: Number(r.report_date),
        })),
        gone: gone.map((r) => r.domain),
      };
    },
  };
}
