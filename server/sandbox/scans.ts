/**
 * Scans that finish over time and scheduled scans (docs/partner-api.md#site_scan, docs/partner-api.md#scan-report).
 * Everything is deterministic per site and date, so tests and demos see stable
 * numbers.
 */
import type { Db } from './db.ts';
import { hash32, rng } from './random.ts';
import { insertReport, type ScanReport } from './store/reports.ts';
import { simulationDue, startPass, type Cleanup } from './demo/simulation.ts';
import {
  endScan,
  profileOf,
  scansStartedBy,
  scheduledBy,
  setNextScan,
  siteState,
  type Profile,
  type SiteRow,
} from './store/sites.ts';
import type { SandboxState } from './state.ts';

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
  scanErrorPercent: number,
): Omit<ScanReport, 'id'> {
  const r = rng(hash32(site.id, date));
  const totalbytes = Math.floor((40 + r() * 2400) * 1_000_000);
  const errors = site.profile === 'errors' ? 1 + Math.floor(r() * 6) : r() * 100 < scanErrorPercent ? 1 : 0;
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

/** Write a report for the site; a cleanup leaves only what it could not cure. */
function writeReport(
  db: Db,
  site: Pick<SiteRow, 'id' | 'profile' | 'autotreatment'>,
  date: number,
  scanErrorPercent: number,
): void {
  const report = makeReport(site, date, scanErrorPercent);
  const profile: Profile = report.cure
    ? report.incurable > 0
      ? 'incurable'
      : report.doubt > 0
        ? 'suspicious'
        : 'clean'
    : site.profile;
  insertReport(db, site.id, report, profile);
}

/** The site as the simulation found it infected: a detection report (docs/partner-api.md#scan-report, no cleanup yet); whether it took. */
function infect(db: Db, siteId: number, at: number, scanErrorPercent: number): boolean {
  const site = siteState(db, siteId);
  if (!site || site.syncfile !== 1 || (site.profile !== 'clean' && site.profile !== 'suspicious')) return false;
  insertReport(
    db,
    siteId,
    makeReport({ id: siteId, profile: 'infected', autotreatment: 0 }, at, scanErrorPercent),
    'infected',
  );
  return true;
}

/**
 * The simulation's clean-up of a site it infected, when the site is still
 * infected: with automatic cleanup on, a scan that cleans it (`cure` 1); with
 * it off, the hoster cleaned it by hand and a scan finds it clean (`cure` 0).
 */
function cleanUp(db: Db, { siteId, at }: Cleanup, scanErrorPercent: number): void {
  const site = siteState(db, siteId);
  if (!site || site.profile !== 'infected') return;
  const autotreatment = site.autotreatment === 1 ? 1 : 0;
  writeReport(db, { id: siteId, profile: autotreatment ? 'infected' : 'clean', autotreatment }, at, scanErrorPercent);
}

/**
 * Finish scans whose time is up, run scheduled scans whose nextscan has
 * passed, and play the living demo's infections and clean-ups
 * (demo/simulation.ts), all in the order of their dates, so a scan after an
 * infection finds it.
 */
export function processDue(state: SandboxState): void {
  const { db } = state;
  const { scanErrorPercent } = state.config;
  const now = state.now();
  const idle = () =>
    scansStartedBy(db, now - state.config.scanSeconds).length === 0 &&
    scheduledBy(db, now).length === 0 &&
    !simulationDue(db, now);
  if (idle()) return;
  // IMMEDIATE, and read again inside: another process on the file (npm run demo:reset)
  // may have changed the sites since, but cannot while this runs.
  db.transaction(() => {
    const running = scansStartedBy(db, now - state.config.scanSeconds);
    const due = scheduledBy(db, now);
    type Event = { at: number; run: () => void };
    const events: Event[] = [];
    for (const site of running) {
      const at = (site.scan_started ?? now) + state.config.scanSeconds;
      events.push({
        at,
        run: () => {
          // The profile as the events before this one left it.
          writeReport(db, { ...site, profile: profileOf(db, site.id) }, at, scanErrorPercent);
          endScan(db, site.id);
        },
      });
    }
    for (const site of due) {
      if (site.scanperiod <= 0) {
        setNextScan(db, site.id, 0);
        continue;
      }
      // Only the latest missed run writes a report (the sandbox may have been off for days).
      const missed = Math.floor((now - site.nextscan) / site.scanperiod);
      const last = site.nextscan + missed * site.scanperiod;
      events.push({
        at: last,
        run: () => {
          if (site.syncfile) writeReport(db, { ...site, profile: profileOf(db, site.id) }, last, scanErrorPercent);
          setNextScan(db, site.id, last + site.scanperiod);
        },
      });
    }
    const simulation = startPass(db, now);
    const cleanupEvent = (cleanup: Cleanup): Event => ({
      at: cleanup.at,
      run: () => cleanUp(db, cleanup, scanErrorPercent),
    });
    let i = 0;
    for (const infection of simulation?.infections ?? []) {
      events.push({
        at: infection.at,
        run: () => {
          if (!infect(db, infection.siteId, infection.at, scanErrorPercent)) return;
          const cleanup = simulation?.infected(infection);
          if (!cleanup) return;
          // Due by now (a pause, or a clock moved on): played in its place among the events still to come.
          let place = i + 1;
          while (place < events.length && (events[place]?.at ?? 0) <= cleanup.at) place++;
          events.splice(place, 0, cleanupEvent(cleanup));
        },
      });
    }
    for (const cleanup of simulation?.cleanups ?? []) events.push(cleanupEvent(cleanup));
    // Stable: at the same second, scans come before infections, and infections before clean-ups.
    events.sort((a, b) => a.at - b.at);
    for (i = 0; i < events.length; i++) events[i]?.run();
    simulation?.finish();
  }).immediate();
}
