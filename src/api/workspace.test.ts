/**
 * The workspace client against the real server: a request that repeats safely
 * (GET, PUT, DELETE) is sent once more when its connection fails before an
 * answer (a kept-alive connection the server had just closed, which a browser
 * retries by itself and Node's fetch does not); a POST is not.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRealStack, type RealStack } from '../../test-support/real-stack.ts';
import type { Credentials } from './credentials.ts';
import { createWorkspaceClient } from './workspace.ts';

let stack: RealStack;
let credentials: Credentials;
beforeAll(async () => {
  stack = await startRealStack();
  credentials = await stack.signIn(`resend-${Date.now().toString(36)}@spa.example`);
});
afterAll(() => stack.close());

/** The real fetch, except that the next `failures` requests fail as a reset connection does; counts what was sent. */
function resetting(failures: number) {
  let left = failures;
  const sent: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    if (left > 0) {
      left--;
      return Promise.reject(new TypeError('fetch failed', { cause: new Error('read ECONNRESET') }));
    }
    return globalThis.fetch(input, init);
  };
  return { fetch, sent };
}

it('sends a GET once more when its connection fails, and answers', async () => {
  const net = resetting(1);
  const client = createWorkspaceClient({ baseUrl: stack.origin, getCredentials: () => credentials, fetch: net.fetch });
  expect(await client.units()).toEqual([]);
  expect(net.sent).toEqual(['GET /workspace/units', 'GET /workspace/units']);
});

it('sends it twice at most: a second failure is the caller’s', async () => {
  const net = resetting(2);
  const client = createWorkspaceClient({ baseUrl: stack.origin, getCredentials: () => credentials, fetch: net.fetch });
  await expect(client.units()).rejects.toThrow('fetch failed');
  expect(net.sent).toHaveLength(2);
});

it('does not send a POST again: it might have been done', async () => {
  const net = resetting(1);
  const client = createWorkspaceClient({ baseUrl: stack.origin, getCredentials: () => credentials, fetch: net.fetch });
  await expect(client.addUnits(['one@shop.example'], 'lookup')).rejects.toThrow('fetch failed');
  expect(net.sent).toEqual(['POST /workspace/units']);
});
