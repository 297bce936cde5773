/**
 * Counting events per key over a sliding window, in this process's memory
 * (./login-limits.ts). Bounded: at most `maxKeys` keys are kept; when full,
 * keys whose events have all left the window go first, then the least
 * recently counted.
 */

export interface Limit {
  /** Events allowed within the window. */
  count: number;
  windowMs: number;
}

/** Enough for every person behind one address and more; what a flood of new keys evicts. */
const DEFAULT_MAX_KEYS = 50_000;
/** A full table is swept for expired keys at most this often (a sweep walks every key). */
const SWEEP_EVERY_MS = 1000;

export class SlidingWindow {
  /** Per key, the times of its events, oldest first; Map order: least recently counted first. */
  private readonly events = new Map<string, number[]>();
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    readonly limit: Limit,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  /** Milliseconds until `key` may have another event; 0 when it may now. */
  waitMs(key: string): number {
    const times = this.current(key);
    if (times.length < this.limit.count) return 0;
    const oldestCounted = times[times.length - this.limit.count] ?? 0;
    return Math.max(1, oldestCounted + this.limit.windowMs - this.now());
  }

  /** Counts an event for `key`; returns its time, with which `forget` takes it back. */
  count(key: string): number {
    const at = this.now();
    const times = this.current(key);
    times.push(at);
    this.events.delete(key);
    if (this.events.size >= this.maxKeys) this.makeRoom(at);
    this.events.set(key, times);
    return at;
  }

  /** Takes back an event counted at `at` (one that turned out not to count). */
  forget(key: string, at: number): void {
    const times = this.events.get(key);
    const index = times?.lastIndexOf(at) ?? -1;
    if (times === undefined || index === -1) return;
    times.splice(index, 1);
    if (times.length === 0) this.events.delete(key);
  }

  get size(): number {
    return this.events.size;
  }

  /** The key's events still in the window (older ones dropped). */
  private current(key: string): number[] {
    const times = this.events.get(key);
    if (times === undefined) return [];
    const since = this.now() - this.limit.windowMs;
    let stale = 0;
    while (stale < times.length && (times[stale] ?? 0) <= since) stale += 1;
    if (stale > 0) times.splice(0, stale);
    return times;
  }

  private makeRoom(now: number): void {
    if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now;
      const since = now - this.limit.windowMs;
      for (const [key, times] of this.events) {
        if ((times.at(-1) ?? 0) <= since) this.events.delete(key);
      }
    }
    for (const key of this.events.keys()) {
      if (this.events.size < this.maxKeys) break;
      this.events.delete(key);
    }
  }
}
