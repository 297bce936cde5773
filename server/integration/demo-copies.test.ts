/**
 * "Try the demo" gives each visitor a demo account of their own, through
 * `npm start`'s proxy over real HTTP: two sessions do not see each other's
 * changes (nor does the shared demo account), a copy is removed with its keys
 * when its time has come (the sandbox clock moved by the control surface),
 * and the live copies and the sessions per client address are capped, with a
 * clear message and Retry-After past the cap.
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

const sessionSchema = z.looseObject({ email: z.string(), key: z.string(), hmac: z.string(), resetsAt: z.number() });
type Session = z.infer<typeof sessionSchema>;

const dir = mkdtempSync(path.join(tmpdir(), 'demo-copies-'));
let server: ServerApp;
let http: ReturnType<ServerApp['listen']>;
let port: number;

beforeAll(async () => {
  server = await createServerApp(
    serverConfigFromEnv({
      SANDBOX_DB: path.join(dir, 'demo.sqlite'),
      SANDBOX_SEED: 'demo',
      SANDBOX_QUIET: '1',
      SANDBOX_CONTROL: '1',
      SANDBOX_DEMO_HOURS: '2',
      SANDBOX_DEMO_COPIES: '4',
      SANDBOX_DEMO_SESSIONS_PER_ADDRESS: '2',
      TRUSTED_PROXIES: '127.0.0.1',
    }),
    { log: () => {} },
  );
  http = server.listen(0, '127.0.0.1');
  await once(http, 'listening');
  port = (http.address() as AddressInfo).port;
});

afterAll(async () => {
  if ('closeAllConnections' in http) http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

let visitor = 0;
/** "Try the demo" from a client address of its own unless one is given. */
function startDemo(address = `198.51.100.${++visitor}`) {
  return send(port, '/sandbox/demo-session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: '{}',
  });
}

async function demo(address?: string): Promise<Session> {
  const answer = await startDemo(address);
  expect(answer.status, answer.text).toBe(200);
  return sessionSchema.parse(JSON.parse(answer.text));
}

/** A signed call with a session's keys; its envelope. */
async function call(session: Session, method: Parameters<typeof buildTarget>[0], args: string[] = [], body?: unknown) {
  const target = buildTarget(method, args);
  const answer = await send(port, target, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'X-Apikey': session.key,
      'X-Apimac': hmacMd5Hex(session.hmac, target),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return envelopeSchema.parse(JSON.parse(answer.text));
}

const hostsOf = async (session: Session) =>
  z
    .array(z.looseObject({ host: z.string() }))
    .parse((await call(session, 'sites_list')).result)
    .map((s) => s.host);
const titleOf = async (session: Session) =>
  z.looseObject({ title: z.string() }).parse((await call(session, 'agency_view')).result).title;

describe('a demo account of your own', () => {
  it("keeps each session's changes to itself", async () => {
    const a = await demo();
    const b = await demo();
    expect(a.email).not.toBe(b.email);
    const hosts = await hostsOf(a);
    expect(hosts.length).toBeGreaterThan(20);
    expect(await hostsOf(b)).toEqual(hosts);
    const title = await titleOf(a);

    const gone = hosts[0] ?? '';
    expect((await call(a, 'site_delete', [gone])).error).toBe(0);
    expect((await call(a, 'agency_update', [], { title: 'Renamed by A', email: 'a@partner.example' })).error).toBe(0);
    expect((await call(a, 'sites_add', [], ['added-by-a.example'])).error).toBe(0);

    expect(await titleOf(a)).toBe('Renamed by A');
    expect(await hostsOf(a)).toContain('added-by-a.example');
    // B, and a visitor after A, see the demo as seeded.
    for (const other of [b, await demo()]) {
      expect(await titleOf(other)).toBe(title);
      expect(await hostsOf(other)).toEqual(hosts);
    }
  });

  it("refuses an expired copy's keys and removes its data", async () => {
    const session = await demo();
    expect((await call(session, 'api_keyinfo')).error).toBe(0);
    const clock = await send(port, '/sandbox/control/clock', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advance: 2 * 3600 + 1 }),
    });
    expect(clock.status, clock.text).toBe(200);
    const after = await call(session, 'sites_list');
    expect(after.error).toBe(502);
    expect(after.result).toBeNull();
    // Its mails went with it.
    const mails = await send(port, `/sandbox/outbox?to=${encodeURIComponent(session.email)}`);
    expect(JSON.parse(mails.text)).toEqual([]);
  });

  it('caps the sessions of one client address, and the live copies in all, with a clear message', async () => {
    const address = '203.0.113.7';
    await demo(address);
    await demo(address);
    const third = await startDemo(address);
    expect(third.status).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3000);
    expect(JSON.parse(third.text)).toEqual({
      error: 'You have started 2 demo sessions this hour, the most one network address may: try again in 60 minutes.',
    });

    // Two live copies from above; two more fill SANDBOX_DEMO_COPIES=4.
    await demo();
    await demo();
    const full = await startDemo();
    expect(full.status).toBe(429);
    expect(JSON.parse(full.text)).toEqual({
      error: 'All 4 demo accounts are in use: try again in 120 minutes.',
    });
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(7000);
  });
});
