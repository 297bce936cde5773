import { BoundedCache } from '../bounded-cache.ts';

/**
 * At most `limit` events per key in any `windowSeconds`. Only the last `limit`
 * times per key are kept, and at most `maxKeys` keys (the oldest key is
 * forgotten first), so memory stays bounded whatever a client sends.
 */
export class SlidingWindow {
  private readonly times: BoundedCache<string, number[]>;

  constructor(
    readonly limit: number,
    readonly windowSeconds: number,
    maxKeys = 100_000,
  ) {
    this.times = new BoundedCache(maxKeys);
  }

  /** Seconds until one more event is allowed for the key: 0 when it is allowed now. */
  wait(key: string, now: number): number {
    const times = this.times.get(key);
    if (times === undefined || times.length < this.limit) return 0;
    // The oldest of the last `limit` events must leave the window first.
    const oldest = times[0] ?? now;
    return Math.max(0, oldest + this.windowSeconds - now);
  }

  record(key: string, now: number): void {
    const times = this.times.get(key) ?? [];
    times.push(now);
    if (times.length > this.limit) times.splice(0, times.length - this.limit);
    this.times.set(key, times);
  }
}
