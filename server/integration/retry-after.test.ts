/**
 * A limit's refusal reaches the browser with its Retry-After: the
 * sandbox behind `npm start` refuses a fourth code for one e-mail, and the
 * proxy, whose own limits are set wider here, passes the header on with the
 * sandbox's envelope.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { envelopeSchema } from '../../src/api/schemas.ts';
import { serverConfigFromEnv } from '../config.ts';
import { send, serveApp, type Served } from '../proxy/test-support.ts';
import { createServerApp, type ServerApp } from '../server-app.ts';

let dir: string;
let server: ServerApp;
let served: Served;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'retry-after-'));
  const config = serverConfigFromEnv({
    SANDBOX_DB: path.join(dir, 'sandbox.sqlite'),
    SANDBOX_SEED: 'empty',
    SANDBOX_QUIET: '1',
    SANDBOX_LIMIT_OTP_PER_EMAIL: '3',
    LOGIN_LIMIT_CODES_PER_EMAIL: '100/1m',
  });
  server = await createServerApp(config, { log: () => {} });
  served = await serveApp(server.app);
});

afterAll(async () => {
  await served.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

it("passes the sandbox's Retry-After through the proxy", async () => {
  const target = `/api/signup/${encodeURIComponent('wait@example.com')}/`;
  for (let i = 0; i < 3; i += 1) {
    expect(envelopeSchema.parse(JSON.parse((await send(served.port, target)).text)).error).toBe(0);
  }
  const refused = await send(served.port, target);
  const envelope = envelopeSchema.parse(JSON.parse(refused.text));
  expect(envelope).toMatchObject({ error: 500, method: 'signup' });
  expect(envelope.version).not.toBe('proxy');
  expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
});
