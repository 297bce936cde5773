/**
 * The sign-in limits as `npm start` builds them (LOGIN_LIMIT_* read by
 * server/config.ts, the proxy in front of the embedded sandbox), over real
 * HTTP: the guessing loop is refused long before 100 wrong codes, strangers'
 * signins never stop the owner's fresh code, and a caller that sends the
 * sandbox's application key itself meets the same limits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema } from '../../src/api/schemas.ts';
import { serverConfigFromEnv } from '../config.ts';
import { send, serveApp, type RawAnswer, type Served } from '../proxy/test-support.ts';
import { createServerApp, type ServerApp } from '../server-app.ts';

const EMAIL = 'demo@partner.example';
let dir: string;
let server: ServerApp;
let served: Served;
let appKey: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'login-limits-'));
  const config = serverConfigFromEnv({
    SANDBOX_DB: path.join(dir, 'sandbox.sqlite'),
    SANDBOX_SEED: 'demo',
    SANDBOX_QUIET: '1',
    TRUSTED_PROXIES: '127.0.0.1',
  });
  appKey = config.upstream.kind === 'sandbox' ? config.upstream.appKey : '';
  server = await createServerApp(config, { log: () => {} });
  served = await serveApp(server.app);
});

afterAll(async () => {
  await served.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const envelopeOf = (answer: RawAnswer) => envelopeSchema.parse(JSON.parse(answer.text));
const outboxSchema = z.array(z.looseObject({ otp: z.string().optional() }));

const from = (address: string) => ({ 'X-Forwarded-For': address });
const signinTarget = (email: string, code: string) => `/api/signin/${encodeURIComponent(email)}/${code}/`;

describe('sign-in limits in front of the embedded sandbox', () => {
  it('refuses the guessing loop long before 100 wrong codes', async () => {
    let wrong = 0;
    let refused: RawAnswer | null = null;
    for (let round = 0; refused === null && round < 20; round += 1) {
      const up = await send(served.port, `/api/signup/${encodeURIComponent(EMAIL)}/`, { headers: from('192.0.2.1') });
      if (envelopeOf(up).error !== 0) refused = up;
      const guess = (await currentCode(EMAIL)) === '999999' ? '999998' : '999999';
      for (let i = 0; i < 10 && refused === null; i += 1) {
        const answer = await send(served.port, signinTarget(EMAIL, guess), { headers: from('192.0.2.1') });
        if (envelopeOf(answer).version === 'proxy') break; // this code is spent: ask for another
        // The sandbox's own answer to a wrong code.
        expect(envelopeOf(answer).error).toBe(112900);
        wrong += 1;
      }
    }
    expect(wrong).toBeLessThanOrEqual(25);
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
    expect(envelopeOf(refused as RawAnswer)).toMatchObject({ version: 'proxy', error: 500, method: 'signup' });
  });

  it("lets the owner in with a fresh code from another address after 20 strangers' signins", async () => {
    const email = 'owner@partner.example';
    const strangers = async (first: number) => {
      for (let i = first; i < first + 20; i += 1) {
        await send(served.port, signinTarget(email, String(100000 + i)), { headers: from(`198.51.100.${i}`) });
      }
    };
    // No code pending: refused without counting, never reaching the sandbox.
    await strangers(0);
    // A code pending: the strangers spend it, nothing more.
    expect(envelopeOf(await send(served.port, `/api/signup/${encodeURIComponent(email)}/`)).error).toBe(0);
    await strangers(20);
    const owner = { headers: from('203.0.113.50') };
    expect(envelopeOf(await send(served.port, `/api/signup/${encodeURIComponent(email)}/`, owner)).error).toBe(0);
    const answer = await send(served.port, signinTarget(email, await currentCode(email)), owner);
    expect(envelopeOf(answer)).toMatchObject({ error: 0, method: 'signin' });
    expect(answer.headers['retry-after']).toBeUndefined();
  });

  it('applies the limits to a caller that sends the application key itself', async () => {
    const email = 'own-key@partner.example';
    const viaHeader = await send(served.port, signinTarget(email, '123456'), { headers: { 'X-Apikey': appKey } });
    expect(envelopeOf(viaHeader)).toMatchObject({ version: 'proxy', error: 500 });
    expect(envelopeOf(viaHeader).errorinfo).toMatch(/^No sign-in code is pending/);
    const viaCookie = await send(served.port, `/sandbox${signinTarget(email, '123456')}`, {
      headers: { Cookie: `apikey=${appKey}` },
    });
    expect(envelopeOf(viaCookie)).toMatchObject({ version: 'proxy', error: 500 });
  });
});

/** The newest code in the sandbox outbox (newest first). */
async function currentCode(email: string): Promise<string> {
  const outbox = await send(served.port, `/sandbox/outbox?to=${encodeURIComponent(email)}`);
  return outboxSchema.parse(JSON.parse(outbox.text)).find((mail) => mail.otp !== undefined)?.otp ?? '';
}
