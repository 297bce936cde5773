/**
 * Rules the browser, the proxy and the sandbox must agree on, checked against
 * each other's real code: time limits, body limits and how a query argument
 * is read.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS } from '../../src/api/client.ts';
import { isNonZeroArg, lastQueryValue } from '../../src/api/query-args.ts';
import { MAX_BODY_BYTES as SANDBOX_MAX_BODY_BYTES, parseTarget } from '../sandbox/api.ts';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_UPSTREAM_TIMEOUT_MS } from './app.ts';

describe('limits shared by the browser, the proxy and the sandbox', () => {
  it('the browser waits longer than the proxy waits for the upstream, so a slow service reads as envelope 500', () => {
    expect(DEFAULT_UPSTREAM_TIMEOUT_MS).toBe(30_000);
    expect(DEFAULT_TIMEOUT_MS).toBeGreaterThanOrEqual(DEFAULT_UPSTREAM_TIMEOUT_MS + 2_000);
  });

  it('the proxy takes the bodies the sandbox takes (2 MiB: 10,000 sites in one sites_add)', () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(SANDBOX_MAX_BODY_BYTES);
    expect(DEFAULT_MAX_BODY_BYTES).toBe(2 * 1024 * 1024);
  });
});

describe('query arguments: the proxy reads them as the sandbox does', () => {
  /** What the sandbox reads as `raw`; null when it refuses the target (envelope 503, no raw text). */
  function sandboxRaw(target: string): string | null {
    try {
      return parseTarget(target).args.get('raw') ?? null;
    } catch {
      return null;
    }
  }

  it.each([
    '/api/api_test/a/1/b/?str=s&int=1&raw=0&raw=1',
    '/api/api_test/a/1/b/?str=s&int=1&raw=1&raw=0',
    '/api/api_test/a/1/b/?raw=2&str=x&raw=',
    '/api/api_test/a/1/b/?&raw',
    '/api/api_test/a/1/b/?raw=a+b&raw=%31',
    '/api/api_test/a/1/b/?str=s',
    '/api/api_test/a/1/b/?raw=1&=x&raw=%32=',
    // Malformed escapes: the sandbox answers envelope 503, so the answer is never raw text.
    '/api/api_test/a/1/b/?raw=%FF',
    '/api/api_test/a/1/b/?raw=1&str=%FF',
    '/api/api_test/a/1/b/?raw=1&str=%E2%82',
    '/api/api_test/a/1/b/?raw=1&%C0=x',
    '/api/api_test/a/1/b/?raw=1%',
  ])('%s', (target) => {
    const raw = sandboxRaw(target);
    expect(lastQueryValue(target, 'raw')).toBe(raw);
    // The sandbox's api_test: Number(raw ?? '0') !== 0 (server/sandbox/methods/common.ts).
    expect(isNonZeroArg(lastQueryValue(target, 'raw'))).toBe(Number(raw ?? '0') !== 0);
  });

  it('the malformed cases above are ones the sandbox refuses', () => {
    expect(() => parseTarget('/api/api_test/a/1/b/?raw=1&str=%FF')).toThrow();
  });
});
