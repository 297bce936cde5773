/**
 * The living part of the sandbox: scans that finish over time, scheduled scans,
 * and firewall traffic that accrues per day. Everything is deterministic per
 * site and date, so tests and demos see stable numbers.
 */
import { BoundedCache } from './bounded-cache.ts';
import { prepared, type Db } from './db.ts';
import type { SandboxState } from './state.ts';

export type Profile = 'clean' | 'infected' | 'incurable' | 'suspicious' | 'errors';

export interface SiteRow {
  id: number;
  user_id: number;
  host: string;
  domain: string;
  adddate: number;
  scanperiod: number;
  nextscan: number;
  firewall: 'enabled' | 'disabled' | 'removed';
  autotreatment: number;
  autopatching: number;
  permissions: number;
  unit_id: number | null;
  syncfile: number;
  profile: Profile;
  scan_started: number | null;
  last_report_id: number | null;
}

/** spec §2.9, every field an integer. */
export interface ScanReport {
  id: number;
  date: number;
  cure: number;
  threats: number;
  incurable: number;
  doubt: number;
  treated: number;
  detectedfiles: number;
  incurablefiles: number;
  malicious: number;
  suspicious: number;
  checkeddirs: number;
  checkedfiles: number;
  treatedfiles: number;
  deletedfiles: number;
  totalbytes: number;
  checkedbytes: number;
  errors: number;
}

/** A 32-bit mix of integers (a small, fast, well-spread hash). */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
    h = Math.imul(h ^ Math.floor(p / 4294967296), 0x27d4eb2f);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

/** mulberry32: a seeded generator of numbers in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Sandbox naming convention for sites added by a partner: a host whose first
 * label says "infected", "incurable", "suspicious" or "scanerrors" scans as such;
 * every other site scans clean.
 */
export function profileForHost(host: string): Profile {
  const first = host.split('.')[0] ?? '';
  if (first.includes('incurable')) return 'incurable';
  if (first.includes('infected') || first.includes('malware')) return 'infected';
  if (first.includes('suspicious')) return 'suspicious';
  if (first.includes('scanerrors')) return 'errors';
  return 'clean';
}

/** Sites whose first label starts with "nosync" have no synchronization file (site_scan: 146901). */
export function syncfileForHost(host: string): number {
  return host.startsWith('nosync') ? 0 : 1;
}

/** Build an internally consistent scan report (checked ≤ total bytes, cleaned ≤ detected, cure=1 when cleanup ran). */
export function makeReport(
  site: Pick<SiteRow, 'id' | 'profile' | 'autotreatment'>,
  date: number,
): Omit<ScanReport, 'id'> {
  const r = rng(hash32(site.id, date));
  const totalbytes = Math.floor((40 + r() * 2400) * 1_000_000);
  const errors = site.profile === 'errors' ? 1 + Math.floor(r() * 6) : r() < 0.04 ? 1 : 0;
  const checkedbytes = errors > 0 ? Math.floor(totalbytes * (0.85 + r() * 0.14)) : totalbytes;
  const checkedfiles = Math.max(1, Math.floor(checkedbytes / (30_000 + r() * 70_000)));
  const checkeddirs = Math.max(1, Math.floor(checkedfiles / (6 + r() * 18)));

  let malicious = 0;
  let incurablefiles = 0;
  let suspicious = 0;
  if (site.profile === 'infected' || site.profile === 'incurable') malicious = 1 + Math.floor(r() * 7);
  if (site.profile === 'incurable') incurablefiles = Math.min(malicious, 1 + Math.floor(r() * 2));
  if (site.profile === 'suspicious' || (site.profile === 'infected' && r() < 0.5)) suspicious = 1 + Math.floor(r() * 4);
  const threatsPerFile = 1 + Math.floor(r() * 3);
  const found = malicious * threatsPerFile;
  const incurable = incurablefiles * threatsPerFile;
  const curable = found - incurable;
  const cure = site.autotreatment === 1 && curable > 0;
  const curableFiles = malicious - incurablefiles;
  const deletedfiles = cure ? Math.min(curableFiles, Math.floor(r() * 2)) : 0;
  const treatedfiles = cure ? curableFiles - deletedfiles : 0;
  return {
    date,
    cure: cure ? 1 : 0,
    threats: cure ? incurable : found,
    incurable,
    doubt: suspicious,
    treated: cure ? curable : 0,
    detectedfiles: malicious + suspicious,
    incurablefiles,
    malicious,
    suspicious,
    checkeddirs,
    checkedfiles,
    treatedfiles,
    deletedfiles,
    totalbytes,
    checkedbytes,
    errors,
  };
}

/** Write a report for the site and apply what a cleanup changed. */
export function writeReport(db: Db, site: SiteRow, date: number): void {
  const report = makeReport(site, date);
  const info = prepared(
    db,
    `INSERT INTO scan_reports (site_id, date, cure, threats, incurable, doubt, treated, detectedfiles, incurablefiles,
         malicious, suspicious, checkeddirs, checkedfiles, treatedfiles, deletedfiles, totalbytes, checkedbytes, errors)
       VALUES (@site_id, @date, @cure, @threats, @incurable, @doubt, @treated, @detectedfiles, @incurablefiles,
         @malicious, @suspicious, @checkeddirs, @checkedfiles, @treatedfiles, @deletedfiles, @totalbytes, @checkedbytes, @errors)`,
  ).run({ site_id: site.id, ...report });
  // A cleanup leaves only what it could not cure.
  const profile: Profile = report.cure
    ? report.incurable > 0
      ? 'incurable'
      : report.doubt > 0
        ? 'suspicious'
        : 'clean'
    : site.profile;
  prepared(db, 'UPDATE sites SET last_report_id = ?, profile = ? WHERE id = ?').run(
    info.lastInsertRowid,
    profile,
    site.id,
  );
}

/** Finish scans whose time is up and run scheduled scans whose nextscan has passed. */
export function processDue(state: SandboxState): void {
  const { db } = state;
  const now = state.now();
  const finishBefore = now - state.config.scanSeconds;
  const running = prepared(db, 'SELECT * FROM sites WHERE scan_started IS NOT NULL AND scan_started <= ?').all(
    finishBefore,
  ) as SiteRow[];
  const due = prepared(db, 'SELECT * FROM sites WHERE nextscan > 0 AND nextscan <= ?').all(now) as SiteRow[];
  if (running.length === 0 && due.length === 0) return;
  db.transaction(() => {
    for (const site of running) {
      writeReport(db, site, (site.scan_started ?? now) + state.config.scanSeconds);
      prepared(db, 'UPDATE sites SET scan_started = NULL WHERE id = ?').run(site.id);
    }
    for (const site of due) {
      if (site.scanperiod <= 0) {
        prepared(db, 'UPDATE sites SET nextscan = 0 WHERE id = ?').run(site.id);
        continue;
      }
      // Only the latest missed run writes a report (the sandbox may have been off for days).
      const missed = Math.floor((now - site.nextscan) / site.scanperiod);
      const last = site.nextscan + missed * site.scanperiod;
      if (site.syncfile) writeReport(db, { ...site, ...currentProfile(db, site.id) }, last);
      prepared(db, 'UPDATE sites SET nextscan = ? WHERE id = ?').run(last + site.scanperiod, site.id);
    }
  })();
}

function currentProfile(db: Db, id: number): Pick<SiteRow, 'profile'> {
  return prepared(db, 'SELECT profile FROM sites WHERE id = ?').get(id) as Pick<SiteRow, 'profile'>;
}

// ---- Firewall history (spec §2.10) ----

export const FW_DAYS = 30;
const DAY = 86400;

/** YYYYMMDD of a UNIX time, in UTC: the sandbox keeps firewall days in UTC. */
export function ymd(t: number): number {
  const d = new Date(t * 1000);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

export interface FwEvent {
  at: number;
  enabled: number;
}

export type FwDay = [number, number, number, number, number, number, number, number];
export type FwHistory = Record<string, FwDay | null>;

export interface FwWindow {
  now: number;
  /** UTC midnight of each of the 30 days, oldest first. */
  starts: number[];
  /** The same days as YYYYMMDD. */
  keys: number[];
}

/** The 30 days ending today (UTC), computed once per request. */
export function fwWindow(now: number): FwWindow {
  const today = Math.floor(now / DAY) * DAY;
  const starts = Array.from({ length: FW_DAYS }, (_, i) => today - (FW_DAYS - 1 - i) * DAY);
  return { now, starts, keys: starts.map(ymd) };
}

/**
 * One site's history (spec §2.10) as JSON text. A day has data when the site
 * existed and its firewall was on at some time that day; today's figures grow
 * with the hours. The 29 past days never change until the firewall is switched
 * or the day rolls over, so their text is kept per site: a 10,000-site
 * sites_list would otherwise rebuild 300,000 days per call (bench/sandbox.ts).
 */
export function fwHistoryJson(win: FwWindow, siteId: number, adddate: number, events: readonly FwEvent[]): string {
  const sig = `${win.starts[0]}:${adddate}:${events.length}:${events.at(-1)?.at ?? 0}`;
  let cached = historyCache.get(siteId);
  if (cached?.sig !== sig) {
    cached = { sig, past: daysJson(win, siteId, adddate, events, 0, FW_DAYS - 1) };
    historyCache.set(siteId, cached);
  }
  return `{${cached.past},${daysJson(win, siteId, adddate, events, FW_DAYS - 1, FW_DAYS)}}`;
}

/** Days [from, to) of the window as `"YYYYMMDD":[…]` / `"YYYYMMDD":null`, joined by commas. */
function daysJson(
  win: FwWindow,
  siteId: number,
  adddate: number,
  events: readonly FwEvent[],
  from: number,
  to: number,
): string {
  const days: string[] = [];
  let e = 0;
  let enabled = 0;
  for (let i = from; i < to; i++) {
    const start = win.starts[i] ?? 0;
    const end = start + DAY;
    const key = win.keys[i] ?? 0;
    // The state at the start of the day, then whether it was on at any time during it.
    while (e < events.length && (events[e]?.at ?? 0) < start) enabled = events[e++]?.enabled ?? 0;
    let onDuring = enabled === 1;
    for (let j = e; !onDuring && j < events.length && (events[j]?.at ?? 0) < end; j++) {
      if (events[j]?.enabled === 1) onDuring = true;
    }
    if (adddate >= end || !onDuring) {
      days.push(`"${key}":null`);
      continue;
    }
    const today = i === FW_DAYS - 1;
    const scale = today ? Math.max(0, Math.min(1, (win.now - start) / DAY)) : 1;
    days.push(`"${key}":[${fwDay(siteId, start, key, scale).join(',')}]`);
  }
  return days.join(',');
}

/**
 * Past days' text per site, keyed by the site id; the signature (window, add
 * date, firewall events) says when it is stale. Shared by every sandbox in the
 * process (the same inputs give the same text) and capped: 100,000 sites of
 * about 1.5 kB each.
 */
export const FW_HISTORY_CACHE_LIMIT = 100_000;
const historyCache = new BoundedCache<number, { sig: string; past: string }>(FW_HISTORY_CACHE_LIMIT);

/** How many sites' histories are cached (for tests of the limit). */
export function fwHistoryCacheSize(): number {
  return historyCache.size;
}

function fwDay(siteId: number, start: number, key: number, scale: number): FwDay {
  const traffic = 150 + (hash32(siteId, 7) % 12000);
  const r = rng(hash32(siteId, start / DAY));
  const spike = r() < 0.08 ? 4 + r() * 20 : 1;
  const regular = Math.floor(traffic * (0.6 + r() * 0.8) * scale);
  const dos = Math.floor((r() < 0.15 ? traffic * (0.05 + r() * 0.3) * spike : r() * 4) * scale);
  const injections = Math.floor(traffic * 0.004 * r() * spike * scale);
  const uploads = Math.floor((r() < 0.2 ? 1 + r() * 3 : 0) * scale);
  const other = Math.floor(traffic * 0.003 * r() * scale);
  const blocked = dos + injections + uploads + other;
  const ips = blocked === 0 ? 0 : Math.max(1, Math.floor(blocked * (0.05 + r() * 0.4)));
  return [key, regular, blocked, dos, injections, uploads, other, ips];
}

export function addFwEvent(db: Db, siteId: number, at: number, enabled: boolean): void {
  prepared(db, 'INSERT INTO fw_events (site_id, at, enabled) VALUES (?, ?, ?)').run(siteId, at, enabled ? 1 : 0);
}
