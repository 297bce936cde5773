/**
 * What a page asks about some sites, not the whole fleet: the sync file page's
 * sites to judge (src/features/sync-file), which of some hosts are sites
 * of the account (src/data/known-sites.ts), and how the scans of some sites
 * stand (src/data/scan-watcher.ts).
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { WorkspaceDb } from '../workspace/db.ts';
import type { WorkspaceDatabase } from '../workspace/schema.ts';
import { siteKey } from '../workspace/names.ts';
import { normalQuery, SCAN_GRACE_SECONDS } from './store-read.ts';

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
     * The sync file page's lists at `now` (UNIX seconds, the page's clock), each its first `limit` by
     * domain and how many there are, the sites already on the team's record of refusals (its first
     * list, src/features/sync-file) left out:
     * - `stopped`: scheduled scans that stopped reporting (src/lib/scan-schedule.ts scansStoppedSince),
     *   a period set through the dashboard counting from when it was set; `since` is the last report's
     *   date, `scanperiod` the period (the page judges again with a period it has just set);
     * - `never`: never scanned.
     * `q` keeps the sites whose names contain it (as the sites page's search). `limit: 'all'` lists every one (a bulk re-check's);
     * `list` names the only list whose sites are sent (the other's count alone).
     */
    async scanHealth(
      accountId: string,
      now: number,
      { q = '', limit = 100, list }: { q?: string; limit?: number | 'all'; list?: 'stopped' | 'never' },
    ) {
      // Compared as the sites page's search is (a scheme or a path typed is dropped), names and hosts.
      const part = normalQuery(q);
      const candidates = db
        .selectFrom('rm_site as s')
        .where('s.account_id', '=', accountId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('ws_sync_evidence as e')
                .select('e.domain')
                .whereRef('e.account_id', '=', 's.account_id')
                .whereRef('e.domain', '=', 's.domain'),
            ),
          ),
        )
        .$if(part !== '', (qb) =>
          qb.where(sql<boolean>`s.search like ${`%${part.replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`),
        );
      // The latest report (or the period set here) is older than the period and a day's grace.
      const overdue = sql<number>`${now} - s.scanperiod - ${SCAN_GRACE_SECONDS}`;
      const stopped = candidates
        .where('s.scanperiod', '>', 0)
        .where('s.report_date', '>', 0)
        .where('s.report_date', '<', overdue)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('ws_period_set as p')
                .select('p.domain')
                .whereRef('p.account_id', '=', 's.account_id')
                .whereRef('p.domain', '=', 's.domain')
                .where('p.set_at', '>=', sql<number>`(${overdue}) * 1000`),
            ),
          ),
        );
      const never = candidates.where('s.report_date', '=', 0);
      const first = <T>(
        of: 'stopped' | 'never',
        qb: SelectQueryBuilder<WorkspaceDatabase & { s: WorkspaceDatabase['rm_site'] }, 's', T>,
      ) => (list !== undefined && list !== of ? qb.limit(0) : limit === 'all' ? qb : qb.limit(limit));
      const total = async (qb: typeof stopped) =>
        Number((await qb.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const [stoppedRows, stoppedTotal, neverRows, neverTotal] = await Promise.all([
        first('stopped', stopped.select(['s.name', 's.report_date', 's.scanperiod']).orderBy('s.domain')).execute(),
        total(stopped),
        first('never', never.select(['s.name']).orderBy('s.domain')).execute(),
        total(never),
      ]);
      return {
        stopped: {
          total: stoppedTotal,
          sites: stoppedRows.map((r) => ({
            domain: r.name,
            since: Number(r.report_date),
            scanperiod: Number(r.scanperiod),
          })),
        },
        never: { total: neverTotal, sites: neverRows.map((r) => r.name) },
      };
    },
  };
}
