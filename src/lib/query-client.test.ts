import { describe, expect, it } from 'vitest';
import { ApiError, TransportError, WorkspaceError } from '../api/errors';
import { createQueryClient, forgetAccountData, shouldRetry } from './query-client';

const api = (code: number, retryAfter?: number) => new ApiError({ method: 'x', code, message: 'm', retryAfter });

describe('shouldRetry', () => {
  it('retries once when the service may come back', () => {
    expect(shouldRetry(0, api(500))).toBe(true);
    expect(shouldRetry(0, new TransportError({ method: 'x', kind: 'network', message: 'm' }))).toBe(true);
    expect(shouldRetry(1, api(500))).toBe(false);
    // The dashboard's own server out of reach, or failing.
    expect(shouldRetry(0, new WorkspaceError(0, 'network', 'm'))).toBe(true);
    expect(shouldRetry(0, new WorkspaceError(500, 'workspace-failed', 'm'))).toBe(true);
    expect(shouldRetry(1, new WorkspaceError(0, 'network', 'm'))).toBe(false);
    expect(shouldRetry(0, new WorkspaceError(400, 'bad-request', 'm'))).toBe(false);
  });

  it('never retries a refusal, an unreadable answer or a rate limit’s wait', () => {
    expect(shouldRetry(0, api(502))).toBe(false);
    expect(shouldRetry(0, api(145904))).toBe(false);
    expect(shouldRetry(0, api(500, 900))).toBe(false);
    expect(shouldRetry(0, new TransportError({ method: 'x', kind: 'bad-response', message: 'm' }))).toBe(false);
  });
});

describe('forgetAccountData', () => {
  it('drops the account’s data but keeps what is no account’s (the sandbox’s demo account)', async () => {
    const queryClient = createQueryClient(() => undefined);
    queryClient.setQueryData(['account', 'agency'], { title: 'Old' });
    const demo = { queryKey: ['sandbox-demo-email'], meta: { keepAcrossAccounts: true } };
    await queryClient.fetchQuery({ ...demo, queryFn: () => Promise.resolve('demo@partner.example') });
    forgetAccountData(queryClient);
    expect(queryClient.getQueryData(['account', 'agency'])).toBeUndefined();
    expect(queryClient.getQueryData(demo.queryKey)).toBe('demo@partner.example');
  });
});
