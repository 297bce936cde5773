/**
 * dashboard (docs/partner-api.md#dashboard): a URL with a token valid 24 hours (docs/partner-api.md#limits); the sandbox
 * serves it as a small page naming the account and refuses expired or forged tokens.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshHttpSandbox, freshSandbox, type Account, type TestBed } from './testing.ts';

async function dashboardUrl(bed: TestBed, account: Account): Promise<URL> {
  return new URL(z.string().parse(await bed.ok('/api/dashboard/', { key: account })));
}

async function open(bed: TestBed, url: URL): Promise<{ status: number; type: string; text: string }> {
  const res = await bed.transport.request(`${url.pathname}${url.search}`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

describe('dashboard', () => {
  it('serves a page naming the account for 24 hours, then 410', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn('owner@partner.example');
    await bed.addSites(account, ['a.example', 'b.example']);
    const url = await dashboardUrl(bed, account);
    expect(url.pathname).toBe('/sandbox/dashboard');
    expect(url.searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+$/);
    // The URL carries no key or signature.
    expect(url.href).not.toContain(account.key);
    expect(url.href).not.toContain(account.hmac);

    const page = await open(bed, url);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.text).toContain('owner@partner.example');
    expect(page.text).toMatch(/2 sites/);

    await bed.advance(24 * 3600 - 60);
    expect((await open(bed, url)).status).toBe(200);
    await bed.advance(120);
    const expired = await open(bed, url);
    expect(expired.status).toBe(410);
    expect(expired.type).toMatch(/^text\/html/);
    expect(expired.text).not.toContain('owner@partner.example');
    // A new URL works again.
    expect((await open(bed, await dashboardUrl(bed, account))).status).toBe(200);
  });

  it('refuses forged tokens with 403', async () => {
    const bed = freshSandbox();
    const one = await bed.signUpAndIn('one@partner.example');
    const two = await bed.signUpAndIn('two@partner.example');
    const url = await dashboardUrl(bed, one);
    const other = await dashboardUrl(bed, two);
    const token = url.searchParams.get('token') ?? '';
    const [payload = '', sig = ''] = token.split('.');
    const [otherPayload = ''] = (other.searchParams.get('token') ?? '').split('.');
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;
    // A payload claiming another user, or a later expiry, with the old signature.
    const claim = (data: object) => Buffer.from(JSON.stringify(data)).toString('base64url');
    const forged = [
      `${payload}.${flip(sig)}`,
      `${otherPayload}.${sig}`,
      `${claim({ u: 2, e: 9_999_999_999 })}.${sig}`,
      `${payload}.`,
      // Exactly two parts: a valid token with anything appended is not one.
      `${payload}.${sig}.extra`,
      `${payload}.${sig}.`,
      payload,
      '',
      'not-a-token',
    ];
    for (const t of forged) {
      const res = await bed.transport.request(`/sandbox/dashboard?token=${encodeURIComponent(t)}`);
      expect(res.status, t).toBe(403);
      expect(await res.text()).not.toMatch(/one@partner|two@partner/);
    }
    expect((await bed.transport.request('/sandbox/dashboard')).status).toBe(403);
  });

  it('hands out a URL on the origin the client used, over HTTP', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn('owner@partner.example');
    const url = await dashboardUrl(bed, account);
    expect(url.origin).toBe(bed.base);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('owner@partner.example');
  });

  it('stops working when the key that made it is signed out; links of other keys go on', async () => {
    const bed = await freshHttpSandbox();
    const first = await bed.signUpAndIn('owner@partner.example');
    const second = await bed.signUpAndIn('owner@partner.example');
    const byFirst = await dashboardUrl(bed, first);
    const bySecond = await dashboardUrl(bed, second);
    expect((await open(bed, byFirst)).status).toBe(200);
    await bed.ok('/api/signout/', { key: first });
    const ended = await open(bed, byFirst);
    expect(ended.status).toBe(410);
    expect(ended.text).toContain('The key that made this dashboard link was signed out.');
    expect(ended.text).not.toContain('owner@partner.example');
    expect((await open(bed, bySecond)).status).toBe(200);
  });
});
