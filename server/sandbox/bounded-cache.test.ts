/**
 * The firewall history cache is shared by every sandbox in the process, so it
 * has a limit and drops its oldest entries beyond it.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BoundedCache } from './bounded-cache.ts';
import { FW_HISTORY_CACHE_LIMIT, fwHistoryCacheSize, fwHistoryJson, fwWindow } from './fw-history.ts';

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

describe('the firewall history cache', () => {
  const history = z.record(z.string(), z.union([z.null(), z.array(z.number())]));
  const now = 1_750_000_000 + 12 * 3600;
  const since = now - 90 * 86400;

  it('is limited, with room for a 10,000-site account', () => {
    expect(FW_HISTORY_CACHE_LIMIT).toBeGreaterThanOrEqual(10_000);
  });

  it('keeps one entry per site and answers the same text from it', () => {
    const before = fwHistoryCacheSize();
    // A site id no other test uses, on the firewall since long before the window.
    const first = fwHistoryJson(fwWindow(now), 987_654, since, [{ at: since, enabled: 1 }]);
    expect(Object.keys(history.parse(JSON.parse(first)))).toHaveLength(30);
    expect(fwHistoryCacheSize() - before).toBe(1);
    expect(fwHistoryJson(fwWindow(now), 987_654, since, [{ at: since, enabled: 1 }])).toBe(first);
    expect(fwHistoryCacheSize() - before).toBe(1);
    expect(fwHistoryCacheSize()).toBeLessThanOrEqual(FW_HISTORY_CACHE_LIMIT);
  });

  it('is rebuilt when the firewall is switched: the days after it are null', () => {
    const events = [
      { at: since, enabled: 1 },
      { at: now - 10 * 86400, enabled: 0 },
    ];
    fwHistoryJson(fwWindow(now), 987_655, since, [{ at: since, enabled: 1 }]);
    const days = Object.values(history.parse(JSON.parse(fwHistoryJson(fwWindow(now), 987_655, since, events))));
    expect(days.slice(0, 20).every((d) => Array.isArray(d))).toBe(true);
    expect(days.slice(21).every((d) => d === null)).toBe(true);
  });

  it('moves with the window: the next day drops the oldest and adds a new one', () => {
    const a = Object.keys(
      history.parse(JSON.parse(fwHistoryJson(fwWindow(now), 987_656, since, [{ at: since, enabled: 1 }]))),
    );
    const b = Object.keys(
      history.parse(JSON.parse(fwHistoryJson(fwWindow(now + 86400), 987_656, since, [{ at: since, enabled: 1 }]))),
    );
    expect(b.slice(0, 29)).toEqual(a.slice(1));
  });
});
