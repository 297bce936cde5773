import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './compress.ts';

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
