/**
 * The fleet overview's figures from `sites_list?withscanreport&withfwhistory`
 * (spec §2.8–2.10): pure, run in the overview's worker (fleet.worker.ts) and
 * in the tests. The counters use the sites page's own tests (site-status.ts,
 * site-filters.ts), so a counter and the filtered sites page it links to agree.
 */
import type { FwDay, FwHistory, Site } from '../../../api/schemas';
import { SCAN_GRACE_SECONDS, scanDue, scannedRecently, statusOf } from '../model/site-status';

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
export const PROBLEMS = ['incurable', 'infected', 'suspicious', 'errors', 'never', 'overdue', 'firewallOff'] as const;
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
  /** The sites to act on first, worst first (at most ATTENTION_SHOWN). */
  attention: AttentionSite[];
  /** How many sites have a problem at all. */
  attentionTotal: number;
}

/** The attack classes of spec §2.10 (indexes 2–6), the order of the stacked bars. */
export const ATTACK_CLASSES = ['blocked', 'dos', 'injection', 'uploads', 'other'] as const;
export type AttackClass = (typeof ATTACK_CLASSES)[number];
const CLASS_INDEX: Record<AttackClass, 2 | 3 | 4 | 5 | 6> = { blocked: 2, dos: 3, injection: 4, uploads: 5, other: 6 };

export interface AttackedSite {
  domain: string;
  /** Requests blocked over the period (spec §2.10 index 2; the other classes are kinds of blocked requests). */
  attacks: number;
  byClass: Record<AttackClass, number>;
}

export interface FleetTraffic {
  /**
   * The days summed over every site, in the shape of spec §2.10: a date is
   * null when no site has data for it (a gap, never a zero). Index 7 is the
   * sum of each site's unique blocked IP addresses, not a count of distinct ones.
   */
  history: FwHistory;
  /** Sites with data, per date. */
  reporting: Record<string, number>;
  totals: Record<AttackClass | 'allowed', number>;
  /** The most attacked sites, most first (at most TOP_ATTACKED). */
  topAttacked: AttackedSite[];
}

export const ATTENTION_SHOWN = 10;
export const TOP_ATTACKED = 10;

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
export function byUrgency(a: AttentionSite, b: AttentionSite): number {
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
  return { now, counts, attention: attention.slice(0, ATTENTION_SHOWN), attentionTotal: attention.length };
}

const emptyClasses = (): Record<AttackClass, number> => ({ blocked: 0, dos: 0, injection: 0, uploads: 0, other: 0 });

/** The firewall's 30 days summed over the fleet, and the most attacked sites (spec §2.10). */
export function fleetTraffic(sites: readonly Pick<Site, 'domain' | 'fwhistory'>[]): FleetTraffic {
  const sums = new Map<string, number[] | null>();
  const reporting: Record<string, number> = {};
  const totals = { allowed: 0, ...emptyClasses() };
  const attacked: AttackedSite[] = [];
  for (const site of sites) {
    const history = site.fwhistory;
    if (!history) continue;
    const byClass = emptyClasses();
    let attacks = 0;
    for (const date in history) {
      const day: FwDay | null | undefined = history[date];
      if (!day) {
        if (!sums.has(date)) sums.set(date, null);
        continue;
      }
      let sum = sums.get(date);
      if (!sum) sums.set(date, (sum = [Number(date), 0, 0, 0, 0, 0, 0, 0]));
      for (let i = 1; i < 8; i++) sum[i] = (sum[i] ?? 0) + (day[i] ?? 0);
      reporting[date] = (reporting[date] ?? 0) + 1;
      totals.allowed += day[1];
      attacks += day[2];
      for (const c of ATTACK_CLASSES) {
        const n = day[CLASS_INDEX[c]];
        byClass[c] += n;
        totals[c] += n;
      }
    }
    if (attacks > 0) attacked.push({ domain: site.domain, attacks, byClass });
  }
  attacked.sort((a, b) => b.attacks - a.attacks || (a.domain < b.domain ? -1 : 1));
  const history: FwHistory = {};
  for (const date of [...sums.keys()].sort()) {
    const sum = sums.get(date);
    history[date] = sum
      ? [sum[0] ?? 0, sum[1] ?? 0, sum[2] ?? 0, sum[3] ?? 0, sum[4] ?? 0, sum[5] ?? 0, sum[6] ?? 0, sum[7] ?? 0]
      : null;
  }
  return { history, reporting, totals, topAttacked: attacked.slice(0, TOP_ATTACKED) };
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
    case 'never': {
      const scheduledLongAgo = site.scanperiod > 0 && site.adddate < now - site.scanperiod - SCAN_GRACE_SECONDS;
      return scheduledLongAgo ? 'syncFile' : scanOr();
    }
    case 'overdue':
      return 'syncFile';
    case 'firewallOff':
      return 'enableFirewall';
    default:
      return scanOr();
  }
}
