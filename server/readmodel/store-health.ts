/**
 * What a page asks about some sites, not the whole fleet: the sync file page's
 * sites to judge (src/features/sync-file), which of some hosts are sites
 * of the account (src/data/known-sites.ts), and how the scans of some sites
 * stand (src/data/scan-watcher.ts).
 */
import type { WorkspaceDb } from '../workspace/db.ts';
import { siteKey } from '../workspace/names.ts';
import { scanDue } from './store-read.ts';

/** Keys looked up in one query at most (SQLite's variables). */
const KEYS_PER_QUERY = 500;

/** Names by the site's key (names that are not a domain have none). */
function byKey(names: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const name of names) {
    const key = siteKey(name);
    if (key !== null) out.set(key, [...(out.get(key) ?? []), name]);
  }
  return out;
}

export function healthStore(db: WorkspaceDb) {
  /** The account's rows of these keys, asked KEYS_PER_QUERY at a time. */
  const rowsOf = async (accountId: string, keys: readonly string[]) => {
    const rows = [];
    for (let at = 0; at < keys.length; at += KEYS_PER_QUERY) {
      rows.push(
        ...(await db
          .selectFrom('rm_site')
          .select(['domain', 'report_date', 'threats', 'scanning_at'])
          .where('account_id', '=', accountId)
          .where('domain', 'in', keys.slice(at, at + KEYS_PER_QUERY))
          .execute()),
      );
    }
    return rows;
  };

  return {
    /** Which of `hosts` are sites of the account (by the site's key), in the form given. */
    async known(accountId: string, hosts: readonly string[]): Promise<string[]> {
      const keys = byKey(hosts);
      return (await rowsOf(accountId, [...keys.keys()])).flatMap((r) => keys.get(r.domain) ?? []);
    },

    /**
     * How the scans of these sites stand, each in the form given: the latest report's date (UNIX
     * seconds, 0 before any) and threats, and when a scan started through the dashboard is waiting for
     * a newer report (ms, null when none). A site the account does not have is left out.
     */
    async scans(accountId: string, domains: readonly string[]) {
      const keys = byKey(domains);
      return (await rowsOf(accountId, [...keys.keys()])).flatMap((r) =>
        (keys.get(r.domain) ?? []).map((domain) => ({
          domain,
          reportDate: Number(r.report_date),
          threats: Number(r.threats),
          scanningAt: r.scanning_at === null ? null : Number(r.scanning_at),
        })),
      );
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
