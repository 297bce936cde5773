/** A paste longer than the server takes in one request is asked about in parts (src/data/known-sites.ts). */
import { describe, expect, it } from 'vitest';
import { parts } from './known-sites';

describe('the hosts asked about', () => {
  it('go in parts of at most 5,000, every one once, in order', () => {
    const hosts = Array.from({ length: 12_001 }, (_, i) => `site-${i}.example`);
    const split = parts(hosts);
    expect(split.map((p) => p.length)).toEqual([5_000, 5_000, 2_001]);
    expect(split.flat()).toEqual(hosts);
    expect(parts([])).toEqual([]);
  });

  it('keep each request under the body limit when the hosts are long', () => {
    const long = Array.from({ length: 1_000 }, (_, i) => `${'a'.repeat(2_000)}-${i}.example`);
    const split = parts(long);
    expect(split.length).toBeGreaterThan(1);
    for (const part of split) expect(JSON.stringify({ hosts: part }).length).toBeLessThan(2 * 1024 * 1024);
    expect(split.flat()).toEqual(long);
  });
});
