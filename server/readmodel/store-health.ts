/**
 * What a page asks about some sites, not the whole fleet: the sync file page's
 * sites to judge (src/features/sync-file), and which of some hosts are sites
 * of the account (src/data/known-sites.ts).
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
     * `now` (the page judges which stopped, with the periods set through the dashboard), by domain.
     */
    async scanHealth(accountId: string, now: number) {
      const due = await db
        .selectFrom('rm_site as s')
        .select(['s.name', 's.scanperiod', 's.adddate', 's.report_date'])
        .where('s.account_id', '=', accountId)
        .where(scanDue(now))
        .orderBy('s.domain')
        .execute();
      return {
        due: due.map((r) => ({
          domain: r.name,
          scanperiod: Number(r.scanperiod),
          adddate: Number(r.adddate),
          reportDate: Number(r.report_date),
        })),
      };
    },
  };
}
