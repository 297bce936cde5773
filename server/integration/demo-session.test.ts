/**
 * "Try the demo" (issue 10): POST /sandbox/demo-session through `npm start`'s
 * proxy, over real HTTP. It signs in to the demo account in one step through
 * the sandbox's own API path and answers keys that work; it is JSON only,
 * never cached, refused to foreign hosts, and 404 without a demo account.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema } from '../../src/api/schemas.ts';
import { buildTarget, hmacMd5Hex } from '../../src/api/sign.ts';
import { serverConfigFromEnv } from '../config.ts';
import { send } from '../proxy/test-support.ts';
import { createServerApp, type ServerApp } from '../server-app.ts';

const DEMO = 'demo@partner.example';
const sessionSchema = z.strictObject({ email: z.string(), key: z.string(), hmac: z.string(), expires: z.number() });
const outboxSchema = z.array(z.looseObject({ otp: z.string().optional() }));

interface Running {
  port: number;
  stop(): Promise<void>;
}

const dir = mkdtempSync(path.join(tmpdir(), 'demo-session-'));
let demo: Running;
let empty: Running;

/** The server as `npm start` serves it, on a free loopback port. */
async function start(settings: Record<string, string>): Promise<Running> {
  const server: ServerApp = await createServerApp(
    serverConfigFromEnv({ SANDBOX_QUIET: '1', SANDBOX_SIGNIN_DS: 'required', ...settings }),
    { log: () => {} },
  );
  const http = server.listen(0, '127.0.0.1');
  await once(http, 'listening');
  return {
    port: (http.address() as AddressInfo).port,
    stop: async () => {
      if ('closeAllConnections' in http) http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      server.close();
    },
  };
}

beforeAll(async () => {
  demo = await start({
    SANDBOX_DB: path.join(dir, 'demo.sqlite'),
    SANDBOX_SEED: 'demo',
    // A person may ask for 3 codes here: the fourth demo session meets the limit.
    SANDBOX_LIMIT_OTP_PER_EMAIL: '3',
  });
  empty = await start({ SANDBOX_DB: path.join(dir, 'empty.sqlite'), SANDBOX_SEED: 'empty' });
});

afterAll(async () => {
  await demo.stop();
  await empty.stop();
  rmSync(dir, { recursive: true, force: true });
});

function post(port: number, headers: Record<string, string>, body = '{}') {
  return send(port, '/sandbox/demo-session', { method: 'POST', headers, body });
}

async function outboxCount(): Promise<number> {
  return outboxSchema.parse(JSON.parse((await send(demo.port, `/sandbox/outbox?to=${encodeURIComponent(DEMO)}`)).text))
    .length;
}

describe('POST /sandbox/demo-session through the proxy', () => {
  it('signs in to the demo account in one step: its keys list the demo sites', async () => {
    const answer = await post(demo.port, { 'Content-Type': 'application/json' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const session = sessionSchema.parse(JSON.parse(answer.text));
    expect(session.email).toBe(DEMO);
    expect(session.expires).toBeGreaterThan(Date.now() / 1000);

    const target = buildTarget('sites_list', []);
    const list = await send(demo.port, target, {
      headers: { 'X-Apikey': session.key, 'X-Apimac': hmacMd5Hex(session.hmac, target) },
    });
    const envelope = envelopeSchema.parse(JSON.parse(list.text));
    expect(envelope.error).toBe(0);
    expect(z.array(z.unknown()).parse(envelope.result)).toHaveLength(60);
    // As for a person: the code went through the outbox.
    expect(await outboxCount()).toBe(1);
  });

  it('refuses a body that is not declared JSON (415), and a foreign Host (403), sending no code', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const answer = await post(demo.port, { 'Content-Type': type });
      expect(answer.status, type).toBe(415);
      expect(answer.headers['cache-control'], type).toBe('no-store');
    }
    const foreign = await post(demo.port, { 'Content-Type': 'application/json', Host: 'rebind.attacker.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toMatch(/"key"/);
    expect((await post(demo.port, { 'Content-Type': 'application/json' }, 'not json')).status).toBe(400);
    expect((await send(demo.port, '/sandbox/demo-session')).status).toBe(404);
    expect(await outboxCount()).toBe(1);
  });

  it("keeps the sandbox's limits: past them it answers 429 with Retry-After", async () => {
    const statuses: number[] = [];
    let refused = await post(demo.port, { 'Content-Type': 'application/json' });
    while (refused.status === 200 && statuses.length < 5) {
      statuses.push(refused.status);
      refused = await post(demo.port, { 'Content-Type': 'application/json' });
    }
    // Three codes in 15 minutes: one went to the first test, two more here.
    expect(statuses).toEqual([200, 200]);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(JSON.parse(refused.text)).toMatchObject({
      code: 500,
      error: expect.stringContaining('Too many one-time passwords requested for this e-mail'),
    });
  });

  it('answers 404 when the sandbox has no demo account', async () => {
    const answer = await post(empty.port, { 'Content-Type': 'application/json' });
    expect(answer.status).toBe(404);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer.text)).toEqual({ error: 'This sandbox has no demo account (SANDBOX_SEED=empty)' });
  });
});
