/**
 * The firewall day cache is shared by every sandbox in the process, so it has a
 * limit (about 400,000 days) and drops its oldest entries beyond it.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BoundedCache } from './bounded-cache.ts';
import { FW_DAY_CACHE_LIMIT, fwDayCacheSize, fwHistoryJson, fwWindow } from './simulation.ts';

describe('BoundedCache', () => {
  it('keeps at most its limit, dropping the oldest insertion first', () => {
    const cache = new BoundedCache<number, string>(3);
    for (const n of [1, 2, 3]) cache.set(n, `v${n}`);
    expect(cache.size).toBe(3);
    cache.set(4, 'v4');
    expect(cache.size).toBe(3);
    expect([1, 2, 3, 4].map((n) => cache.get(n))).toEqual([undefined, 'v2', 'v3', 'v4']);
    // Replacing a kept key evicts nothing.
    cache.set(3, 'three');
    expect([2, 3, 4].map((n) => cache.get(n))).toEqual(['v2', 'three', 'v4']);
  });

  it('refuses a limit below one', () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError);
  });
});

describe('the firewall day cache', () => {
  it('is limited to about 400,000 days, enough for a 10,000-site account', () => {
    expect(FW_DAY_CACHE_LIMIT).toBe(400_000);
    expect(10_000 * 29).toBeLessThan(FW_DAY_CACHE_LIMIT);
  });

  it('keeps past days only, and stays within its limit', () => {
    const now = 1_750_000_000;
    const before = fwDayCacheSize();
    // A site id no other test uses, on the firewall since long before the window.
    const json = fwHistoryJson(fwWindow(now), 987_654, now - 90 * 86400, [{ at: now - 90 * 86400, enabled: 1 }]);
    expect(Object.keys(z.record(z.string(), z.unknown()).parse(JSON.parse(json)))).toHaveLength(30);
    expect(fwDayCacheSize() - before).toBe(29);
    expect(fwDayCacheSize()).toBeLessThanOrEqual(FW_DAY_CACHE_LIMIT);
  });
});
