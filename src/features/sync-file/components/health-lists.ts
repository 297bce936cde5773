/**
 * The sync file page's second list, judged again in the page: the server's
 * read model sends the sites whose scheduled scans stopped (scan-health-query.ts),
 * and the page drops those whose period this dashboard has just set (the
 * workspace may not have it yet) and those already in its first list.
 */
import type { FleetScanHealthAnswer } from '../../../api/fleet';
import { siteKey } from '../../../data/workspace';
import { scansStoppedSince } from '../../../lib/scan-schedule';

type StoppedSite = FleetScanHealthAnswer['stopped']['sites'][number];

export interface StoppedList {
  /** Since when (UNIX seconds) each listed site's scheduled scans have not reported. */
  since: ReadonlyMap<string, number>;
  /** The sites listed, by domain. */
  domains: readonly string[];
  /** How many such sites there are in all (the server's count, less those this page dropped from it). */
  total: number;
}

/**
 * The sites of `sites` whose scheduled scans stopped at `now`, a period set through this dashboard
 * (`periodSet`, by site key, UNIX seconds) counting from when it was set, and not in `elsewhere`.
 */
export function stoppedList(
  answer: { now: number; stopped: { total: number; sites: readonly StoppedSite[] } },
  periodSet: Readonly<Record<string, number>>,
  elsewhere: (domain: string) => boolean,
): StoppedList {
  const since = new Map<string, number>();
  for (const site of answer.stopped.sites) {
    if (elsewhere(site.domain)) continue;
    const at = scansStoppedSince(
      { scanperiod: site.scanperiod, adddate: site.since, scanreport: { date: site.since } },
      answer.now,
      periodSet[siteKey(site.domain)],
    );
    if (at !== null) since.set(site.domain, at);
  }
  const domains = [...since.keys()];
  const dropped = answer.stopped.sites.length - domains.length;
  return { since, domains, total: Math.max(domains.length, answer.stopped.total - dropped) };
}
