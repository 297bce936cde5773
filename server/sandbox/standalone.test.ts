/**
 * The standalone sandbox (`npm run sandbox`) over real HTTP: its pages
 * and control surface answer only loopback hosts (and SANDBOX_PUBLIC_URL's), the
 * URLs it hands out never come from the Host header. That every answer of its
 * own process carries the security headers: standalone-headers.test.ts (wide suite).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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
