import { BoundedCache } from '../bounded-cache.ts';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per key: `burst` requests at once, then `ratePerSecond`. At
 * most `maxKeys` buckets are kept; a forgotten bucket starts full again.
 */
export class TokenBuckets {
  private readonly buckets: BoundedCache<string, Bucket>;

  constructor(
    readonly ratePerSecond: number,
    readonly burst: number,
    maxKeys = 100_000,
  ) {
    this.buckets = new BoundedCache(maxKeys);
  }

  /** Takes a token: 0 when there was one, else the seconds until there is one (at least 1). */
  take(key: string, nowMs: number): number {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: nowMs };
    const elapsed = Math.max(0, nowMs - bucket.at) / 1000;
    bucket.tokens = Math.min(this.burst, bucket.tokens + elapsed * this.ratePerSecond);
    bucket.at = nowMs;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond));
  }
}
