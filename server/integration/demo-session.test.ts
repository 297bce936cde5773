/**
 * "Try the demo": POST /sandbox/demo-session through `npm start`'s
 * proxy, over real HTTP. It signs in to a copy of the demo account in one step through
 * the sandbox's own API path and answers keys that work, however often it is
 * used: the one-time-password limits (the sandbox's defaults here) hold for
 * everyone else who signs up or guesses for the demo e-mail, not for it. It is
 * JSON only, never cached, refused to foreign hosts, and 404 without a demo
 * account.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema } from '../../src/api/schemas.ts';
import { DEFAULT_LIMITS } from '../sandbox/config.ts';
import { buildTarget, hmacMd5Hex } from '../../src/api/sign.ts';
import { serverConfigFromEnv } from '../config.ts';
import { send } from '../proxy/test-support.ts';
import { createServerApp, type ServerApp } from '../server-app.ts';

const DEMO = 'demo@partner.example';
const sessionSchema = z.strictObject({
  email: z.string(),
  key: z.string(),
  hmac: z.string(),
  expires: z.number(),
  resetsAt: z.number(),
});
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
      await server.close();
    },
  };
}

beforeAll(async () => {
  demo = await start({
    SANDBOX_DB: path.join(dir, 'demo.sqlite'),
    SANDBOX_SEED: 'demo',
    // The sandbox's own limits at their defaults; the proxy's (which count /api/ calls) wider,
    // so a refusal below is the sandbox's.
    LOGIN_LIMIT_CODES_PER_EMAIL: '100/1m',
    SANDBOX_DEMO_SESSIONS_PER_ADDRESS: '100',
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

async function outbox(to = DEMO) {
  return outboxSchema.parse(JSON.parse((await send(demo.port, `/sandbox/outbox?to=${encodeURIComponent(to)}`)).text));
}

/** The code the demo e-mail was sent last. */
async function newestCode(): Promise<string> {
  return (await outbox()).find((mail) => mail.otp !== undefined)?.otp ?? '';
}

async function outboxCount(to = DEMO): Promise<number> {
  return (await outbox(to)).length;
}

/** A demo session, and that its keys work. */
async function demoSession(): Promise<z.infer<typeof sessionSchema>> {
  const answer = await post(demo.port, { 'Content-Type': 'application/json' });
  expect(answer.status, answer.text).toBe(200);
  const session = sessionSchema.parse(JSON.parse(answer.text));
  const target = buildTarget('api_keyinfo', []);
  const info = await send(demo.port, target, {
    headers: { 'X-Apikey': session.key, 'X-Apimac': hmacMd5Hex(session.hmac, target) },
  });
  expect(envelopeSchema.parse(JSON.parse(info.text)).error).toBe(0);
  return session;
}

/** A call for the demo e-mail as a person (or a script) makes it, through the proxy. */
async function asPerson(target: string) {
  return envelopeSchema.parse(JSON.parse((await send(demo.port, target)).text));
}

describe('POST /sandbox/demo-session through the proxy', () => {
  it('signs in to the demo account in one step: its keys list the demo sites', async () => {
    const answer = await post(demo.port, { 'Content-Type': 'application/json' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const session = sessionSchema.parse(JSON.parse(answer.text));
    // A copy of the demo account of its own, reset after SANDBOX_DEMO_HOURS (3).
    expect(session.email).toMatch(/^demo-[0-9a-f]{12}@partner\.example$/);
    expect(session.resetsAt).toBeGreaterThan(Date.now() / 1000 + 3 * 3600 - 60);
    expect(session.expires).toBeGreaterThan(Date.now() / 1000);

    const target = buildTarget('sites_list', []);
    const list = await send(demo.port, target, {
      headers: { 'X-Apikey': session.key, 'X-Apimac': hmacMd5Hex(session.hmac, target) },
    });
    const envelope = envelopeSchema.parse(JSON.parse(list.text));
    expect(envelope.error).toBe(0);
    expect(z.array(z.unknown()).parse(envelope.result)).toHaveLength(60);
    // As for a person: the code went through the outbox.
    expect(await outboxCount(session.email)).toBe(1);
  });

  it('refuses a body that is not declared JSON (415), and a foreign Host (403), sending no code', async () => {
    const mailsBefore = await outboxCount();
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
    expect(await outboxCount()).toBe(mailsBefore);
  });

  it('works however often it is used: more demo sessions than an e-mail may ask codes for, each a copy of its own', async () => {
    const uses = DEFAULT_LIMITS.otpPerEmail * 2;
    const keys = new Set<string>();
    const emails = new Set<string>();
    for (let i = 0; i < uses; i += 1) {
      const session = await demoSession();
      keys.add(session.key);
      emails.add(session.email);
      // Each went through the outbox.
      expect(await outboxCount(session.email)).toBe(1);
    }
    expect(keys.size).toBe(uses);
    expect(emails.size).toBe(uses);
  });

  it('leaves the limits to everyone else: signing up for the demo e-mail is limited, and does not stop the demo', async () => {
    const email = encodeURIComponent(DEMO);
    // Demo sessions count for nothing: a person has all the e-mail's codes (no test signs up as a person but this one).
    for (let i = 0; i < DEFAULT_LIMITS.otpPerEmail; i += 1) {
      expect((await asPerson(`/api/signup/${email}/`)).error).toBe(0);
      const wrong = (await newestCode()) === '000000' ? '000001' : '000000';
      // Wrong guesses, four a code: the e-mail's limit of wrong codes is met along the way.
      for (let guess = 0; guess < 4; guess += 1) {
        expect((await asPerson(`/api/signin/${email}/${wrong}/`)).error).toBe(112900);
      }
    }
    const refused = await asPerson(`/api/signup/${email}/`);
    expect(refused).toMatchObject({ error: 500, method: 'signup' });
    expect(refused.version).not.toBe('proxy');
    expect(refused.errorinfo).toMatch(/^Too many one-time passwords requested for this e-mail/);
    // Wrong codes count against their code only: the newest one, with a try left, still works.
    const rightCode = await asPerson(`/api/signin/${email}/${await newestCode()}/`);
    expect(rightCode).toMatchObject({ error: 0, method: 'signin' });

    // The demo still signs in, and still does not count.
    await demoSession();
    await demoSession();
    expect((await asPerson(`/api/signup/${email}/`)).errorinfo).toMatch(/^Too many one-time passwords requested/);
  });

  it('answers 404 when the sandbox has no demo account', async () => {
    const answer = await post(empty.port, { 'Content-Type': 'application/json' });
    expect(answer.status).toBe(404);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer.text)).toEqual({ error: 'This sandbox has no demo account (SANDBOX_SEED=empty)' });
  });
});
