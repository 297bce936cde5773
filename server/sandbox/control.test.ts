/**
 * The sandbox-only routes: the control surface is off unless
 * SANDBOX_CONTROL=1 and checks its input; health answers when ready.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshHttpSandbox, freshSandbox } from './testing.ts';

const post = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('the control surface', () => {
  it('is off unless enabled', async () => {
    const bed = freshSandbox({ control: false });
    for (const action of ['clock', 'expire-key', 'bind-ip', 'plan', 'fail-next', 'syncfile']) {
      const res = await bed.transport.request(`/sandbox/control/${action}`, post('{"advance":86400}'));
      expect(res.status, action).toBe(404);
    }
    // The clock did not move: a fresh OTP still works.
    const account = await bed.signUpAndIn();
    expect(account.signin.keydata.created).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
  });

  it('refuses unknown actions, bad JSON and bad input', async () => {
    const bed = freshSandbox();
    expect((await bed.transport.request('/sandbox/control/teleport', post('{}'))).status).toBe(404);
    expect((await bed.transport.request('/sandbox/control/clock', post('{'))).status).toBe(400);
    expect((await bed.transport.request('/sandbox/control/clock', post('{"advance":-5}'))).status).toBe(400);
    expect(
      (await bed.transport.request('/sandbox/control/plan', post('{"email":"nobody@partner.example","siteLimit":1}')))
        .status,
    ).toBe(400);
    expect((await bed.transport.request('/sandbox/control/clock', { method: 'GET' })).status).toBe(404);
    // Object.prototype names are not actions.
    for (const action of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      const res = await bed.transport.request(`/sandbox/control/${action}`, post('{}'));
      expect(res.status, action).toBe(404);
      expect(await res.json(), action).toEqual({ error: `Unknown control action ${action}` });
    }
  });

  it('takes JSON only, so a cross-site form or text/plain POST cannot drive it', async () => {
    const bed = freshSandbox();
    const health = async () =>
      z.object({ now: z.number() }).parse(await (await bed.transport.request('/sandbox/health')).json()).now;
    const before = await health();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const res = await bed.transport.request('/sandbox/control/clock', {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body: '{"advance":3600}',
      });
      expect(res.status, type).toBe(415);
    }
    expect(await health()).toBeLessThan(before + 3600);
  });

  it('moves the clock forward and reports it', async () => {
    const bed = freshSandbox();
    const before = Math.floor(Date.now() / 1000);
    const moved = z.object({ now: z.number() }).parse(await bed.control('clock', { advance: 7200 }));
    expect(moved.now).toBeGreaterThanOrEqual(before + 7200);
    const health = await bed.transport.request('/sandbox/health');
    expect(health.status).toBe(200);
    expect(z.object({ ok: z.literal(true), now: z.number() }).parse(await health.json()).now).toBeGreaterThanOrEqual(
      moved.now,
    );
  });
});

describe('the health page', () => {
  it('says it is ready, with the sandbox clock and no demo account when none was seeded', async () => {
    const bed = freshSandbox();
    await bed.advance(3600);
    const res = await bed.transport.request('/sandbox/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body: unknown = await res.json();
    expect(body).toEqual({ ok: true, version: 'sandbox', now: expect.any(Number), demoEmail: null });
    const { now } = z.object({ now: z.number() }).parse(body);
    // The clock moved an hour ahead of the wall clock.
    expect(now - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(3599);
  });

  it('names the demo account when the demo seed made it', async () => {
    const bed = await freshHttpSandbox({ seed: 'demo' });
    const res = await bed.transport.request('/sandbox/health');
    expect(await res.json()).toEqual({
      ok: true,
      version: 'sandbox',
      now: expect.any(Number),
      demoEmail: 'demo@partner.example',
    });
  });

  it('answers unknown paths with 404 JSON that says where the API is, never HTML', async () => {
    const bed = freshSandbox();
    for (const path of ['/sandbox/nothing', '/', '/index.html']) {
      const res = await bed.transport.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await res.json(), path).toEqual({
        error: 'Not found',
        api: 'http://localhost/api/<method>/',
        docs: 'docs/sandbox.md',
      });
    }
  });

  it('names the origin the client used in the 404, over HTTP', async () => {
    const bed = await freshHttpSandbox();
    const res = await bed.transport.request('/');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ api: `${bed.base}/api/<method>/` });
  });
});

describe('fail-next for one account', () => {
  it("is taken only by that account's calls; another account's call goes through", async () => {
    const bed = freshSandbox();
    const mine = await bed.signUpAndIn();
    const other = await bed.signUpAndIn();
    expect(await bed.control('fail-next', { method: 'site_scan', email: mine.email })).toEqual({
      armed: { method: 'site_scan', code: 146902, email: mine.email },
    });
    await bed.addSites(other, ['other.example']);
    await bed.addSites(mine, ['mine.example']);
    // The other account's scan is not the one armed.
    expect((await bed.call('/api/site_scan/other.example/', { key: other })).envelope.error).toBe(0);
    expect((await bed.call('/api/site_scan/mine.example/', { key: mine })).envelope.error).toBe(146902);
    expect((await bed.call('/api/site_scan/mine.example/', { key: mine })).envelope.error).toBe(0);
  });
});
