/**
 * The sign-in limits (README "Security") over real HTTP: the proxy in front of a
 * small real upstream that answers signup and signin as the service does and
 * records what reaches it. A refused call never reaches the upstream.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { envelopeSchema } from '../../src/api/schemas.ts';
import { createProxy } from './app.ts';
import type { ProxyOptions } from './options.ts';
import { addressKey, DEFAULT_LOGIN_LIMITS, emailKey, inWords, WRONG_CODE } from './login-limits.ts';
import { send, serveApp, startUpstream, type RawAnswer, type RecordedRequest, type Served } from './test-support.ts';

const GOOD_CODE = '424242';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

function answer(res: ServerResponse, method: string, error: number, result: unknown): void {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(
    JSON.stringify({ version: 'test', keyid: '', method, timewait: 0, error, message: '', errorinfo: '', result }),
  );
}

/** signup sends a code; signin takes GOOD_CODE and answers any other with 112900 (docs/partner-api.md#method-errors). */
function authService(delayMs = 0) {
  return (req: RecordedRequest, res: ServerResponse) => {
    const [, , method = '', , code] = req.url.split('?', 1)[0]?.split('/') ?? [];
    const reply = () => {
      if (method === 'signup') return answer(res, method, 0, { otp: { length: 6 } });
      if (code === GOOD_CODE) return answer(res, method, 0, { privatekey: { key: 'k', hmac: 'h' } });
      return answer(res, method, WRONG_CODE, null);
    };
    if (delayMs > 0) setTimeout(reply, delayMs);
    else reply();
  };
}

async function rig(options: Partial<ProxyOptions> = {}, delayMs = 0) {
  const upstream = await startUpstream(authService(delayMs));
  cleanups.push(() => upstream.close());
  const proxy = await serveApp(
    createProxy({
      upstream: { kind: 'remote', baseUrl: upstream.baseUrl },
      appKey: 'partner-app-key',
      log: () => {},
      ...options,
    }),
  );
  cleanups.push(() => proxy.close());
  const reached = (method: string) => upstream.requests.filter((r) => r.url.startsWith(`/api/${method}/`)).length;
  return { upstream, proxy, reached };
}

const signup = (proxy: Served, email: string, headers: Record<string, string> = {}) =>
  send(proxy.port, `/api/signup/${encodeURIComponent(email)}/`, { headers });
const signin = (proxy: Served, email: string, code: string) =>
  send(proxy.port, `/api/signin/${encodeURIComponent(email)}/${code}/`);

function refusal(answer: RawAnswer) {
  return {
    status: answer.status,
    retryAfter: answer.headers['retry-after'],
    ...envelopeSchema.parse(JSON.parse(answer.text)),
  };
}

describe('sign-in limits, through the proxy', () => {
  it('stops the guessing loop (signup, then wrong codes, repeated) long before 100 wrong codes', async () => {
    const { proxy, reached } = await rig();
    let refused: RawAnswer | null = null;
    let wrongCodes = 0;
    loop: for (let round = 0; round < 20; round += 1) {
      const up = await signup(proxy, 'victim@example.com');
      if (refusal(up).error !== 0) {
        refused = up;
        break;
      }
      for (let guess = 0; guess < 10; guess += 1) {
        const tried = await signin(proxy, 'victim@example.com', String(100000 + wrongCodes));
        if (refusal(tried).error !== WRONG_CODE) {
          // Past the tries of one code: refused until a new code is sent.
          expect(refusal(tried)).toMatchObject({ version: 'proxy', error: 500 });
          expect(refusal(tried).errorinfo).toBe('Too many wrong tries for this sign-in code. Request a new code.');
          continue loop;
        }
        wrongCodes += 1;
      }
    }
    // 5 codes in 15 minutes, 5 tries each.
    expect(wrongCodes).toBe(DEFAULT_LOGIN_LIMITS.codesPerEmail.count * DEFAULT_LOGIN_LIMITS.wrongCodesPerCode);
    expect(reached('signin')).toBe(wrongCodes);
    const seen = refusal(refused as RawAnswer);
    // The spec envelope (HTTP 200) with a system error, saying when to retry.
    expect(seen).toMatchObject({ status: 200, version: 'proxy', method: 'signup', error: 500, result: null });
    expect(seen.errorinfo).toBe('Too many sign-in codes requested for this e-mail address. Try again in 15 minutes.');
    expect(Number(seen.retryAfter)).toBeGreaterThan(800);
  });

  it('refuses a signin with no code pending without counting it, and lets the owner in with a fresh code', async () => {
    const { proxy, reached } = await rig({ trustedProxies: ['127.0.0.1'] });
    const email = 'owner@example.com';
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const strangers = (n: number, base: number) =>
      Promise.all(
        Array.from({ length: n }, (_, i) =>
          send(proxy.port, `/api/signin/${encodeURIComponent(email)}/${100000 + base + i}/`, {
            headers: from(`198.51.100.${base + i}`),
          }),
        ),
      );
    // 20 strangers, no code pending: refused, never forwarded, never counted.
    for (const answer of await strangers(20, 0)) {
      expect(refusal(answer)).toMatchObject({ version: 'proxy', error: 500 });
      expect(refusal(answer).errorinfo).toBe('No sign-in code is pending for this e-mail address. Request a new code.');
      expect(refusal(answer).retryAfter).toBeUndefined();
    }
    expect(reached('signin')).toBe(0);

    // A code is pending: strangers' wrong guesses spend it (5 reach the service)…
    expect(refusal(await signup(proxy, email, from('203.0.113.9'))).error).toBe(0);
    await strangers(20, 20);
    expect(reached('signin')).toBe(DEFAULT_LOGIN_LIMITS.wrongCodesPerCode);
    // …but the owner, from another address, with a fresh code, gets in.
    expect(refusal(await signup(proxy, email, from('203.0.113.10'))).error).toBe(0);
    const owner = await send(proxy.port, `/api/signin/${encodeURIComponent(email)}/${GOOD_CODE}/`, {
      headers: from('203.0.113.10'),
    });
    expect(refusal(owner).error).toBe(0);
    // The code is used: it is pending no more.
    expect(refusal(await signin(proxy, email, GOOD_CODE)).errorinfo).toMatch(/^No sign-in code is pending/);
  });

  it('sends 5 codes per e-mail per 15 minutes, however the address is written', async () => {
    const { proxy, reached } = await rig();
    for (let i = 0; i < 5; i += 1) expect(refusal(await signup(proxy, 'jane@example.com')).error).toBe(0);
    const sixth = refusal(await signup(proxy, 'Jane@Example.com'));
    expect(sixth).toMatchObject({ status: 200, error: 500, method: 'signup' });
    expect(sixth.errorinfo).toBe('Too many sign-in codes requested for this e-mail address. Try again in 15 minutes.');
    expect(Number(sixth.retryAfter)).toBeGreaterThan(890);
    expect(Number(sixth.retryAfter)).toBeLessThanOrEqual(900);
    expect(refusal(await send(proxy.port, '/api/signup/%6Aane%40example.com/')).error).toBe(500);
    expect(reached('signup')).toBe(5);
    // Another e-mail is another count.
    expect(refusal(await signup(proxy, 'john@example.com')).error).toBe(0);
  });

  it('sends 30 codes per client address per hour, the address as TRUSTED_PROXIES resolves it', async () => {
    const { proxy, reached } = await rig({ trustedProxies: ['127.0.0.1'] });
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    for (let i = 0; i < 30; i += 1) {
      expect(refusal(await signup(proxy, `person${i}@example.com`, from('198.51.100.7'))).error).toBe(0);
    }
    const refused = refusal(await signup(proxy, 'one-more@example.com', from('198.51.100.7')));
    expect(refused.errorinfo).toBe('Too many sign-in codes requested from your network address. Try again in 1 hour.');
    expect(reached('signup')).toBe(30);
    // Another client behind the same trusted proxy is another count.
    expect(refusal(await signup(proxy, 'one-more@example.com', from('198.51.100.8'))).error).toBe(0);
  });

  it('is not fooled by an X-Forwarded-For the client writes itself', async () => {
    const { proxy, reached } = await rig({
      loginLimits: { ...DEFAULT_LOGIN_LIMITS, codesPerAddress: { count: 3, windowMs: 60_000 } },
    });
    for (let i = 0; i < 5; i += 1) {
      await signup(proxy, `spoof${i}@example.com`, { 'X-Forwarded-For': `203.0.113.${i}` });
    }
    expect(reached('signup')).toBe(3);
  });

  it('counts calls sent side by side before any answer is back', async () => {
    const { proxy, reached } = await rig({}, 100);
    expect(refusal(await signup(proxy, 'parallel@example.com')).error).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signin(proxy, 'parallel@example.com', String(200000 + i))),
    );
    expect(reached('signin')).toBe(DEFAULT_LOGIN_LIMITS.wrongCodesPerCode);
    expect(answers.filter((a) => refusal(a).error === 500)).toHaveLength(50 - DEFAULT_LOGIN_LIMITS.wrongCodesPerCode);
  });

  it('counts only wrong codes: a person signing in again and again is never refused', async () => {
    const { proxy, reached } = await rig();
    for (let i = 0; i < 5; i += 1) {
      expect(refusal(await signup(proxy, 'daily@example.com')).error).toBe(0);
      // A wrong code first, then the right one: the wrong one does not cost the next code anything.
      expect(refusal(await signin(proxy, 'daily@example.com', '000000')).error).toBe(WRONG_CODE);
      expect(refusal(await signin(proxy, 'daily@example.com', GOOD_CODE)).error).toBe(0);
    }
    expect(reached('signin')).toBe(10);
  });

  it('limits only calls that borrow the application key, or send it themselves', async () => {
    const { proxy, reached } = await rig();
    for (let i = 0; i < 8; i += 1) await signup(proxy, 'own-key@example.com', { 'X-Apikey': 'partner-own-app-key' });
    expect(reached('signup')).toBe(8);
    // The lent key sent by the caller itself meets the same limits.
    for (let i = 0; i < 8; i += 1) await signup(proxy, 'lent-key@example.com', { 'X-Apikey': 'partner-app-key' });
    expect(reached('signup')).toBe(8 + DEFAULT_LOGIN_LIMITS.codesPerEmail.count);
    const guess = await send(proxy.port, `/api/signin/${encodeURIComponent('nobody@example.com')}/123456/`, {
      headers: { 'X-Apikey': 'partner-app-key' },
    });
    expect(refusal(guess).errorinfo).toMatch(/^No sign-in code is pending/);
  });
});

describe('sign-in limit keys and words', () => {
  it('reads the e-mail as the service does: decoded, case and spaces ignored', () => {
    expect(emailKey('/api/signup/Jane%40Example.COM/')).toBe('jane@example.com');
    expect(emailKey('/api/signin/%20jane@example.com/123456/?x=1')).toBe('jane@example.com');
    expect(emailKey('/api/signup/%FF@example.com/')).toBe('%ff@example.com');
  });

  it('counts an IPv6 client by its /64 and an IPv4 client by its address', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey(null)).toBe('unknown');
  });

  it('says the wait in plain words', () => {
    expect(inWords(1)).toBe('1 second');
    expect(inWords(45)).toBe('45 seconds');
    expect(inWords(61)).toBe('2 minutes');
    expect(inWords(12 * 60)).toBe('12 minutes');
    expect(inWords(3600)).toBe('1 hour');
    expect(inWords(2 * 3600 + 5 * 60)).toBe('2 hours and 5 minutes');
  });
});
