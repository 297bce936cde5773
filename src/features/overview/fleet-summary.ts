/**
 * The fleet overview's figures from the sites of `sites_list?withscanreport`
 * (docs/partner-api.md#site-object): the rules, pure. The server counts in SQL
 * (server/readmodel/store-read.ts) and its tests hold it to `summarize`; the
 * page shows the server's answer and decides here what fixes a site. The
 * counters use the sites page's own tests (site-status.ts, site-filters.ts,
 * src/lib/scan-schedule.ts), so a counter and the filtered sites page it links to agree.
 */
import type { Site } from '../../api/schemas';
import { scanDue, scannedRecently, scansStoppedSince } from '../../lib/scan-schedule';
import { statusOf } from '../../data/site-model/site-status';

export interface FleetCounts {
  sites: number;
  incurable: number;
  infected: number;
  suspicious: number;
  errors: number;
  clean: number;
  never: number;
  /** Never scanned, or scheduled scans overdue (the sites page's scan=due). */
  scanDue: number;
  firewallOff: number;
  cleanupOff: number;
  firewallOn: number;
  cleanupOn: number;
  /** Scanned within its scan period (within 30 days without scheduled scans). */
  scannedRecently: number;
}

/** What is wrong with a site, the worst first (the order of "Needs attention"). */
const PROBLEMS = ['incurable', 'infected', 'suspicious', 'errors', 'never', 'overdue', 'firewallOff'] as const;
export type Problem = (typeof PROBLEMS)[number];

export interface AttentionSite {
  domain: string;
  /** Worst first; the first places the site and decides its action. */
  problems: Problem[];
  /** Threats remaining after the last scan (0 when none or never scanned). */
  threats: number;
  cleanup: boolean;
  scanperiod: number;
  adddate: number;
}

export interface FleetSummary {
  /** The time (UNIX seconds) the figures were computed for. */
  now: number;
  counts: FleetCounts;
  /** The sites to act on, worst first (the page shows the first few, and all when asked). */
  attention: AttentionSite[];
  /** How many sites have a problem at all. */
  attentionTotal: number;
}

/** A site as the counters read it (its firewall history is not needed, nor checked yet). */
export type SummarySite = Pick<
  Site,
  'domain' | 'adddate' | 'scanperiod' | 'firewallstatus' | 'autotreatment' | 'scanreport'
>;

function problemsOf(site: SummarySite, now: number): Problem[] {
  const problems: Problem[] = [];
  const status = statusOf(site);
  if (status === 'incurable' || status === 'infected' || status === 'suspicious' || status === 'errors') {
    problems.push(status);
  }
  if (!site.scanreport) problems.push('never');
  else if (scanDue(site, now)) problems.push('overdue');
  if (site.firewallstatus !== 1) problems.push('firewallOff');
  return problems;
}

const rank = (p: Problem | undefined) => (p === undefined ? PROBLEMS.length : PROBLEMS.indexOf(p));

/** Worst first: the first problem, then more threats, then more problems, then by name. */
function byUrgency(a: AttentionSite, b: AttentionSite): number {
  return (
    rank(a.problems[0]) - rank(b.problems[0]) ||
    b.threats - a.threats ||
    b.problems.length - a.problems.length ||
    (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0)
  );
}

/** The counters, coverage and the sites to act on first, at `now` (UNIX seconds). */
export function summarize(sites: readonly SummarySite[], now: number): FleetSummary {
  const counts: FleetCounts = {
    sites: sites.length,
    incurable: 0,
    infected: 0,
    suspicious: 0,
    errors: 0,
    clean: 0,
    never: 0,
    scanDue: 0,
    firewallOff: 0,
    cleanupOff: 0,
    firewallOn: 0,
    cleanupOn: 0,
    scannedRecently: 0,
  };
  const attention: AttentionSite[] = [];
  for (const site of sites) {
    counts[statusOf(site)]++;
    if (scanDue(site, now)) counts.scanDue++;
    if (scannedRecently(site, now)) counts.scannedRecently++;
    if (site.firewallstatus === 1) counts.firewallOn++;
    else counts.firewallOff++;
    if (site.autotreatment === 1) counts.cleanupOn++;
    else counts.cleanupOff++;
    const problems = problemsOf(site, now);
    if (problems.length === 0) continue;
    attention.push({
      domain: site.domain,
      problems,
      threats: site.scanreport?.threats ?? 0,
      cleanup: site.autotreatment === 1,
      scanperiod: site.scanperiod,
      adddate: site.adddate,
    });
  }
  attention.sort(byUrgency);
  return { now, counts, attention, attentionTotal: attention.length };
}

/** What fixes a site's worst problem (the one button of its "Needs attention" entry). */
export type FixAction = 'scan' | 'enableCleanup' | 'enableFirewall' | 'syncFile';

/**
 * Infected without cleanup: turn cleanup on (the next scan cleans); scans that
 * never came or stopped coming although scheduled, or a scan refused for a
 * missing synchronization file (remembered, `syncMissing`): install the file;
 * the firewall off: turn it on; otherwise scan (again).
 */
export function fixFor(site: AttentionSite, now: number, syncMissing: boolean): FixAction {
  const scanOr = (): FixAction => (syncMissing ? 'syncFile' : 'scan');
  switch (site.problems[0]) {
    case 'infected':
      return site.cleanup ? scanOr() : 'enableCleanup';
    case 'never':
      // Scheduled scans that never came: added longer ago than the period and a day.
      return scansStoppedSince({ ...site, scanreport: null }, now) !== null ? 'syncFile' : scanOr();
    case 'overdue':
      return 'syncFile';
    case 'firewallOff':
      return 'enableFirewall';
    default:
      return scanOr();
  }
}
