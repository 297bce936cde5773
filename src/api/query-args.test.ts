import { describe, expect, it } from 'vitest';
import { isNonZeroArg, lastQueryValue } from './query-args.ts';

describe('lastQueryValue', () => {
  it.each([
    ['/api/api_test/a/1/b/?raw=0&raw=1', 'raw', '1'],
    ['/api/api_test/a/1/b/?raw=1&raw=0', 'raw', '0'],
    ['/api/api_test/a/1/b/?str=x&raw=2', 'raw', '2'],
    ['/api/api_test/a/1/b/?&raw', 'raw', ''],
    ['/api/api_test/a/1/b/?str=a+b%2Bc', 'str', 'a b+c'],
    ['/api/api_test/a/1/b/?r%61w=1', 'raw', '1'],
    ['/api/api_test/a/1/b/?raw2=1', 'raw', null],
    ['/api/api_test/a/1/b/', 'raw', null],
    ['?raw=3', 'raw', '3'],
    ['?raw=1&raw', 'raw', ''],
    ['?raw=%31&=5', 'raw', '1'],
    ['?raw=a=b', 'raw', 'a=b'],
    // A malformed escape anywhere: the sandbox refuses the whole request (envelope 503).
    ['?raw=%FF', 'raw', null],
    ['?raw=1&str=%E2%82', 'raw', null],
    ['?raw=1&%FF=x', 'raw', null],
    ['?raw=1%2', 'raw', null],
  ])('%s: %s → %j', (target, name, expected) => {
    expect(lastQueryValue(target, name)).toBe(expected);
  });
});

describe('isNonZeroArg', () => {
  it.each([
    [null, false],
    [undefined, false],
    ['', false],
    ['0', false],
    ['00', false],
    ['-0', false],
    ['0.0', false],
    ['1', true],
    ['-1', true],
    ['yes', true],
  ])('%j → %s', (value, expected) => {
    expect(isNonZeroArg(value)).toBe(expected);
  });
});
