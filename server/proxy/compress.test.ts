import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { negotiateEncoding, compress, LARGE_ANSWER_BYTES } from './compress.ts';

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('compress', () => {
  // Repetitive JSON like a big sites_list: the fast setting gives a bigger output.
  const big = new TextEncoder().encode(
    JSON.stringify(
      Array.from({ length: 30_000 }, (_, i) => ({ id: i, host: `site-${i}.example`, n: (i * 7919) % 9973 })),
    ),
  );
  const small = big.slice(0, 200_000);

  // Buffer.equals, not toEqual: the matcher walks a large buffer byte by byte (seconds for
  // 200 KB, tens of seconds for 1.5 MB on a busy machine) and prints it whole on failure.
  const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

  it('round-trips with both encodings', async () => {
    expect(same(brotliDecompressSync(await compress(small, 'br')), small)).toBe(true);
    expect(same(gunzipSync(await compress(small, 'gzip')), small)).toBe(true);
  });

  it('uses the fastest setting above LARGE_ANSWER_BYTES', async () => {
    expect(big.byteLength).toBeGreaterThan(LARGE_ANSWER_BYTES);
    const fast = await compress(big, 'gzip');
    const best = gzipSync(big, { level: 6 });
    expect(fast.byteLength).toBeGreaterThan(best.byteLength);
    expect(same(gunzipSync(fast), big)).toBe(true);
  });
});
