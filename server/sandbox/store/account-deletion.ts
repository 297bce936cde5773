/** Removing a whole partner account, for `npm run demo:reset` (demo/reset.ts). */
import { prepared, type Db } from '../db.ts';

export interface DeletedAccount {
  sites: number;
  units: number;
  reports: number;
  keys: number;
  agency: boolean;
  mails: number;
  codes: number;
}

/**
 * Deletes an account with everything it owns (sites with their reports and
 * firewall switches, units, agency, keys) and the mails and one-time passwords
 * sent to its e-mail; other accounts are untouched. Call it in a transaction.
 */
export function deleteAccount(db: Db, userId: number, email: string): DeletedAccount {
  const run = (sql: string, ...params: (string | number)[]) => prepared(db, sql).run(...params).changes;
  const ofSites = 'site_id IN (SELECT id FROM sites WHERE user_id = ?)';
  const deleted: DeletedAccount = {
    reports: run(`DELETE FROM scan_reports WHERE ${ofSites}`, userId),
    sites: 0,
    units: 0,
    keys: 0,
    agency: false,
    mails: 0,
    codes: 0,
  };
  run(`DELETE FROM fw_events WHERE ${ofSites}`, userId);
  deleted.sites = run('DELETE FROM sites WHERE user_id = ?', userId);
  deleted.units = run('DELETE FROM units WHERE user_id = ?', userId);
  deleted.agency = run('DELETE FROM agencies WHERE user_id = ?', userId) > 0;
  deleted.keys = run('DELETE FROM keys WHERE user_id = ?', userId);
  run('DELETE FROM users WHERE id = ?', userId);
  deleted.mails = run('DELETE FROM outbox WHERE recipient = ?', email);
  deleted.codes = run('DELETE FROM otps WHERE email = ?', email);
  return deleted;
}

/** The highest site id in the table (0 when empty). */
export function maxSiteId(db: Db): number {
  return (prepared(db, 'SELECT COALESCE(MAX(id), 0) AS n FROM sites').get() as { n: number }).n;
}
