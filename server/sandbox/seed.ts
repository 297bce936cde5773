/**
 * The demo seed (docs/sandbox.md, "The demo account"): the demo partner account
 * with its agency, units and SANDBOX_DEMO_SITES sites (demo/fleet.ts), 30 days
 * of firewall history and past reports, in one transaction. Reports are built
 * in memory and written before their site, so every row is one INSERT of a
 * prepared statement: 10,000 sites take about a second (bench/sandbox.ts).
 */
import { SCAN_PERIODS } from '../../src/api/registry/sites.ts';
import { ALL_FEATURES, createUser } from './accounts.ts';
import { AGENCY, DEMO_EMAIL } from './demo/fixtures.ts';
import { demoFleet } from './demo/fleet.ts';
import { startSimulation, startSimulationIfNone } from './demo/simulation.ts';
import { parseSiteName } from './names.ts';
import { hash32 } from './random.ts';
import { makeReport } from './scans.ts';
import type { SandboxState } from './state.ts';
import { saveAgency } from './store/agency.ts';
import { insertReportRow } from './store/reports.ts';
import { addFwEvent, insertSiteWithId, nextSiteId, type NewSite } from './store/sites.ts';
import { insertUnit } from './store/units.ts';

export { DEMO_EMAIL } from './demo/fixtures.ts';

const DAY = 86400;

/** The plan of a demo account of `sites` sites: room for a quarter more, and never less than 250. */
export function demoSiteLimit(sites: number): number {
  return Math.max(250, Math.ceil(sites * 1.25));
}

export interface SeedSummary {
  userId: number;
  sites: number;
  units: number;
  reports: number;
}

/**
 * Seeds the demo account (which must not exist) with `sites` sites, under
 * `email` (a demo copy's, demo/copies.ts, or the shared account's). Site ids
 * start at `firstSiteId` (default: after every site in the table), so a reseed
 * never gives a new site the id of one just deleted (fw-history.ts caches by id).
 */
export function seedDemo(
  state: SandboxState,
  sites = state.config.demoSites,
  firstSiteId?: number,
  email = DEMO_EMAIL,
): SeedSummary {
  const { db } = state;
  const now = state.now();
  const fleet = demoFleet(sites);
  return db.transaction((): SeedSummary => {
    const user = createUser(state, email, {
      regdate: now - 800 * DAY,
      siteLimit: demoSiteLimit(sites),
      features: ALL_FEATURES,
    });
    saveAgency(db, user.id, AGENCY, now - 30 * DAY);
    const unitIds = fleet.units.map((email, i) => {
      const ageDays = i < 299 ? 300 - i : 1 + (hash32(i, 11) % 299);
      return insertUnit(db, user.id, email, now - ageDays * DAY);
    });
    const firstId = Math.max(firstSiteId ?? 0, nextSiteId(db));
    let reports = 0;
    fleet.sites.forEach((s, i) => {
      const id = firstId + i;
      const name = parseSiteName(s.name);
      if ('error' in name) throw new Error(`seed site ${s.name}: ${name.error}`);
      const adddate = now - (s.ageDays ?? 60) * DAY - (hash32(i, 3) % DAY);
      const scanperiod = SCAN_PERIODS[s.period ?? 'week'];
      const firewall = s.firewall ?? 'enabled';
      const row: NewSite = {
        user_id: user.id,
        host: name.host,
        domain: name.domain,
        adddate,
        scanperiod,
        nextscan: scanperiod === 0 ? 0 : now + 1800 + (hash32(i, 5) % scanperiod),
        firewall,
        autotreatment: s.autotreatment ?? 0,
        autopatching: s.autopatching ?? 0,
        permissions: s.permissions ?? 15,
        unit_id: s.unit === undefined ? null : (unitIds[s.unit] ?? null),
        syncfile: s.syncfile ?? 1,
        profile: s.profile ?? 'clean',
      };
      // A few past reports, the last one within the scan period. The site keeps its seeded
      // state even when a past report shows a cleanup: the demo shows every state.
      let lastReport: number | null = null;
      // A site whose file went was scanned until then.
      const until = s.syncLostDaysAgo === undefined ? now : now - s.syncLostDaysAgo * DAY;
      if (!s.neverScanned && (row.syncfile || until < now)) {
        const site = { id, profile: row.profile, autotreatment: row.autotreatment };
        const period = scanperiod || 14 * DAY;
        for (let k = 3; k >= 1; k--) {
          const date = until - k * period + (hash32(id, k) % 3600);
          if (date <= adddate) continue;
          lastReport = insertReportRow(db, id, makeReport(site, date, state.config.scanErrorPercent));
          reports++;
        }
      }
      insertSiteWithId(db, { ...row, id, last_report_id: lastReport });
      addFwEvent(db, id, adddate, true);
      if (firewall !== 'enabled') addFwEvent(db, id, now - (s.firewallOffDaysAgo ?? 20) * DAY, false);
    });
    // The shared account starts the living demo's clock; a copy joins the one running.
    if (email === DEMO_EMAIL) startSimulation(db, now);
    else startSimulationIfNone(db, now);
    return { userId: user.id, sites: fleet.sites.length, units: unitIds.length, reports };
  })();
}
