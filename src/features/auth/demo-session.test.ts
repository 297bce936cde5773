/**
 * "Try the demo" (issue 10): the login page's client of POST
 * /sandbox/demo-session, against the real proxy and sandbox over HTTP. The
 * keys it hands back work; a limit's 429 reads as the login's rate-limit wait.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealStack, type RealStack } from '../../../test-support/real-stack';
import { createApiClient } from '../../api/client';
import { classifyError } from '../../api/error-catalogue';
import { startDemoSession } from './demo-session';

interface Running {
  stack: RealStack;
  /** The page's relative URL, on this stack. */
  fetch: typeof fetch;
}

async function start(settings: Record<string, string>): Promise<Running> {
  const stack = await startRealStack(settings);
  return { stack, fetch: (input, init) => fetch(new URL(String(input), stack.origin), init) };
}

let demo: Running;
let empty: Running;

beforeAll(async () => {
  // Two codes per 15 minutes for the demo e-mail: the third demo session meets the limit.
  demo = await start({ SANDBOX_SEED: 'demo', SANDBOX_DEMO_SITES: '20', SANDBOX_LIMIT_OTP_PER_EMAIL: '2' });
  empty = await start({ SANDBOX_SEED: 'empty' });
});

afterAll(async () => {
  await demo.stack.close();
  await empty.stack.close();
});

describe('startDemoSession', () => {
  it('signs in to the demo account in one step, with keys that work, made by signin', async () => {
    const session = await startDemoSession(demo.fetch);
    expect(session).toMatchObject({ v: 1, email: 'demo@partner.example', kind: 'signin' });
    expect(session.expires).toBeGreaterThan(Date.now() / 1000);
    const client = createApiClient({
      baseUrl: demo.stack.origin,
      getCredentials: () => ({ apiKey: session.apiKey, macKey: session.macKey }),
    });
    await expect(client.api_userinfo()).resolves.toMatchObject({ email: 'demo@partner.example' });
  });

  it('reads a limit as the login’s rate-limit wait, with its time', async () => {
    await startDemoSession(demo.fetch).catch(() => undefined);
    const error = await startDemoSession(demo.fetch).then(
      () => null,
      (e: unknown) => e,
    );
    const kind = classifyError(error);
    expect(kind.kind).toBe('rateLimited');
    if (kind.kind === 'rateLimited') expect(kind.retryAfter).toBeGreaterThan(0);
  });

  it('fails as an HTTP refusal without a demo account, and as an unreadable answer on a server without the page', async () => {
    await expect(startDemoSession(empty.fetch)).rejects.toMatchObject({ name: 'TransportError', status: 404 });
    const html: typeof fetch = async () => new Response('<!doctype html>', { status: 200 });
    await expect(startDemoSession(html)).rejects.toMatchObject({ name: 'TransportError', kind: 'bad-response' });
    const down: typeof fetch = async () => Promise.reject(new TypeError('fetch failed'));
    await expect(startDemoSession(down)).rejects.toMatchObject({ name: 'TransportError', kind: 'network' });
  });
});
