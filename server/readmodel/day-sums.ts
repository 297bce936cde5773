/**
 * The firewall's days summed over the fleet while it is read, as the
 * overview's chart takes them (src/data/site-model/firewall-days.ts
 * FirewallDaySums, the same rule and the same day record, src/api/firewall-counts.ts: a day has data when one site has; a site's
 * null day adds nothing; unique IPs are summed).
 */
import { countsOf, type FirewallDay } from '../../src/api/firewall-counts.ts';
import type { FwHistory } from '../../src/api/schemas.ts';

/** A day summed over the fleet, as the overview's chart takes it. */
export type SummedDay = FirewallDay;

export class DaySums {
  private readonly sums = new Map<string, number[] | null>();

  /** Adds (sign 1) or takes away (sign -1) one site's history. */
  add(history: FwHistory, sign = 1): void {
    for (const date of Object.keys(history)) {
      const day = history[date];
      const known = this.sums.get(date);
      if (!day) {
        if (known === undefined) this.sums.set(date, null);
        continue;
      }
      const into = known ?? [0, 0, 0, 0, 0, 0, 0, 0];
      for (let i = 1; i < 8; i++) into[i] = (into[i] ?? 0) + sign * (day[i] ?? 0);
      this.sums.set(date, into);
    }
  }

  days(): SummedDay[] {
    return [...this.sums.keys()].sort().map((date) => {
      const d = this.sums.get(date);
      return {
        date,
        counts: d ? countsOf(d) : null,
      };
    });
  }

  /** The sums as stored (the days' JSON), read back. */
  static of(days: readonly SummedDay[]): DaySums {
    const sums = new DaySums();
    for (const { date, counts: c } of days) {
      sums.sums.set(date, c ? [0, c.allowed, c.blocked, c.dos, c.injection, c.uploads, c.other, c.uniqueIps] : null);
    }
    return sums;
  }
}
