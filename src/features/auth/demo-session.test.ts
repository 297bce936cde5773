/**
 * "Try the demo": the login page's client of POST /sandbox/demo-session,
 * against the real proxy and sandbox over HTTP. Each use is a demo account of
 * its own whose keys work and whose reset time the session keeps (the demo
 * banner shows it); a limit's 429 reads as the login's rate-limit wait.
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
  // Two codes per 15 minutes for the demo e-mail: a limit for people, not for the demo session.
  demo = await start({ SANDBOX_SEED: 'demo', SANDBOX_DEMO_SITES: '20', SANDBOX_LIMIT_OTP_PER_EMAIL: '2' });
  empty = await start({ SANDBOX_SEED: 'empty' });
});

afterAll(async () => {
  await demo.stack.close();
  await empty.stack.close();
});

describe('startDemoSession', () => {
  it('signs in to a demo account of its own in one step, with keys that work, made by signin', async () => {
    const session = await startDemoSession(demo.fetch);
    expect(session).toMatchObject({
      v: 1,
      email: expect.stringMatching(/^demo-[0-9a-f]+@partner\.example$/),
      kind: 'signin',
    });
    expect(session.expires).toBeGreaterThan(Date.now() / 1000);
    // Reset after SANDBOX_DEMO_HOURS (3 by default).
    expect(session.demoResetsAt).toBeGreaterThan(Date.now() / 1000 + 3 * 3600 - 60);
    const client = createApiClient({
      baseUrl: demo.stack.origin,
      getCredentials: () => ({ apiKey: session.apiKey, macKey: session.macKey }),
    });
    await expect(client.api_userinfo()).resolves.toMatchObject({ email: session.email });
  });

  it('signs in again and again, each time to an account of its own', async () => {
    const emails = new Set<string>();
    for (let i = 0; i < 3; i += 1) emails.add((await startDemoSession(demo.fetch)).email ?? '');
    expect(emails.size).toBe(3);
  });

  it('would read a limit as the login’s rate-limit wait, with its time', async () => {
    const limited: typeof fetch = async () =>
      Response.json(
        { error: 'Signing in to the demo account failed: Service is temporarily unavailable', code: 500 },
        { status: 429, headers: { 'Retry-After': '840' } },
      );
    const error = await startDemoSession(limited).then(
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
