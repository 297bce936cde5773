/**
 * Rate limits, over real HTTP: one-time passwords per e-mail and per
 * client address, wrong codes per pending code and per address, and a
 * token bucket per signin key. A refusal is system error 500 with when to retry
 * in errorinfo and as Retry-After; time moves by the control clock.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type SandboxLimits } from './config.ts';
import { enc, freshHttpSandbox, type Answer, type TestBed } from './testing.ts';

/** A six-digit code that is not the given one. */
function wrong(code: string, n = 1): string {
  return String((Number(code) + n) % 1_000_000).padStart(6, '0');
}

function signup(bed: TestBed, email: string): Promise<Answer> {
  return bed.call(`/api/signup/${enc(email)}/`, { key: bed.appKey });
}

function signin(bed: TestBed, email: string, code: string): Promise<Answer> {
  return bed.call(`/api/signin/${enc(email)}/${code}/`, { key: bed.appKey });
}

/** A refusal by a limit: envelope 500, the wait in words and in Retry-After (seconds, within `most`). */
function expectRefused(answer: Answer, info: RegExp, most: number): number {
  expect(answer.status).toBe(200);
  expect(answer.envelope).toMatchObject({ error: 500, message: 'Service is temporarily unavailable', result: null });
  expect(answer.envelope.errorinfo).toMatch(info);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(most);
  return retryAfter;
}

const limits = (overrides: Partial<SandboxLimits>) => ({ limits: { ...DEFAULT_LIMITS, ...overrides } });

describe('one-time passwords requested (signup)', () => {
  it('refuses a sixth code for an e-mail within 15 minutes, without voiding the pending one', async () => {
    const bed = await freshHttpSandbox();
    const email = 'many-codes@partner.example';
    for (let i = 0; i < 5; i++) expect((await signup(bed, email)).envelope.error).toBe(0);
    const pending = (await bed.outbox(email))[0]?.otp ?? '';

    const refused = await signup(bed, email);
    const wait = expectRefused(
      refused,
      /^Too many one-time passwords requested for this e-mail: try again in 15 minutes$/,
      900,
    );
    expect(wait).toBeGreaterThan(840);
    expect(refused.envelope.method).toBe('signup');
    // No mail went out, and the code sent before still works.
    expect(await bed.outbox(email)).toHaveLength(5);
    expect((await signin(bed, email, pending)).envelope.error).toBe(0);
    await bed.advance(wait);
    expect((await signup(bed, email)).envelope.error).toBe(0);
  });

  it('refuses the 31st code requested from one address in an hour, whatever the e-mail', async () => {
    const bed = await freshHttpSandbox();
    for (let i = 0; i < 30; i++) {
      expect((await signup(bed, `address-${i}@partner.example`)).envelope.error, String(i)).toBe(0);
    }
    const wait = expectRefused(
      await signup(bed, 'one-more@partner.example'),
      /^Too many one-time passwords requested from this address: try again in (59|60) minutes$/,
      3600,
    );
    await bed.advance(wait);
    expect((await signup(bed, 'one-more@partner.example')).envelope.error).toBe(0);
  });
});

describe('wrong one-time passwords (signin)', () => {
  it('stops the guessing loop: 5 tries per code, 5 codes per 15 minutes; a fresh code always works', async () => {
    const bed = await freshHttpSandbox();
    const email = 'target@partner.example';
    let guesses = 0;
    // "signup, then wrong codes", repeated: each code allows 5 tries, then it is spent.
    for (let round = 0; round < 5; round++) {
      const code = await bed.requestOtp(email);
      for (let i = 1; i <= 6; i++) {
        expect((await signin(bed, email, wrong(code, i))).envelope.error).toBe(112900);
        if (i <= 5) guesses += 1;
      }
      expect((await signin(bed, email, code)).envelope.errorinfo).toMatch(/no longer works|No pending/);
    }
    expect(guesses).toBe(25);
    const wait = expectRefused(await signup(bed, email), /for this e-mail: try again in \d+ minutes$/, 900);
    // Strangers' wrong guesses never stop the owner's next code.
    await bed.advance(wait);
    const next = await bed.requestOtp(email);
    expect((await signin(bed, email, next)).envelope.error).toBe(0);
  });

  it('refuses a signin with no code pending without counting it', async () => {
    const bed = await freshHttpSandbox(limits({ wrongOtpPerAddress: 3 }));
    for (let i = 0; i < 10; i++) {
      expect((await signin(bed, 'nobody@partner.example', '123456')).envelope.errorinfo).toMatch(/^No pending/);
    }
    // Nothing counted against the address: its wrong codes are still to come.
    const code = await bed.requestOtp('nobody@partner.example');
    expect((await signin(bed, 'nobody@partner.example', code)).envelope.error).toBe(0);
  });

  it('limits wrong codes per address across e-mails (SANDBOX_LIMIT_WRONG_OTP_PER_ADDRESS)', async () => {
    const bed = await freshHttpSandbox(limits({ wrongOtpPerAddress: 3 }));
    for (let i = 0; i < 3; i++) {
      const email = `spray-${i}@partner.example`;
      const code = await bed.requestOtp(email);
      expect((await signin(bed, email, wrong(code))).envelope.error).toBe(112900);
    }
    const code = await bed.requestOtp('spray-3@partner.example');
    expectRefused(
      await signin(bed, 'spray-3@partner.example', code),
      /^Too many wrong one-time passwords from this address: try again in \d+ minutes$/,
      3600,
    );
  });
});

describe('requests per key', () => {
  it('empties a signin key bucket after its burst and refills it at its rate; other keys go on', async () => {
    const bed = await freshHttpSandbox(limits({ keyRate: 1, keyBurst: 5 }));
    const busy = await bed.signUpAndIn();
    const calm = await bed.signUpAndIn();
    for (let i = 0; i < 5; i++) expect((await bed.call('/api/api_keyinfo/', { key: busy })).envelope.error).toBe(0);
    const refused = await bed.call('/api/sites_list/', { key: busy });
    expectRefused(refused, /^Too many requests with this API key: try again in 1 second$/, 1);
    expect(refused.envelope.keyid).toBe(busy.keyId);
    expect((await bed.call('/api/sites_list/', { key: calm })).envelope.error).toBe(0);
    await bed.advance(2);
    expect((await bed.call('/api/sites_list/', { key: busy })).envelope.error).toBe(0);
  });

  it('answers syncfile_get refused by the bucket as HTTP 503 with Retry-After', async () => {
    const bed = await freshHttpSandbox(limits({ keyRate: 1, keyBurst: 1 }));
    const account = await bed.signUpAndIn();
    expect((await bed.raw('/api/syncfile_get/', { key: account })).status).toBe(200);
    const refused = await bed.raw('/api/syncfile_get/', { key: account });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.text()).toMatch(/\(500\): Too many requests with this API key/);
  });

  it('leaves the application key to the signup and signin limits (every browser shares it behind the proxy)', async () => {
    const bed = await freshHttpSandbox(limits({ keyRate: 1, keyBurst: 2 }));
    for (let i = 0; i < 10; i++) {
      expect((await bed.call('/api/api_keyinfo/', { key: bed.appKey })).envelope.error).toBe(0);
    }
  });
});
