/** Sites (docs/partner-api.md#site-object) and their firewall switches (the source of the docs/partner-api.md#firewall-history history). */
import { prepared, type Db } from '../db.ts';

/** How a site scans in the sandbox (docs/sandbox.md, "Which sites are infected"). */
export type Profile = 'clean' | 'infected' | 'incurable' | 'suspicious' | 'errors';

export type FirewallState = 'enabled' | 'disabled' | 'removed';

export interface SiteRow {
  id: number;
  user_id: number;
  host: string;
  domain: string;
  adddate: number;
  scanperiod: number;
  nextscan: number;
  firewall: FirewallState;
  autotreatment: number;
  autopatching: number;
  permissions: number;
  unit_id: number | null;
  syncfile: number;
  profile: Profile;
  scan_started: number | null;
  last_report_id: number | null;
}

export type NewSite = Omit<SiteRow, 'id' | 'scan_started' | 'last_report_id'>;

/** The columns sites_list answers (docs/partner-api.md#site-object) and where its report is. */
export type ListedSite = Pick<
  SiteRow,
  | 'id'
  | 'host'
  | 'domain'
  | 'adddate'
  | 'scanperiod'
  | 'nextscan'
  | 'firewall'
  | 'autotreatment'
  | 'permissions'
  | 'last_report_id'
>;

export function findSite(db: Db, userId: number, host: string): SiteRow | undefined {
  return prepared(db, 'SELECT * FROM sites WHERE user_id = ? AND host = ?').get(userId, host) as SiteRow | undefined;
}

export function countSites(db: Db, userId: number): number {
  return (prepared(db, 'SELECT COUNT(*) AS n FROM sites WHERE user_id = ?').get(userId) as { n: number }).n;
}

/** A site with its id and latest report given (the demo seed writes its reports first). */
export function insertSiteWithId(db: Db, site: NewSite & Pick<SiteRow, 'id' | 'last_report_id'>): void {
  prepared(
    db,
    `INSERT INTO sites (id, user_id, host, domain, adddate, scanperiod, nextscan, firewall, autotreatment, autopatching,
       permissions, unit_id, syncfile, profile, last_report_id)
     VALUES (@id, @user_id, @host, @domain, @adddate, @scanperiod, @nextscan, @firewall, @autotreatment, @autopatching,
       @permissions, @unit_id, @syncfile, @profile, @last_report_id)`,
  ).run(site);
}

/** The next site id never used by a site still in the table. */
export function nextSiteId(db: Db): number {
  return (prepared(db, 'SELECT COALESCE(MAX(id), 0) + 1 AS n FROM sites').get() as { n: number }).n;
}

export function setSiteUnit(db: Db, siteId: number, unitId: number | null): void {
  prepared(db, 'UPDATE sites SET unit_id = ? WHERE id = ?').run(unitId, siteId);
}

/** Sites with their reports and firewall history. */
export function deleteSites(db: Db, ids: readonly number[]): void {
  const delReports = prepared(db, 'DELETE FROM scan_reports WHERE site_id = ?');
  const delEvents = prepared(db, 'DELETE FROM fw_events WHERE site_id = ?');
  const delSite = prepared(db, 'DELETE FROM sites WHERE id = ?');
  for (const id of ids) {
    delReports.run(id);
    delEvents.run(id);
    delSite.run(id);
  }
}

export function siteIdsOfUnit(db: Db, unitId: number): number[] {
  return (prepared(db, 'SELECT id FROM sites WHERE unit_id = ?').all(unitId) as { id: number }[]).map((r) => r.id);
}

/** Shares every site of one unit with another (null: unshares them). */
export function moveUnitSites(db: Db, fromUnitId: number, toUnitId: number | null): void {
  prepared(db, 'UPDATE sites SET unit_id = ? WHERE unit_id = ?').run(toUnitId, fromUnitId);
}

export function setPermissions(db: Db, siteId: number, permissions: number): void {
  prepared(db, 'UPDATE sites SET permissions = ? WHERE id = ?').run(permissions, siteId);
}

export function setAutotreatment(db: Db, siteId: number, on: number): void {
  prepared(db, 'UPDATE sites SET autotreatment = ? WHERE id = ?').run(on, siteId);
}

export function setAutopatching(db: Db, siteId: number, on: number): void {
  prepared(db, 'UPDATE sites SET autopatching = ? WHERE id = ?').run(on, siteId);
}

export function setFirewall(db: Db, siteId: number, state: FirewallState): void {
  prepared(db, 'UPDATE sites SET firewall = ? WHERE id = ?').run(state, siteId);
}

export function setScanPeriod(db: Db, siteId: number, period: number, nextscan: number): void {
  prepared(db, 'UPDATE sites SET scanperiod = ?, nextscan = ? WHERE id = ?').run(period, nextscan, siteId);
}

export function setNextScan(db: Db, siteId: number, nextscan: number): void {
  prepared(db, 'UPDATE sites SET nextscan = ? WHERE id = ?').run(nextscan, siteId);
}

/** Marks a scan as running since `at`, unless one already runs. */
export function startScan(db: Db, siteId: number, at: number): void {
  prepared(db, 'UPDATE sites SET scan_started = ? WHERE id = ? AND scan_started IS NULL').run(at, siteId);
}

export function endScan(db: Db, siteId: number): void {
  prepared(db, 'UPDATE sites SET scan_started = NULL WHERE id = ?').run(siteId);
}

/** Scans started at or before `before`. */
export function scansStartedBy(db: Db, before: number): SiteRow[] {
  return prepared(db, 'SELECT * FROM sites WHERE scan_started IS NOT NULL AND scan_started <= ?').all(
    before,
  ) as SiteRow[];
}

/** Sites whose scheduled scan is due. */
export function scheduledBy(db: Db, now: number): SiteRow[] {
  return prepared(db, 'SELECT * FROM sites WHERE nextscan > 0 AND nextscan <= ?').all(now) as SiteRow[];
}

export function profileOf(db: Db, siteId: number): Profile {
  return (prepared(db, 'SELECT profile FROM sites WHERE id = ?').get(siteId) as { profile: Profile }).profile;
}

/** What the simulation checks before it infects or cleans a site; undefined when the site is gone. */
export function siteState(db: Db, siteId: number): Pick<SiteRow, 'profile' | 'syncfile' | 'autotreatment'> | undefined {
  return prepared(db, 'SELECT profile, syncfile, autotreatment FROM sites WHERE id = ?').get(siteId) as
    Pick<SiteRow, 'profile' | 'syncfile' | 'autotreatment'> | undefined;
}

export function setSyncfile(db: Db, userId: number, host: string, installed: boolean): number {
  return prepared(db, 'UPDATE sites SET syncfile = ? WHERE user_id = ? AND host = ?').run(
    installed ? 1 : 0,
    userId,
    host,
  ).changes;
}

/** The ids of a user's sites (all, or one unit's), in the order sites_list gives them. */
export function listSiteIds(db: Db, userId: number, unitId: number | null): number[] {
  const byUnit = unitId === null ? '' : ' AND unit_id = ?';
  return prepared(db, `SELECT id FROM sites WHERE user_id = ?${byUnit} ORDER BY id`)
    .pluck(true)
    .all(...(unitId === null ? [userId] : [userId, unitId])) as number[];
}

/** The sites of these ids that still exist, as sites_list gives them, in the order of `ids`. */
export function listedSites(db: Db, ids: readonly number[]): ListedSite[] {
  if (ids.length === 0) return [];
  const rows = prepared(
    db,
    `SELECT id, host, domain, adddate, scanperiod, nextscan, firewall, autotreatment, permissions, last_report_id
     FROM sites WHERE id IN (${ids.map(() => '?').join(',')})`,
  ).all(...ids) as ListedSite[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// ---- Firewall switches ----

export function addFwEvent(db: Db, siteId: number, at: number, enabled: boolean): void {
  prepared(db, 'INSERT INTO fw_events (site_id, at, enabled) VALUES (?, ?, ?)').run(siteId, at, enabled ? 1 : 0);
}

/** Firewall switches of these sites as [site_id, at, enabled], by site and time. */
export function fwEventsOf(db: Db, siteIds: readonly number[]): [number, number, number][] {
  if (siteIds.length === 0) return [];
  return prepared(
    db,
    `SELECT site_id, at, enabled FROM fw_events WHERE site_id IN (${siteIds.map(() => '?').join(',')})
     ORDER BY site_id, at`,
  )
    .raw(true)
    .all(...siteIds) as [number, number, number][];
}

// ---- The living demo (demo/simulation.ts) ----

/** An account's sites the simulation may infect: scanned through the sync file, clean or suspicious now. */
export function simulationCandidates(db: Db, userId: number): Pick<SiteRow, 'id' | 'host' | 'adddate'>[] {
  return prepared(
    db,
    `SELECT id, host, adddate FROM sites
     WHERE user_id = ? AND syncfile = 1 AND profile IN ('clean', 'suspicious') ORDER BY id`,
  ).all(userId) as Pick<SiteRow, 'id' | 'host' | 'adddate'>[];
}
