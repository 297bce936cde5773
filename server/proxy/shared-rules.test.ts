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
  it.each([
    '/api/api_test/a/1/b/?str=s&int=1&raw=0&raw=1',
    '/api/api_test/a/1/b/?str=s&int=1&raw=1&raw=0',
    '/api/api_test/a/1/b/?raw=2&str=x&raw=',
    '/api/api_test/a/1/b/?&raw',
    '/api/api_test/a/1/b/?raw=a+b&raw=%31',
    '/api/api_test/a/1/b/?str=s',
  ])('%s', (target) => {
    const sandboxRaw = parseTarget(target).args.get('raw') ?? null;
    expect(lastQueryValue(target, 'raw')).toBe(sandboxRaw);
    // The sandbox's api_test: Number(raw ?? '0') !== 0 (server/sandbox/methods/common.ts).
    expect(isNonZeroArg(lastQueryValue(target, 'raw'))).toBe(Number(sandboxRaw ?? '0') !== 0);
  });
});
