/**
 * The sign-in limits as `npm start` builds them (LOGIN_LIMIT_* read by
 * server/config.ts, the proxy in front of the embedded sandbox), over real
 * HTTP: the guessing loop is refused by the proxy, with the sandbox's own
 * wrong-code answers (112900) counted.
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

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'login-limits-'));
  const config = serverConfigFromEnv({
    SANDBOX_DB: path.join(dir, 'sandbox.sqlite'),
    SANDBOX_SEED: 'demo',
    SANDBOX_QUIET: '1',
    LOGIN_LIMIT_WRONG_CODES_PER_EMAIL: '7/1h',
  });
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

describe('sign-in limits in front of the embedded sandbox', () => {
  it('refuses the guessing loop after LOGIN_LIMIT_WRONG_CODES_PER_EMAIL wrong codes, the right code too', async () => {
    let wrong = 0;
    let refused: RawAnswer | null = null;
    while (refused === null && wrong < 100) {
      expect(envelopeOf(await send(served.port, `/api/signup/${encodeURIComponent(EMAIL)}/`)).error).toBe(0);
      const guess = (await currentCode()) === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5 && refused === null; i += 1) {
        const answer = await send(served.port, `/api/signin/${encodeURIComponent(EMAIL)}/${guess}/`);
        if (envelopeOf(answer).version === 'proxy') refused = answer;
        else {
          // The sandbox's own answer to a wrong code (docs/partner-api.md#method-errors).
          expect(envelopeOf(answer).error).toBe(112900);
          wrong += 1;
        }
      }
    }
    expect(wrong).toBe(7);
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
    expect(envelopeOf(refused as RawAnswer)).toMatchObject({ error: 500, method: 'signin' });

    // Even the right code waits: a guess that happens to be right must not get through either.
    const right = await send(served.port, `/api/signin/${encodeURIComponent(EMAIL)}/${await currentCode()}/`);
    expect(envelopeOf(right)).toMatchObject({ version: 'proxy', error: 500 });
    expect(envelopeOf(right).errorinfo).toMatch(/^Too many wrong sign-in codes for this e-mail address\. Try again in/);
  });
});

/** The newest code in the sandbox outbox (newest first). */
async function currentCode(): Promise<string> {
  const outbox = await send(served.port, `/sandbox/outbox?to=${encodeURIComponent(EMAIL)}`);
  return outboxSchema.parse(JSON.parse(outbox.text)).find((mail) => mail.otp !== undefined)?.otp ?? '';
}
