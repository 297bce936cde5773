/**
 * One day of a site's firewall history (docs/partner-api.md#firewall-history)
 * as a record rather than the API's array, for the charts and the overview
 * (src/data/site-model/firewall-days.ts) and for the server's read model, which
 * keeps the fleet's days summed (server/readmodel/day-sums.ts).
 */

/** The counters of one day (docs/partner-api.md#firewall-history indexes 1 to 7). */
export interface FirewallCounts {
  /** 1: regular (allowed) requests. */
  allowed: number;
  /** 2: blocked requests (all classes). */
  blocked: number;
  /** 3: DoS/DDoS requests. */
  dos: number;
  /** 4: requests containing XSS/SQL injections. */
  injection: number;
  /** 5: suspicious uploads. */
  uploads: number;
  /** 6: other suspicious activities. */
  other: number;
  /** 7: unique IP addresses blocked. */
  uniqueIps: number;
}

export interface FirewallDay {
  /** The day as the API keys it: YYYYMMDD, a UTC day (the service's dates carry no time zone; the sandbox uses UTC). */
  date: string;
  /** null: no data for the day (firewall off, or the site not yet added). Never read as zero. */
  counts: FirewallCounts | null;
}

/** A day's counters from the API's array (indexes 1 to 7; a missing one is 0). */
export function countsOf(day: readonly number[]): FirewallCounts {
  return {
    allowed: day[1] ?? 0,
    blocked: day[2] ?? 0,
    dos: day[3] ?? 0,
    injection: day[4] ?? 0,
    uploads: day[5] ?? 0,
    other: day[6] ?? 0,
    uniqueIps: day[7] ?? 0,
  };
}
