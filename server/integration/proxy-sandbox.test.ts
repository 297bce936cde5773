/**
 * The proxy in front of the real sandbox, mounted in-process as `npm start`
 * does, reached both in-process (`app.request`) and over real HTTP. The sandbox
 * checks keys and signatures over the target it receives (docs/partner-api.md#signature), so a
 * signed call that succeeds proves the cookies arrived and the bytes were kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient } from '../../src/api/client.ts';
import { envelopeSchema, signinResultSchema, signupResultSchema } from '../../src/api/schemas.ts';
import { buildTarget, hmacMd5Hex } from '../../src/api/sign.ts';
import { createSandbox, type Sandbox } from '../sandbox/app.ts';
import { testSandboxConfig } from '../sandbox/config.ts';
import { serverConfigFromEnv } from '../config.ts';
import { createServerApp } from '../server-app.ts';
import { createProxy, type ProxyApp } from '../proxy/app.ts';
import { send, serveApp, type RawAnswer, type Served } from '../proxy/test-support.ts';

const APP_KEY = 'proxy-test-application-key';
const outboxSchema = z.array(z.object({ to: z.string(), otp: z.string().optional() }));
const apiTestSchema = z.looseObject({
  ...envelopeSchema.shape,
  result: z.looseObject({ REQUEST_URI: z.string(), HEADERS: z.record(z.string(), z.string()) }),
});

let dir: string;
let sandbox: Sandbox;
let proxy: ProxyApp;
let served: Served;
const logs: string[] = [];

function sandboxFetch(box: Sandbox) {
  return async (req: Request): Promise<Response> => box.app.fetch(req);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'proxy-sandbox-'));
  sandbox = createSandbox(
    testSandboxConfig({ dbPath: path.join(dir, 'sandbox.sqlite'), appKey: APP_KEY, seed: 'empty', control: false }),
  );
  proxy = createProxy({
    upstream: { kind: 'in-process', fetch: sandboxFetch(sandbox) },
    appKey: APP_KEY,
    sandbox: { fetch: sandboxFetch(sandbox) },
    log: (line) => logs.push(line),
  });
  served = await serveApp(proxy);
});

afterAll(async () => {
  await served.close();
  sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

function envelopeOf(answer: RawAnswer) {
  return envelopeSchema.parse(JSON.parse(answer.text));
}

interface Keys {
  apiKey: string;
  macKey: string;
}

/** Sign-up and sign-in by OTP through the proxy, reading the code from the proxied outbox. */
async function signIn(email: string): Promise<Keys & { signin: z.infer<typeof signinResultSchema> }> {
  const signup = await send(served.port, buildTarget('signup', [email]));
  expect(signupResultSchema.parse(envelopeOf(signup).result).otp.length).toBeGreaterThan(0);
  const outbox = outboxSchema.parse(
    JSON.parse((await send(served.port, `/sandbox/outbox?to=${encodeURIComponent(email)}`)).text),
  );
  const otp = outbox.find((mail) => mail.otp !== undefined)?.otp;
  if (otp === undefined) throw new Error('no one-time password in the outbox');
  const answer = await send(served.port, buildTarget('signin', [email, otp]));
  const envelope = envelopeOf(answer);
  expect(envelope.error).toBe(0);
  const signin = signinResultSchema.parse(envelope.result);
  return { apiKey: signin.privatekey.key, macKey: signin.privatekey.hmac, signin };
}

function signed(keys: Keys, target: string): Record<string, string> {
  return { 'X-Apikey': keys.apiKey, 'X-Apimac': hmacMd5Hex(keys.macKey, target) };
}

describe('proxy → in-process sandbox, over HTTP', () => {
  it('signs up and in with the application key attached by the proxy, which never reaches the browser', async () => {
    const signup = await send(served.port, buildTarget('signup', ['first@proxy.example']));
    expect(envelopeOf(signup)).toMatchObject({ error: 0, method: 'signup' });
    expect(signup.text).not.toContain(APP_KEY);
    expect(JSON.stringify(signup.headers)).not.toContain(APP_KEY);

    const { signin } = await signIn('second@proxy.example');
    expect(JSON.stringify(signin)).not.toContain(APP_KEY);
    expect(logs.join('\n')).not.toContain(APP_KEY);
  });

  it('turns the headers into cookies: a signed call with the new key succeeds, a wrong signature is refused', async () => {
    const keys = await signIn('cookies@proxy.example');
    const target = buildTarget('api_keyinfo', []);
    expect(envelopeOf(await send(served.port, target, { headers: signed(keys, target) })).error).toBe(0);
    const wrong = { 'X-Apikey': keys.apiKey, 'X-Apimac': hmacMd5Hex('not-the-mac-key', target) };
    expect(envelopeOf(await send(served.port, target, { headers: wrong })).error).toBe(502);
  });

  it("drops the browser's own cookies: a key in a Cookie header authorises nothing", async () => {
    const keys = await signIn('browser-cookie@proxy.example');
    const target = buildTarget('api_keyinfo', []);
    const answer = await send(served.port, target, {
      headers: { Cookie: `apikey=${keys.apiKey}; apimac=${hmacMd5Hex(keys.macKey, target)}` },
    });
    expect(envelopeOf(answer)).toMatchObject({ error: 502, message: 'Authorization error' });
  });

  it('answers the sandbox’s own {base_url} at /sandbox: the keys as cookies, signed over /api/…, as curl sends them', async () => {
    const keys = await signIn('base-url@proxy.example');
    const config = z
      .object({ version: z.literal(1), baseUrl: z.string() })
      .parse(JSON.parse((await send(served.port, '/partner-api.json')).text));
    expect(config.baseUrl).toBe(`${served.origin}/sandbox`);

    const target = buildTarget('api_keyinfo', []);
    const path = new URL(config.baseUrl).pathname + target;
    const cookies = (mac: string) => ({ Cookie: `other=1; apikey=${keys.apiKey}; apimac=${mac}` });
    expect(
      envelopeOf(await send(served.port, path, { headers: cookies(hmacMd5Hex(keys.macKey, target)) })),
    ).toMatchObject({ error: 0, method: 'api_keyinfo' });
    // The signature covers /api/…, not the base's path; and the X- headers mean nothing here.
    expect(envelopeOf(await send(served.port, path, { headers: cookies(hmacMd5Hex(keys.macKey, path)) })).error).toBe(
      502,
    );
    expect(envelopeOf(await send(served.port, path, { headers: signed(keys, target) })).error).toBe(502);
    // Nor does it lend the application key: a partner's integration brings its own.
    const signup = `/sandbox${buildTarget('signup', ['lent@proxy.example'])}`;
    expect(envelopeOf(await send(served.port, signup))).toMatchObject({ error: 502, method: 'signup' });
    // Only on the names the sandbox pages answer on (DNS rebinding), where /partner-api.json names it.
    expect((await send(served.port, path, { headers: { Host: 'rebound.example' } })).status).toBe(403);
    const elsewhere = JSON.parse(
      (await send(served.port, '/partner-api.json', { headers: { Host: 'rebound.example' } })).text,
    );
    expect(elsewhere).toEqual({ version: 1, baseUrl: null });
  });

  it('keeps signed targets byte for byte: a UTF-8 domain in the path, %40 in an e-mail, flags', async () => {
    const keys = await signIn('bytes@proxy.example');
    const add = '/api/sites_add/';
    const added = await send(served.port, add, {
      method: 'POST',
      headers: { ...signed(keys, add), 'Content-Type': 'application/json; charset=UTF-8' },
      body: JSON.stringify(['пример.рф', 'bücher.example']),
    });
    expect(envelopeOf(added)).toMatchObject({ error: 0, result: {} });

    const list = buildTarget('sites_list', [], { withscanreport: true, withfwhistory: true });
    expect(list).toBe('/api/sites_list/?withscanreport&withfwhistory');
    const listed = envelopeOf(await send(served.port, list, { headers: signed(keys, list) }));
    expect(listed.error).toBe(0);
    expect(JSON.stringify(listed.result)).toContain('xn--e1afmkfd.xn--p1ai');

    const del = buildTarget('site_delete', ['пример.рф']);
    expect(del).toBe('/api/site_delete/%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/');
    expect(envelopeOf(await send(served.port, del, { headers: signed(keys, del) }))).toMatchObject({
      error: 0,
      result: 'пример.рф',
    });

    // Lower-case escapes are a different target: the signature must cover exactly what was sent.
    const lower = '/api/site_delete/b%c3%bccher.example/?ignore';
    expect(envelopeOf(await send(served.port, lower, { headers: signed(keys, lower) }))).toMatchObject({ error: 0 });

    const unit = buildTarget('unit_delete', ['nobody@proxy.example'], { ignore: true });
    expect(unit).toBe('/api/unit_delete/nobody%40proxy.example/?ignore');
    expect(envelopeOf(await send(served.port, unit, { headers: signed(keys, unit) })).error).toBe(0);
  });

  it('delivers the target to the sandbox unchanged (api_test echoes REQUEST_URI)', async () => {
    const targets = [
      '/api/api_test/abc/1/%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/?str=jane%40example.com&int=5&flag',
      '/api/api_test/abc/2/a%2Fb/?&str=%e2%82%ac+x&int=0&nullint=7',
      '/api/api_test/abc/3/jane@example.com/?str=x&int=1',
    ];
    for (const target of targets) {
      const answer = apiTestSchema.parse(
        JSON.parse((await send(served.port, target, { headers: { 'X-Apikey': APP_KEY } })).text),
      );
      expect(answer.error).toBe(0);
      expect(answer.result.REQUEST_URI).toBe(target);
      // The X- credentials headers are not forwarded as headers; the browser's cookies never are.
      expect(Object.keys(answer.result.HEADERS)).not.toContain('x-apikey');
    }
  });

  it('answers the absolute URLs of signin and dashboard on its own origin', async () => {
    const keys = await signIn('urls@proxy.example');
    expect(keys.signin.syncfile.download.startsWith(`${served.origin}/sandbox/syncfile/`)).toBe(true);
    const download = await send(served.port, keys.signin.syncfile.download.slice(served.origin.length));
    expect(download.status).toBe(200);
    expect(download.headers['x-filename']).toBe(keys.signin.syncfile.filename);

    const target = buildTarget('dashboard', []);
    const url = z.string().parse(envelopeOf(await send(served.port, target, { headers: signed(keys, target) })).result);
    expect(url.startsWith(`${served.origin}/sandbox/dashboard?token=`)).toBe(true);
    const page = await send(served.port, url.slice(served.origin.length));
    expect(page.status).toBe(200);
    expect(page.text).toContain('urls@proxy.example');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('passes syncfile_get through raw with X-Filename and Content-Disposition', async () => {
    const keys = await signIn('syncfile@proxy.example');
    const target = buildTarget('syncfile_get', []);
    const answer = await send(served.port, target, { headers: signed(keys, target) });
    expect(answer.status).toBe(200);
    expect(answer.text.startsWith('<?php')).toBe(true);
    expect(answer.headers['x-filename']).toBe(keys.signin.syncfile.filename);
    expect(answer.headers['content-disposition']).toContain(keys.signin.syncfile.filename);

    const unsigned = await send(served.port, target, { headers: { 'X-Apikey': keys.apiKey } });
    expect(unsigned.status).toBeGreaterThanOrEqual(400);
  });

  it('compresses JSON answers when asked', async () => {
    const keys = await signIn('compress@proxy.example');
    const add = '/api/sites_add/';
    const sites = Array.from({ length: 20 }, (_, i) => `site${i}.compress.example`);
    await send(served.port, add, { method: 'POST', headers: signed(keys, add), body: JSON.stringify(sites) });
    const target = buildTarget('sites_list', [], { withfwhistory: true });
    const answer = await send(served.port, target, {
      headers: { ...signed(keys, target), 'Accept-Encoding': 'gzip, br' },
    });
    expect(answer.headers['content-encoding']).toBe('br');
    const envelope = envelopeSchema.parse(JSON.parse(brotliDecompressSync(answer.body).toString('utf8')));
    expect(envelope).toMatchObject({ error: 0, method: 'sites_list' });
    expect(z.array(z.unknown()).parse(envelope.result)).toHaveLength(20);
  });

  it('refuses a header that would inject a cookie before the sandbox sees it', async () => {
    const answer = await send(served.port, '/api/api_keyinfo/', { headers: { 'X-Apikey': `${APP_KEY}; apimac=x` } });
    expect(envelopeOf(answer)).toMatchObject({ error: 502, version: 'proxy' });
  });

  it('passes bodies up to 2 MiB to the sandbox, as the sandbox takes them, and refuses more with envelope 503', async () => {
    const keys = await signIn('large-body@proxy.example');
    const add = '/api/sites_add/';
    // Over 1.5 MiB in 1,000 long-form entries (the account's site limit), whose
    // unknown fields the service ignores (docs/partner-api.md#versioning: entries may gain options).
    const sites = Array.from({ length: 1000 }, (_, i) => ({
      name: `site${i}.large.example`,
      future: 'x'.repeat(1600),
    }));
    const body = JSON.stringify(sites);
    expect(body.length).toBeGreaterThan(1.5 * 1024 * 1024);
    expect(body.length).toBeLessThan(2 * 1024 * 1024);
    const added = await send(served.port, add, {
      method: 'POST',
      headers: { ...signed(keys, add), 'Content-Type': 'application/json' },
      body,
    });
    expect(envelopeOf(added)).toMatchObject({ error: 0, method: 'sites_add', result: {} });
    expect(envelopeOf(added).version).not.toBe('proxy');

    const answer = await send(served.port, '/api/sites_add/', {
      method: 'POST',
      headers: { 'X-Apikey': APP_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify(['a'.repeat(2 * 1024 * 1024)]),
    });
    expect(envelopeOf(answer)).toMatchObject({ error: 503, message: 'Invalid request format', version: 'proxy' });
    expect(envelopeOf(answer).errorinfo).toMatch(/exceeds 2097152 bytes/);
  });

  it('reads a repeated raw argument of api_test as the sandbox does: the last value wins', async () => {
    // Over 1 KiB and asking for compression: only the raw reading decides whether the answer is compressed.
    const base = `/api/api_test/abc/1/x/?str=${'s'.repeat(2000)}&int=1`;
    const headers = { 'X-Apikey': APP_KEY, 'Accept-Encoding': 'br, gzip' };

    const text = await send(served.port, `${base}&raw=0&raw=1`, { headers });
    expect(text.status).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    // Raw text goes on as the sandbox wrote it: not compressed, not wrapped.
    expect(text.headers['content-encoding']).toBeUndefined();
    expect(apiTestSchema.shape.result.parse(JSON.parse(text.text)).REQUEST_URI).toBe(`${base}&raw=0&raw=1`);

    const envelope = await send(served.port, `${base}&raw=1&raw=0`, { headers });
    expect(envelope.headers['content-encoding']).toBe('br');
    expect(apiTestSchema.parse(JSON.parse(brotliDecompressSync(envelope.body).toString('utf8')))).toMatchObject({
      error: 0,
      method: 'api_test',
    });
  });

  it('treats a query with a malformed escape as the sandbox does: an envelope, never raw text', async () => {
    const answer = await send(served.port, '/api/api_test/abc/1/x/?str=%FF&int=1&raw=1', {
      headers: { 'X-Apikey': APP_KEY },
    });
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    // Only an answer the proxy took for an envelope varies by Accept-Encoding.
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(envelopeOf(answer)).toMatchObject({ error: 503, method: 'api_test' });
  });

  it("serves the sandbox's pages on the same origin, but nothing that resolves out of /sandbox/", async () => {
    const health = await send(served.port, '/sandbox/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toMatchObject({ ok: true, version: 'sandbox', demoEmail: null });
    // The control surface is the sandbox's to refuse (SANDBOX_CONTROL is off here).
    const control = await send(served.port, '/sandbox/control/clock', { method: 'POST', body: '{}' });
    expect(control.status).toBe(404);
    const escape = await send(served.port, `/sandbox/../api/api_keyinfo/`, { headers: { 'X-Apikey': APP_KEY } });
    expect(escape.status).toBe(404);
    expect(escape.text).not.toContain('"error"');
  });

  it('serves /sandbox/* only to requests addressed to a loopback host (no DNS rebinding of the outbox)', async () => {
    const outbox = '/sandbox/outbox?to=first%40proxy.example';
    for (const host of [
      `127.0.0.1:${served.port}`,
      `localhost:${served.port}`,
      'LOCALHOST',
      '127.9.9.9',
      `[::1]:${served.port}`,
    ]) {
      expect((await send(served.port, outbox, { headers: { Host: host } })).status, host).toBe(200);
    }
    for (const host of [
      `rebind.attacker.example:${served.port}`,
      '192.0.2.1',
      'localhost.attacker.example',
      '[::2]',
      '127.0.0.1.evil.example',
    ]) {
      const refused = await send(served.port, outbox, { headers: { Host: host } });
      expect(refused.status, host).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(z.object({ error: z.string() }).parse(JSON.parse(refused.text)).error).toMatch(/localhost/);
      expect(refused.text).not.toContain('otp');
    }
    // The API itself is not the sandbox's pages: its keys guard it.
    expect(
      (
        await send(served.port, '/api/api_keyinfo/', {
          headers: { Host: 'rebind.attacker.example', 'X-Apikey': APP_KEY },
        })
      ).status,
    ).toBe(200);
  });

  it('works with the dashboard’s own client (src/api/client.ts) over real fetch', async () => {
    const keys = await signIn('client@proxy.example');
    const client = createApiClient({ baseUrl: served.origin, getCredentials: () => keys });
    await expect(client.sites_add(['клиент.example'])).resolves.toEqual({});
    const sites = await client.sites_list();
    expect(sites.map((site) => site.domain)).toEqual(['клиент.example']);
    await expect(client.site_delete('клиент.example')).resolves.toBe('клиент.example');
    const file = await client.syncfile_get();
    expect(file.filename).toBe(keys.signin.syncfile.filename);
  });
});

describe('proxy → in-process sandbox, in-process (app.request)', () => {
  it('answers the API and the health check', async () => {
    const health = await proxy.request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('ok\n');
    const answer = await proxy.request('/api/api_keyinfo/', { headers: { 'X-Apikey': APP_KEY } });
    expect(envelopeSchema.parse(await answer.json())).toMatchObject({ error: 0, method: 'api_keyinfo' });
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('does not serve /sandbox/* when no sandbox is mounted (PARTNER_API_URL mode)', async () => {
    const bare = createProxy({ upstream: { kind: 'in-process', fetch: sandboxFetch(sandbox) }, log: () => {} });
    expect((await bare.request('/sandbox/outbox?to=x%40y.example')).status).toBe(404);
    expect((await bare.request('/sandbox/health')).status).toBe(404);
  });
});

describe('proxy → in-process sandbox, keys bound to IP addresses (docs/partner-api.md#keys)', () => {
  it('tells the sandbox the client address, IPv4 as a.b.c.d even on a dual-stack socket', async () => {
    const box = createSandbox(
      testSandboxConfig({ dbPath: path.join(dir, 'ip.sqlite'), appKey: APP_KEY, seed: 'empty', control: true }),
    );
    const app = createProxy({
      upstream: { kind: 'in-process', fetch: sandboxFetch(box) },
      appKey: APP_KEY,
      sandbox: { fetch: sandboxFetch(box) },
      log: () => {},
    });
    // Listening on :: makes IPv4 clients appear as ::ffff:127.0.0.1 on the socket.
    const dual = await serveApp(app, '::');
    try {
      const email = 'bound@proxy.example';
      await send(dual.port, buildTarget('signup', [email]));
      const outbox = outboxSchema.parse(
        JSON.parse((await send(dual.port, `/sandbox/outbox?to=${encodeURIComponent(email)}`)).text),
      );
      const otp = outbox[0]?.otp ?? '';
      const signin = signinResultSchema.parse(
        envelopeOf(await send(dual.port, buildTarget('signin', [email, otp]))).result,
      );
      const keys = { apiKey: signin.privatekey.key, macKey: signin.privatekey.hmac };
      const target = buildTarget('api_keyinfo', []);
      const bind = (ip: string) =>
        send(dual.port, '/sandbox/control/bind-ip', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, ip }),
        });

      expect((await bind('127.0.0.1')).status).toBe(200);
      expect(envelopeOf(await send(dual.port, target, { headers: signed(keys, target) })).error).toBe(0);
      expect((await bind('192.0.2.7')).status).toBe(200);
      expect(envelopeOf(await send(dual.port, target, { headers: signed(keys, target) })).error).toBe(502);
      // A browser cannot claim another address.
      const spoofed = await send(dual.port, target, {
        headers: { ...signed(keys, target), 'X-Forwarded-For': '192.0.2.7' },
      });
      expect(envelopeOf(spoofed).error).toBe(502);

      // Behind a trusted load balancer (here: this machine), its X-Forwarded-For names the client.
      const behindLb = await serveApp(
        createProxy({
          upstream: { kind: 'in-process', fetch: sandboxFetch(box) },
          appKey: APP_KEY,
          trustedProxies: ['127.0.0.1'],
          log: () => {},
        }),
      );
      try {
        const via = (xff: string) =>
          send(behindLb.port, target, { headers: { ...signed(keys, target), 'X-Forwarded-For': xff } });
        expect(envelopeOf(await via('6.6.6.6, 192.0.2.7')).error).toBe(0);
        expect(envelopeOf(await via('192.0.2.7, 6.6.6.6')).error).toBe(502);
      } finally {
        await behindLb.close();
      }
    } finally {
      await dual.close();
      box.close();
    }
  });
});

describe('proxy → in-process sandbox behind a TLS load balancer (PUBLIC_URL)', () => {
  it('hands out absolute URLs on PUBLIC_URL, not on the origin the socket shows', async () => {
    const config = serverConfigFromEnv({
      PUBLIC_URL: 'https://dashboard.example.com/',
      SANDBOX_DB: path.join(dir, 'public-url.sqlite'),
      SANDBOX_SEED: 'empty',
      SANDBOX_QUIET: '1',
    });
    const server = await createServerApp(config, { log: () => {} });
    const lb = await serveApp(server.app);
    try {
      const email = 'public@proxy.example';
      await send(lb.port, buildTarget('signup', [email]));
      const outbox = outboxSchema.parse(
        JSON.parse((await send(lb.port, `/sandbox/outbox?to=${encodeURIComponent(email)}`)).text),
      );
      const otp = outbox[0]?.otp ?? '';
      const signin = signinResultSchema.parse(
        envelopeOf(await send(lb.port, buildTarget('signin', [email, otp]))).result,
      );
      expect(signin.syncfile.download.startsWith('https://dashboard.example.com/sandbox/syncfile/')).toBe(true);

      const keys = { apiKey: signin.privatekey.key, macKey: signin.privatekey.hmac };
      const target = buildTarget('dashboard', []);
      const url = z.string().parse(envelopeOf(await send(lb.port, target, { headers: signed(keys, target) })).result);
      expect(url.startsWith('https://dashboard.example.com/sandbox/dashboard?token=')).toBe(true);
      // The link works once the load balancer's origin is taken off, addressed to PUBLIC_URL's host.
      const page = url.slice('https://dashboard.example.com'.length);
      expect((await send(lb.port, page, { headers: { Host: 'dashboard.example.com' } })).status).toBe(200);
      expect((await send(lb.port, page, { headers: { Host: 'other.example.com' } })).status).toBe(403);
    } finally {
      await lb.close();
      await server.close();
    }
  });
});
