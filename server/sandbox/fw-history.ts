/**
 * Firewall history (docs/partner-api.md#firewall-history): traffic that accrues per day, deterministic per
 * site and date, derived from the firewall's on/off switches.
 */
import { BoundedCache } from './bounded-cache.ts';
import { hash32, rng } from './random.ts';

const FW_DAYS = 30;
const DAY = 86400;

/** YYYYMMDD of a UNIX time, in UTC: the sandbox keeps firewall days in UTC. */
function ymd(t: number): number {
  const d = new Date(t * 1000);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

export interface FwEvent {
  at: number;
  enabled: number;
}

type FwDay = [number, number, number, number, number, number, number, number];

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
 * One site's history (docs/partner-api.md#firewall-history) as JSON text. A day has data when the site
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
