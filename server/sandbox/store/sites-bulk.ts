/**
 * Sites and units written or looked up many at a time, for sites_add of up to
 * 10,000 entries (docs/sandbox.md, "Sites"): one statement each, the rows handed
 * to SQLite as one JSON array (json_each), so the work runs in SQLite and not one
 * JavaScript call per row. `CROSS JOIN` keeps json_each the outer loop: each
 * row is one lookup in the (user_id, host) or (user_id, email) index.
 */
import { prepared, type Db } from '../db.ts';
import type { FirewallState, Profile } from './sites.ts';

/** The ids of those of `hosts` the user has, by host. */
export function siteIdsByHost(db: Db, userId: number, hosts: readonly string[]): Map<string, number> {
  if (hosts.length === 0) return new Map();
  const rows = prepared(
    db,
    `SELECT s.host, s.id FROM json_each(?) AS j CROSS JOIN sites AS s ON s.user_id = ? AND s.host = j.value`,
  ).all(JSON.stringify(hosts), userId) as { host: string; id: number }[];
  return new Map(rows.map((row) => [row.host, row.id]));
}

/** The unit of each e-mail (distinct, lower-cased), made in the order given where the user has none yet. */
export function unitIdsByEmail(db: Db, userId: number, emails: readonly string[], now: number): Map<string, number> {
  if (emails.length === 0) return new Map();
  const json = JSON.stringify(emails);
  prepared(
    db,
    `INSERT INTO units (user_id, email, created)
     SELECT ?, j.value, ? FROM json_each(?) AS j
     WHERE NOT EXISTS (SELECT 1 FROM units AS u WHERE u.user_id = ? AND u.email = j.value)
     ORDER BY j.key`,
  ).run(userId, now, json, userId);
  const rows = prepared(
    db,
    `SELECT u.email, u.id FROM json_each(?) AS j CROSS JOIN units AS u ON u.user_id = ? AND u.email = j.value`,
  ).all(json, userId) as { email: string; id: number }[];
  return new Map(rows.map((row) => [row.email, row.id]));
}

/** Shares each site ([site id, unit id]) with its unit. */
export function setSiteUnits(db: Db, pairs: readonly (readonly [number, number])[]): void {
  if (pairs.length === 0) return;
  prepared(db, `UPDATE sites SET unit_id = j.value ->> 1 FROM json_each(?) AS j WHERE sites.id = j.value ->> 0`).run(
    JSON.stringify(pairs),
  );
}

/** A new site of a sites_add: what differs from one to the next. */
export interface AddedSite {
  host: string;
  domain: string;
  unitId: number | null;
  firewall: FirewallState;
  syncfile: number;
  profile: Profile;
}

/** What every site of one sites_add shares. */
export interface AddedSitesCommon {
  userId: number;
  adddate: number;
  scanperiod: number;
  nextscan: number;
}

/** Whether a site is as most are (an ASCII name, not shared, the firewall on, scans clean): sent as its host alone. */
function isPlain(s: AddedSite): boolean {
  return (
    s.domain === s.host && s.unitId === null && s.firewall === 'enabled' && s.syncfile === 1 && s.profile === 'clean'
  );
}

/** A column of a row: a plain site's value, or the row array's entry `at` (json_each `type` tells them apart). */
function column(at: number, plain: string): string {
  return `CASE j.type WHEN 'text' THEN ${plain} ELSE j.value ->> ${at} END`;
}

/**
 * Inserts the sites in the order given (ids ascending), options off, passing over
 * any the user has already, and for each new one with its firewall on the firewall
 * switch at `adddate` its history starts from.
 * A plain site goes as its host alone: reading a row array's entries costs about
 * as much as the insert itself. json_each yields the array's entries in order, so
 * the rows are taken as they come: `ORDER BY j.key` would sort them all again in a
 * temporary B-tree, a tenth of the insert's time.
 */
export function insertAddedSites(db: Db, common: AddedSitesCommon, sites: readonly AddedSite[]): void {
  if (sites.length === 0) return;
  const rows = sites.map((s) =>
    isPlain(s) ? s.host : [s.host, s.domain, s.unitId, s.firewall, s.syncfile, s.profile],
  );
  // A new row's id is one more than the largest in the table (SQLite's rowid rule for a
  // table that has never held the largest id): this call's sites are those past it, read
  // by id alone (`+user_id` keeps the planner off the (user_id, host) index, which would
  // walk all of the account's sites).
  const before = (prepared(db, 'SELECT COALESCE(MAX(id), 0) AS id FROM sites').get() as { id: number }).id;
  prepared(
    db,
    `INSERT INTO sites (user_id, host, domain, adddate, scanperiod, nextscan, firewall, autotreatment, autopatching,
       permissions, unit_id, syncfile, profile)
     SELECT ?, ${column(0, 'j.value')}, ${column(1, 'j.value')}, ?, ?, ?, ${column(3, "'enabled'")}, 0, 0, 0,
       ${column(2, 'NULL')}, ${column(4, '1')}, ${column(5, "'clean'")}
     FROM json_each(?) AS j WHERE true
     ON CONFLICT (user_id, host) DO NOTHING`,
  ).run(common.userId, common.adddate, common.scanperiod, common.nextscan, JSON.stringify(rows));
  prepared(
    db,
    `INSERT INTO fw_events (site_id, at, enabled)
     SELECT id, ?, 1 FROM sites WHERE id > ? AND +user_id = ? AND firewall = 'enabled' ORDER BY id`,
  ).run(common.adddate, before, common.userId);
}
