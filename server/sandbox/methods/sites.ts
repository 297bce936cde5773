import { z } from 'zod';
import { RESTRICTED_OPTIONS, SCAN_PERIODS, SITE_OPTIONS, type SiteOption } from '../../../src/api/registry/sites.ts';
import { regex } from '../../../src/api/registry/define.ts';
import type { Call } from '../call.ts';
import { requireUser } from '../call.ts';
import { JsonText, MethodError, SystemError } from '../errors.ts';
import { parseEmail, parseSiteName } from '../names.ts';
import {
  addFwEvent,
  fwHistoryJson,
  fwWindow,
  profileForHost,
  syncfileForHost,
  type FwEvent,
  type SiteRow,
} from '../simulation.ts';
import { BoundedCache } from '../bounded-cache.ts';
import type { SandboxState, UserRow } from '../state.ts';
import { getAgency } from './agency.ts';
import { findUnit, getOrCreateUnit } from './units.ts';
import { prepared } from '../db.ts';

/** At most this many entries in one sites_add call (spec §8 leaves it open). */
export const MAX_SITES_PER_ADD = 10_000;
/** A new site is scanned weekly, first within ten minutes. */
const NEW_SITE_PERIOD = SCAN_PERIODS.week;
const FIRST_SCAN_DELAY = 600;

/**
 * One sites_add entry (spec §4.3): a name, or an object whose name and share are
 * checked one by one below, so each bad site gets its own message.
 */
const siteEntry = z.union([z.string(), z.looseObject({ name: z.unknown().optional(), share: z.unknown().optional() })]);

interface AddItem {
  index: number;
  host: string;
  domain: string;
  share: string | null;
}

/** spec §4.3 sites_add: per-site errors in the result, keyed by index. */
export function sitesAdd(call: Call) {
  const user = requireUser(call);
  const { state, now } = call;
  const body = call.body;
  if (!Array.isArray(body)) throw new SystemError(503, 'The body must be a JSON array of sites');
  if (body.length > MAX_SITES_PER_ADD) {
    throw new SystemError(503, `At most ${MAX_SITES_PER_ADD.toLocaleString('en')} sites per call`);
  }
  const errors: Record<string, string> = {};
  const hasAgency = getAgency(state, user.id) !== null;
  // Later duplicates overwrite earlier options (spec §3).
  const items = new Map<string, AddItem>();
  body.forEach((entry: unknown, index) => {
    const parsedEntry = siteEntry.safeParse(entry);
    if (!parsedEntry.success) {
      errors[index] = 'Each site must be a domain name or an object with a name';
      return;
    }
    const { name, share } =
      typeof parsedEntry.data === 'string' ? { name: parsedEntry.data, share: undefined } : parsedEntry.data;
    if (typeof name !== 'string') {
      errors[index] = 'The site has no name';
      return;
    }
    const parsed = parseSiteName(name);
    if ('error' in parsed) {
      errors[index] = parsed.error;
      return;
    }
    let shareEmail: string | null = null;
    if (share !== undefined && share !== null && share !== '') {
      if (typeof share !== 'string' || !(shareEmail = parseEmail(share))) {
        errors[index] = 'The share e-mail is not a valid e-mail address';
        return;
      }
      if (!hasAgency) {
        errors[index] = 'Sharing needs the agency record: fill in the agency profile first (agency_update)';
        return;
      }
    }
    items.delete(parsed.host);
    items.set(parsed.host, { index, host: parsed.host, domain: parsed.domain, share: shareEmail });
  });

  const existing = new Map<string, number>();
  const findSite = prepared(state.db, 'SELECT id FROM sites WHERE user_id = ? AND host = ?');
  for (const item of items.values()) {
    const row = findSite.get(user.id, item.host) as { id: number } | undefined;
    if (row) existing.set(item.host, row.id);
  }
  const count = (prepared(state.db, 'SELECT COUNT(*) AS n FROM sites WHERE user_id = ?').get(user.id) as { n: number })
    .n;
  const adding = items.size - existing.size;
  if (count + adding > user.site_limit) {
    throw new MethodError(
      'sites_add',
      'upgradeRequired',
      `The plan allows ${user.site_limit} sites; the account has ${count} and this call adds ${adding}`,
    );
  }

  const insert = prepared(
    state.db,
    `INSERT INTO sites (user_id, host, domain, adddate, scanperiod, nextscan, firewall, autotreatment, autopatching,
       permissions, unit_id, syncfile, profile)
     VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?, ?, ?)`,
  );
  const reshare = prepared(state.db, 'UPDATE sites SET unit_id = ? WHERE id = ?');
  for (const item of items.values()) {
    const unitId = item.share ? getOrCreateUnit(state, user.id, item.share, now) : null;
    const id = existing.get(item.host);
    if (id !== undefined) {
      if (unitId !== null) reshare.run(unitId, id);
      continue;
    }
    // The firewall runs through the synchronization file: without one it starts off,
    // as `firewall enable` would refuse it (145903), and accrues no history.
    const syncfile = syncfileForHost(item.host);
    const info = insert.run(
      user.id,
      item.host,
      item.domain,
      now,
      NEW_SITE_PERIOD,
      now + FIRST_SCAN_DELAY,
      syncfile ? 'enabled' : 'disabled',
      unitId,
      syncfile,
      profileForHost(item.host),
    );
    if (syncfile) addFwEvent(state.db, Number(info.lastInsertRowid), now, true);
  }
  return errors;
}

/** A scan report row (spec §2.9 fields in order) as JSON; all integers, nothing to escape. */
function reportJson(r: number[]): string {
  return (
    `{"id":${r[0]},"date":${r[1]},"cure":${r[2]},"threats":${r[3]},"incurable":${r[4]},"doubt":${r[5]},` +
    `"treated":${r[6]},"detectedfiles":${r[7]},"incurablefiles":${r[8]},"malicious":${r[9]},"suspicious":${r[10]},` +
    `"checkeddirs":${r[11]},"checkedfiles":${r[12]},"treatedfiles":${r[13]},"deletedfiles":${r[14]},` +
    `"totalbytes":${r[15]},"checkedbytes":${r[16]},"errors":${r[17]}}`
  );
}

/**
 * Reports never change once written, so their JSON is kept by report id: a
 * 10,000-site sites_list then reads no report rows at all (bench/sandbox.ts).
 * Report ids are never reused (AUTOINCREMENT, migration 2), so an id names its
 * content for good, even when another process writes the same file. Shared by
 * every sandbox in the process; ids are per database, so the key includes the
 * database file name.
 */
const reportCache = new BoundedCache<string, string>(100_000);

function reportsJson(state: SandboxState, ids: number[]): Map<number, string> {
  const out = new Map<number, string>();
  const missing: number[] = [];
  const db = state.db.name;
  for (const id of ids) {
    const json = reportCache.get(`${db}:${id}`);
    if (json === undefined) missing.push(id);
    else out.set(id, json);
  }
  for (let i = 0; i < missing.length; i += 500) {
    const chunk = missing.slice(i, i + 500);
    const rows = prepared(
      state.db,
      `SELECT id, date, cure, threats, incurable, doubt, treated, detectedfiles, incurablefiles, malicious, suspicious,
         checkeddirs, checkedfiles, treatedfiles, deletedfiles, totalbytes, checkedbytes, errors
       FROM scan_reports WHERE id IN (${chunk.map(() => '?').join(',')})`,
    )
      .raw(true)
      .all(...chunk) as number[][];
    for (const row of rows) {
      const json = reportJson(row);
      // In-memory databases all share the name ':memory:': cache only reports of database files.
      if (db !== ':memory:') reportCache.set(`${db}:${row[0]}`, json);
      out.set(row[0] ?? 0, json);
    }
  }
  return out;
}

type ListedSite = Pick<
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

/** spec §4.3 sites_list, with scan reports (§2.9) and firewall history (§2.10) on request. */
export function sitesList(call: Call) {
  const user = requireUser(call);
  const { state } = call;
  const unitEmail = call.args.get('unit');
  let unitId: number | null = null;
  if (unitEmail !== undefined) {
    const unit = findUnit(state, user.id, parseEmail(unitEmail) ?? '');
    if (!unit) throw new MethodError('sites_list', 'unitNotFound', 'No unit has this e-mail');
    unitId = unit.id;
  }
  const byUnit = unitId === null ? '' : ' AND s.unit_id = ?';
  const params = unitId === null ? [user.id] : [user.id, unitId];
  const sites = prepared(
    state.db,
    `SELECT id, host, domain, adddate, scanperiod, nextscan, firewall, autotreatment, permissions, last_report_id
     FROM sites s WHERE s.user_id = ?${byUnit} ORDER BY s.id`,
  ).all(...params) as ListedSite[];

  const withReport = call.flag('withscanreport');
  const reports = withReport
    ? reportsJson(
        state,
        sites.flatMap((s) => (s.last_report_id === null ? [] : [s.last_report_id])),
      )
    : new Map<number, string>();
  const withFw = call.flag('withfwhistory');
  const events = new Map<number, FwEvent[]>();
  if (withFw) {
    const rows = prepared(
      state.db,
      `SELECT e.site_id, e.at, e.enabled FROM fw_events e JOIN sites s ON s.id = e.site_id
       WHERE s.user_id = ?${byUnit} ORDER BY e.site_id, e.at`,
    )
      .raw(true)
      .all(...params) as [number, number, number][];
    for (const [siteId, at, enabled] of rows) {
      let list = events.get(siteId);
      if (!list) events.set(siteId, (list = []));
      list.push({ at, enabled });
    }
  }
  const win = fwWindow(call.now);
  // Built as JSON text: with 10,000 sites and both flags this is ~17 MB (bench/sandbox.ts).
  const parts = sites.map((s) => {
    const site = {
      id: s.id,
      host: s.host,
      domain: s.domain,
      adddate: s.adddate,
      scanperiod: s.scanperiod,
      nextscan: s.nextscan,
      firewallstatus: s.firewall === 'enabled' ? 1 : 0,
      autotreatment: s.autotreatment,
      permissions: s.permissions,
    };
    let json = JSON.stringify(site).slice(0, -1);
    if (withReport) json += `,"scanreport":${(s.last_report_id !== null && reports.get(s.last_report_id)) || 'null'}`;
    if (withFw) json += `,"fwhistory":${fwHistoryJson(win, s.id, s.adddate, events.get(s.id) ?? [])}`;
    return `${json}}`;
  });
  return new JsonText(`[${parts.join(',')}]`);
}

/** Find a site of the user by a path entry (UTF-8, punycode or a URL). */
export function findSite(state: SandboxState, user: UserRow, name: string): SiteRow | undefined {
  const parsed = parseSiteName(name);
  if ('error' in parsed) return undefined;
  return prepared(state.db, 'SELECT * FROM sites WHERE user_id = ? AND host = ?').get(user.id, parsed.host) as
    SiteRow | undefined;
}

export function deleteSites(state: SandboxState, ids: number[]): void {
  const delReports = prepared(state.db, 'DELETE FROM scan_reports WHERE site_id = ?');
  const delEvents = prepared(state.db, 'DELETE FROM fw_events WHERE site_id = ?');
  const delSite = prepared(state.db, 'DELETE FROM sites WHERE id = ?');
  for (const id of ids) {
    delReports.run(id);
    delEvents.run(id);
    delSite.run(id);
  }
}

/** spec §4.3 site_delete: the original domain, or null with ignore. */
export function siteDelete(call: Call) {
  const user = requireUser(call);
  const name = call.path[0] ?? '';
  const site = findSite(call.state, user, name);
  if (!site) {
    if (call.flag('ignore')) return null;
    throw new MethodError('site_delete', 'siteNotFound');
  }
  deleteSites(call.state, [site.id]);
  return name;
}

/** spec §4.3 site_unshare. */
export function siteUnshare(call: Call) {
  const user = requireUser(call);
  const [unitEmail = '', name = ''] = call.path;
  const unit = findUnit(call.state, user.id, parseEmail(unitEmail) ?? '');
  if (!unit) throw new MethodError('site_unshare', 'unitNotFound');
  const site = findSite(call.state, user, name);
  if (!site) throw new MethodError('site_unshare', 'siteNotFound');
  if (site.unit_id !== unit.id) throw new MethodError('site_unshare', 'notShared');
  prepared(call.state.db, 'UPDATE sites SET unit_id = NULL WHERE id = ?').run(site.id);
  return name;
}

/** An option of the spec §4.3 table; own keys only, so `constructor` and the like are unknown options. */
function isSiteOption(name: string): name is SiteOption {
  return Object.hasOwn(SITE_OPTIONS, name);
}

/** spec §4.3 site_setoption: every option and value of the table; (!) options per plan (145904). */
export function siteSetOption(call: Call) {
  const user = requireUser(call);
  const { state, now } = call;
  const [name = '', option = '', value = ''] = call.path;
  const site = findSite(state, user, name);
  if (!site) throw new MethodError('site_setoption', 'siteNotFound');
  if (!isSiteOption(option)) throw new MethodError('site_setoption', 'invalidOption', `Unknown option "${option}"`);
  const opt = option;
  if (!regex(SITE_OPTIONS[opt]).test(value))
    throw new MethodError('site_setoption', 'invalidOption', `"${value}" is not a valid value for ${opt}`);
  if (RESTRICTED_OPTIONS.includes(opt) && !user.features.split(',').includes(opt)) {
    throw new MethodError('site_setoption', 'permissionDenied', `${opt} is not part of the account's plan`);
  }
  const db = state.db;
  switch (opt) {
    case 'permissions': {
      const n = Number(value);
      if (n > 0x7fffffff) throw new MethodError('site_setoption', 'invalidOption', 'permissions must be below 2^31');
      prepared(db, 'UPDATE sites SET permissions = ? WHERE id = ?').run(n, site.id);
      break;
    }
    case 'autocleanup':
      prepared(db, 'UPDATE sites SET autotreatment = ? WHERE id = ?').run(Number(value), site.id);
      break;
    case 'autopatching':
      prepared(db, 'UPDATE sites SET autopatching = ? WHERE id = ?').run(Number(value), site.id);
      break;
    case 'firewall': {
      const next = value === 'enable' ? 'enabled' : value === 'disable' ? 'disabled' : 'removed';
      // The firewall is installed through the synchronization file.
      if (next === 'enabled' && !site.syncfile) {
        throw new MethodError(
          'site_setoption',
          'operationFailed',
          'The firewall cannot be installed: the synchronization file is not on the site',
        );
      }
      if (next !== site.firewall) {
        prepared(db, 'UPDATE sites SET firewall = ? WHERE id = ?').run(next, site.id);
        if ((next === 'enabled') !== (site.firewall === 'enabled')) addFwEvent(db, site.id, now, next === 'enabled');
      }
      break;
    }
    case 'scanperiod': {
      const period = SCAN_PERIODS[value as keyof typeof SCAN_PERIODS];
      prepared(db, 'UPDATE sites SET scanperiod = ?, nextscan = ? WHERE id = ?').run(
        period,
        period === 0 ? 0 : now + period,
        site.id,
      );
      break;
    }
  }
  return [name, option, value];
}

/** spec §4.3 site_scan: runs for a few seconds, then writes a report. */
export function siteScan(call: Call) {
  const user = requireUser(call);
  const name = call.path[0] ?? '';
  const site = findSite(call.state, user, name);
  if (!site) throw new MethodError('site_scan', 'siteNotFound');
  if (!site.syncfile) {
    throw new MethodError(
      'site_scan',
      'notAvailable',
      'The synchronization file is not installed on the site: upload it to the site root first',
    );
  }
  if (site.scan_started === null) {
    prepared(call.state.db, 'UPDATE sites SET scan_started = ? WHERE id = ?').run(call.now, site.id);
  }
  return name;
}
