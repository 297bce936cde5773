/**
 * The one-time password flow (docs/partner-api.md#signup, docs/partner-api.md#one-time-password) and the outbox: expiry,
 * lockout after 5 wrong tries, single use, a new code replacing the old one, the
 * registration e-mail on the first signin only.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { enc, freshSandbox, type TestBed } from './testing.ts';
import { signinResultSchema } from './testing-schemas.ts';

/** A six-digit code that is not the given one. */
function wrong(code: string, n = 1): string {
  return String((Number(code) + n) % 1_000_000).padStart(6, '0');
}

async function signin(bed: TestBed, email: string, code: string) {
  return (await bed.call(`/api/signin/${enc(email)}/${code}/`, { key: bed.appKey })).envelope;
}

describe('one-time passwords', () => {
  it('reports length and expiry, and the code in the outbox has that length', async () => {
    const bed = freshSandbox({ otpSeconds: 120 });
    const email = 'p@partner.example';
    const result = z
      .object({ otp: z.object({ length: z.number(), expires_in: z.number(), expires_at: z.number() }) })
      .parse(await bed.ok(`/api/signup/${enc(email)}/`, { key: bed.appKey }));
    const [mail] = await bed.outbox(email);
    expect(result.otp.expires_in).toBe(120);
    expect(result.otp.expires_at).toBe((mail?.sentAt ?? 0) + 120);
    expect(mail?.otp).toMatch(new RegExp(`^\\d{${result.otp.length}}$`));
  });

  it('stops working after its expiry on the sandbox clock', async () => {
    const bed = freshSandbox();
    const early = await bed.requestOtp('early@partner.example');
    await bed.advance(590);
    expect((await signin(bed, 'early@partner.example', early)).error).toBe(0);

    const late = await bed.requestOtp('late@partner.example');
    await bed.advance(601);
    const answer = await signin(bed, 'late@partner.example', late);
    expect(answer.error).toBe(112900);
    expect(answer.errorinfo).toMatch(/expired/);
    // A new code works again.
    const fresh = await bed.requestOtp('late@partner.example');
    expect((await signin(bed, 'late@partner.example', fresh)).error).toBe(0);
  });

  it('locks out after 5 wrong tries, even the right code', async () => {
    const bed = freshSandbox();
    const email = 'p@partner.example';
    const code = await bed.requestOtp(email);
    for (let i = 1; i <= 5; i++) {
      const answer = await signin(bed, email, wrong(code, i));
      expect(answer.error).toBe(112900);
      expect(answer.result).toBeNull();
    }
    expect((await signin(bed, email, code)).error).toBe(112900);
    // No account was made.
    expect((await bed.outbox(email)).filter((m) => m.otp === undefined)).toEqual([]);
  });

  it('lets the right code through after 4 wrong tries', async () => {
    const bed = freshSandbox();
    const email = 'p@partner.example';
    const code = await bed.requestOtp(email);
    for (let i = 1; i <= 4; i++) expect((await signin(bed, email, wrong(code, i))).error).toBe(112900);
    expect((await signin(bed, email, code)).error).toBe(0);
  });

  it('is single use', async () => {
    const bed = freshSandbox();
    const email = 'p@partner.example';
    const code = await bed.requestOtp(email);
    expect((await signin(bed, email, code)).error).toBe(0);
    expect((await signin(bed, email, code)).error).toBe(112900);
  });

  it('is replaced by a new signup', async () => {
    const bed = freshSandbox();
    const email = 'p@partner.example';
    const first = await bed.requestOtp(email);
    let second = await bed.requestOtp(email);
    // One chance in a million that both codes are equal; then ask once more.
    if (second === first) second = await bed.requestOtp(email);
    expect(second).not.toBe(first);
    expect((await signin(bed, email, first)).error).toBe(112900);
    expect((await signin(bed, email, second)).error).toBe(0);
  });

  it('belongs to its e-mail only', async () => {
    const bed = freshSandbox();
    const code = await bed.requestOtp('one@partner.example');
    await bed.requestOtp('two@partner.example');
    expect((await signin(bed, 'two@partner.example', code)).error).not.toBe(0);
    expect((await signin(bed, 'one@partner.example', code)).error).toBe(0);
  });

  it('treats the e-mail case-insensitively, with %40 or a literal @', async () => {
    const bed = freshSandbox();
    await bed.ok('/api/signup/Mixed.Case%40Partner.Example/', { key: bed.appKey });
    const [mail] = await bed.outbox('mixed.case@partner.example');
    expect(mail?.to).toBe('mixed.case@partner.example');
    const result = signinResultSchema.parse(
      await bed.ok(`/api/signin/mixed.case@partner.example/${mail?.otp ?? ''}/`, { key: bed.appKey }),
    );
    expect(result.user.email).toBe('mixed.case@partner.example');
  });
});

describe('users and the registration e-mail', () => {
  it('creates the user on the first signin and sends the registration e-mail once', async () => {
    const bed = freshSandbox();
    const email = 'new@partner.example';
    const first = await bed.signUpAndIn(email);
    expect(first.signin.user.regdate).toBeUndefined();
    const afterFirst = await bed.outbox(email);
    expect(afterFirst.map((m) => m.otp === undefined)).toEqual([true, false]);
    const welcome = afterFirst[0];
    expect(welcome?.text).toContain(email);

    const signup = z
      .object({ user: z.object({ login: z.string(), email: z.string(), regdate: z.number().int() }) })
      .parse(await bed.ok(`/api/signup/${enc(email)}/`, { key: bed.appKey }));
    expect(signup.user).toEqual({ login: email, email, regdate: expect.any(Number) });
    const again = await bed.signUpAndIn(email);
    expect(again.signin.user.regdate).toBe(signup.user.regdate);
    const mails = await bed.outbox(email);
    expect(mails.filter((m) => m.otp === undefined)).toHaveLength(1);
    expect(mails.filter((m) => m.otp !== undefined)).toHaveLength(3);
  });
});

describe('the outbox', () => {
  it('answers a JSON array of { id, to, subject, text, otp, sentAt }, newest first', async () => {
    const bed = freshSandbox();
    await bed.advance(1000);
    const before = Math.floor(Date.now() / 1000) + 1000;
    await bed.signUpAndIn('a@partner.example');
    await bed.requestOtp('b@partner.example');
    const res = await bed.transport.request(`/sandbox/outbox?to=${enc('a@partner.example')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const raw: unknown = await res.json();
    const mails = await bed.outbox('a@partner.example');
    expect(raw).toEqual(mails);
    expect(mails).toHaveLength(2);
    const [welcome, otpMail] = mails;
    expect(Object.keys(otpMail ?? {}).sort()).toEqual(['id', 'otp', 'sentAt', 'subject', 'text', 'to']);
    expect(Object.keys(welcome ?? {}).sort()).toEqual(['id', 'sentAt', 'subject', 'text', 'to']);
    expect(otpMail?.text).toContain(otpMail?.otp ?? '-');
    expect(welcome?.id).toBeGreaterThan(otpMail?.id ?? Infinity);
    // sentAt is sandbox time.
    expect(otpMail?.sentAt).toBeGreaterThanOrEqual(before);
    // The filter ignores case.
    expect(await bed.outbox('A@Partner.EXAMPLE')).toEqual(mails);
    expect(await bed.outbox('nobody@partner.example')).toEqual([]);
  });

  it('answers one recipient at a time: without ?to= it is 400 and lists nothing', async () => {
    const bed = freshSandbox();
    await bed.requestOtp('a@partner.example');
    for (const target of ['/sandbox/outbox', '/sandbox/outbox?to=', '/sandbox/outbox?to=%20']) {
      const res = await bed.transport.request(target);
      expect(res.status, target).toBe(400);
      const text = await res.text();
      expect(z.object({ error: z.string().regex(/\?to=/) }).parse(JSON.parse(text)), target).toBeTruthy();
      expect(text, target).not.toContain('a@partner.example');
    }
  });

  it('is not part of /api/', async () => {
    const bed = freshSandbox();
    await bed.requestOtp('a@partner.example');
    const answer = await bed.call('/api/outbox/', { key: bed.appKey });
    expect(answer.envelope.error).toBe(504);
    expect(answer.text).not.toContain('a@partner.example');
  });
});
