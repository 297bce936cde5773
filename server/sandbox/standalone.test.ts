/**
 * The standalone sandbox (`npm run sandbox`) over real HTTP: its pages
 * and control surface answer only loopback hosts (and SANDBOX_PUBLIC_URL's), the
 * URLs it hands out never come from the Host header, and every answer carries
 * the security headers.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { spawnSandbox } from './testing-child.ts';
import { rawHttp } from './testing-http.ts';
import { signinResultSchema } from './testing-schemas.ts';
import { enc, freshHttpSandbox, type TestBed } from './testing.ts';

const REBIND = 'rebind.attacker.example';

async function clockNow(bed: TestBed): Promise<number> {
  return z.object({ now: z.number() }).parse(await (await bed.transport.request('/sandbox/health')).json()).now;
}

/** Sign up and in with every request addressed to `host`; the signin result. */
async function signInVia(bed: TestBed, host: string, email: string) {
  const headers = { host };
  await bed.ok(`/api/signup/${enc(email)}/`, { key: bed.appKey, headers });
  const otp = (await bed.outbox(email))[0]?.otp ?? '';
  return signinResultSchema.parse(await bed.ok(`/api/signin/${enc(email)}/${otp}/`, { key: bed.appKey, headers }));
}

describe('the host allowlist of npm run sandbox', () => {
  it('refuses its pages and control surface to a foreign Host (DNS rebinding) with 403', async () => {
    const bed = await freshHttpSandbox();
    await bed.requestOtp('victim@partner.example');
    const before = await clockNow(bed);
    const foreign = { headers: { host: REBIND } };
    for (const target of ['/sandbox/outbox?to=victim%40partner.example', '/sandbox/health', '/sandbox/dashboard']) {
      const res = await bed.transport.request(target, foreign);
      expect(res.status, target).toBe(403);
      const text = await res.text();
      expect(text, target).not.toMatch(/"otp"/);
      expect(JSON.parse(text), target).toEqual({
        error: 'The sandbox pages answer only on localhost, a loopback address or the host of SANDBOX_PUBLIC_URL',
      });
    }
    const moved = await bed.transport.request('/sandbox/control/clock', {
      method: 'POST',
      headers: { host: `${REBIND}:80`, 'content-type': 'application/json' },
      body: '{"advance":86400}',
    });
    expect(moved.status).toBe(403);
    expect(await clockNow(bed)).toBeLessThan(before + 86400);
  });

  it('answers loopback names and addresses', async () => {
    const bed = await freshHttpSandbox();
    const port = new URL(bed.base).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'LOCALHOST', '127.0.0.2']) {
      const res = await bed.transport.request('/sandbox/outbox?to=nobody%40partner.example', { headers: { host } });
      expect(res.status, host).toBe(200);
      expect(await res.json(), host).toEqual([]);
    }
  });

  it('builds the URLs it hands out from the address it listens on, never from the Host header', async () => {
    const bed = await freshHttpSandbox();
    const signin = await signInVia(bed, REBIND, 'urls@partner.example');
    expect(signin.syncfile.download).toMatch(new RegExp(`^${bed.base}/sandbox/syncfile/[0-9a-f]+$`));
    const key = { key: signin.privatekey.key, hmac: signin.privatekey.hmac };
    const dashboard = z.string().parse(await bed.ok('/api/dashboard/', { key, headers: { host: REBIND } }));
    expect(dashboard.startsWith(`${bed.base}/sandbox/dashboard?token=`)).toBe(true);
    const missing = await bed.transport.request('/nothing', { headers: { host: REBIND } });
    expect(await missing.json()).toMatchObject({ api: `${bed.base}/api/<method>/` });
  });

  it('uses SANDBOX_PUBLIC_URL for its URLs and answers that host, but keeps the control surface to loopback', async () => {
    const publicOrigin = 'https://sandbox.partner.example';
    const bed = await freshHttpSandbox({ publicOrigin });
    const signin = await signInVia(bed, REBIND, 'public@partner.example');
    expect(signin.syncfile.download.startsWith(`${publicOrigin}/sandbox/syncfile/`)).toBe(true);
    const host = { host: 'sandbox.partner.example' };
    const download = new URL(signin.syncfile.download);
    expect((await bed.transport.request(download.pathname, { headers: host })).status).toBe(200);
    expect((await bed.transport.request(download.pathname, { headers: { host: REBIND } })).status).toBe(403);
    const control = (hostName: string) =>
      bed.transport.request('/sandbox/control/clock', {
        method: 'POST',
        headers: { host: hostName, 'content-type': 'application/json' },
        body: '{"advance":1}',
      });
    expect((await control('sandbox.partner.example')).status).toBe(403);
    expect((await control(new URL(bed.base).host)).status).toBe(200);
  });
});

describe('the security headers of npm run sandbox', () => {
  // One cold start of `npm run sandbox`'s own entry (server/sandbox/main.ts).
  it(
    'are on every answer: envelope, raw text, the sync file, pages, refusals and the early 400',
    { timeout: 60_000 },
    async () => {
      const child = await spawnSandbox({ SANDBOX_PUBLIC_URL: 'http://sandbox.partner.example:8080' });
      try {
        const { bed, base } = child;
        const account = await bed.signUpAndIn('headers@partner.example');
        expect(account.signin.syncfile.download.startsWith('http://sandbox.partner.example:8080/')).toBe(true);
        const dashboard = new URL(z.string().parse(await bed.ok('/api/dashboard/', { key: account })));
        const answers: [string, Response][] = [
          ['envelope', await bed.raw('/api/api_keyinfo/', { key: account })],
          ['error envelope', await bed.raw('/api/nothing/')],
          ['api_test raw=1', await bed.raw('/api/api_test/a/1/b/?str=s&int=1&raw=1', { key: bed.appKey })],
          ['syncfile_get', await bed.raw('/api/syncfile_get/', { key: account })],
          ['syncfile_get error', await bed.raw('/api/syncfile_get/')],
          ['health', await bed.transport.request('/sandbox/health')],
          ['outbox', await bed.transport.request('/sandbox/outbox?to=x%40partner.example')],
          ['dashboard page', await bed.transport.request(`${dashboard.pathname}${dashboard.search}`)],
          ['not found', await bed.transport.request('/nothing')],
          ['foreign host', await bed.transport.request('/sandbox/health', { headers: { host: REBIND } })],
          ['backslash', await rawHttp(base, '/api/sites_list/a\\b/')],
          ["the adapter's 400 for a backslash outside the API", await rawHttp(base, '/sandbox/a\\b')],
          ["the adapter's 400 for a target it cannot read", await rawHttp(base, '*')],
        ];
        expect(answers.find(([name]) => name === 'api_test raw=1')?.[1].headers.get('content-type')).toMatch(
          /^text\/plain/,
        );
        expect(answers.find(([name]) => name === 'backslash')?.[1].status).toBe(200);
        expect(answers.filter(([, res]) => res.status === 400)).toHaveLength(2);
        for (const [name, res] of answers) {
          expect(res.headers.get('content-security-policy'), name).toBe(
            "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          );
          expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
          expect(res.headers.get('referrer-policy'), name).toBe('no-referrer');
        }
      } finally {
        child.child.kill('SIGTERM');
        await child.exited;
      }
    },
  );
});
