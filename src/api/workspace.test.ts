/**
 * The workspace client against the real server: a request that repeats safely
 * (GET, PUT, DELETE) is sent once more when its connection fails before an
 * answer (a kept-alive connection the server had just closed, which a browser
 * retries by itself and Node's fetch does not); a POST is not. A server out
 * of reach is a WorkspaceError (the catalogue's words: src/i18n/error-text.test.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRealStack, type RealStack } from '../../test-support/real-stack.ts';
import { freePort } from '../../test-support/servers.ts';
import type { Credentials } from './credentials.ts';
import { createWorkspaceClient, WorkspaceError } from './workspace.ts';

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
  await expect(client.units()).rejects.toMatchObject({ name: 'WorkspaceError', status: 0, code: 'network' });
  expect(net.sent).toHaveLength(2);
});

it('a server out of reach is the dashboard’s own server’s error (status 0, network), not a raw TypeError', async () => {
  // A port nobody listens on any more: the connection is refused.
  const client = createWorkspaceClient({
    baseUrl: `http://127.0.0.1:${await freePort()}`,
    getCredentials: () => credentials,
  });
  const error: unknown = await client.state().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(WorkspaceError);
  expect(error).toMatchObject({ status: 0, code: 'network' });
});

it('does not send a POST again: it might have been done', async () => {
  const net = resetting(1);
  const client = createWorkspaceClient({ baseUrl: stack.origin, getCredentials: () => credentials, fetch: net.fetch });
  await expect(client.addUnits(['one@shop.example'], 'lookup')).rejects.toMatchObject({ code: 'network' });
  expect(net.sent).toEqual(['POST /workspace/units']);
});
