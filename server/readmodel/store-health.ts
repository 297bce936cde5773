/**
 * What the sync file page reads from the read model (src/features/sync-file):
 * the sites it judges, not the whole fleet.
 */
import type { WorkspaceDb } from '../workspace/db.ts';
import { scanDue } from './store-read.ts';

export function healthStore(db: WorkspaceDb) {
  return {
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
