/**
 * The proxy over real HTTP in front of a small real node:http upstream, which
 * records exactly what reaches it: cookies, headers, targets, keys and bodies,
 * and what the proxy refuses before calling it. Its answers:
 * proxy-upstream-answers.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { envelopeSchema } from '../../src/api/schemas.ts';
import { createProxy } from './app.ts';
import { jsonOf, send, sendRaw, serveApp, startUpstream } from './test-support.ts';
import { afterTest, closeRigsAfterEach, echoEnvelopeSchema, envelopeOf, rig } from './proxy-rig.ts';

closeRigsAfterEach();

describe('proxy → node:http upstream: what reaches it', () => {
  it('turns X-Apikey and X-Apimac into the apikey/apimac cookies and drops the browser cookies', async () => {
    const { upstream, proxy } = await rig();
    const answer = await send(proxy.port, '/api/api_keyinfo/', {
      headers: {
        'X-Apikey': 'K3y-value_01',
        'X-Apimac': '0123456789abcdef0123456789abcdef',
        Cookie: 'session=browser; apikey=evil',
      },
    });
    expect(answer.status).toBe(200);
    expect(echoEnvelopeSchema.parse(jsonOf(answer)).result.cookie).toBe(
      'apikey=K3y-value_01; apimac=0123456789abcdef0123456789abcdef',
    );
    const seen = upstream.requests[0];
    expect(seen?.headers.cookie).toBe('apikey=K3y-value_01; apimac=0123456789abcdef0123456789abcdef');
    expect(seen?.headers['x-apikey']).toBeUndefined();
    expect(seen?.headers['x-apimac']).toBeUndefined();
  });

  it('names PARTNER_API_URL at /partner-api.json, and has no /sandbox/api/ in front of the real service', async () => {
    const { upstream, proxy } = await rig();
    const config = await send(proxy.port, '/partner-api.json');
    expect(config.headers['cache-control']).toBe('no-store');
    expect(jsonOf(config)).toEqual({ version: 1, baseUrl: upstream.baseUrl });
    const viaSandboxBase = await send(proxy.port, '/sandbox/api/api_keyinfo/', { headers: { Cookie: 'apikey=k' } });
    expect(viaSandboxBase.status).toBe(404);
    expect(upstream.requests).toEqual([]);
  });

  it('sends no apimac cookie for a key without a signature, and no cookie at all without a key', async () => {
    const { upstream, proxy } = await rig();
    await send(proxy.port, '/api/api_keyinfo/', { headers: { 'X-Apikey': 'plain-key', Cookie: 'a=b' } });
    await send(proxy.port, '/api/api_keyinfo/', { headers: { Cookie: 'apikey=from-browser' } });
    expect(upstream.requests[0]?.headers.cookie).toBe('apikey=plain-key');
    expect(upstream.requests[1]?.headers.cookie).toBeUndefined();
  });

  it('forwards only allowlisted browser headers: never Authorization, Origin, Referer, Sec-* or any X- header', async () => {
    const { upstream, proxy } = await rig();
    await send(proxy.port, '/api/api_keyinfo/', {
      headers: {
        'X-Apikey': 'k',
        Authorization: 'Bearer browser-token',
        'X-Random-Header': 'private',
        'X-Forwarded-For': '6.6.6.6',
        'X-Real-IP': '6.6.6.6',
        Origin: 'https://evil.example',
        Referer: 'https://dashboard.example/sites?unit=jane%40example.com',
        'Accept-Language': 'de',
        'Sec-Fetch-Site': 'same-origin',
        'Sec-Ch-Ua': '"Chromium"',
        'Accept-Encoding': 'gzip',
        Connection: 'keep-alive, X-Private-Hop',
        'X-Private-Hop': 'secret',
        Accept: 'application/json',
        'User-Agent': 'Dashboard-Test/1.0',
      },
    });
    const seen = upstream.requests[0];
    expect(seen?.headers.accept).toBe('application/json');
    expect(seen?.headers['user-agent']).toBe('Dashboard-Test/1.0');
    expect(seen?.headers.cookie).toBe('apikey=k');
    // The client address comes from the socket; a browser-supplied X-Forwarded-For is not believed.
    expect(seen?.headers['x-forwarded-for']).toBe('127.0.0.1');
    for (const name of [
      'authorization',
      'x-random-header',
      'x-real-ip',
      'origin',
      'referer',
      'sec-fetch-site',
      'sec-ch-ua',
      'x-private-hop',
      'x-apikey',
    ]) {
      expect(seen?.headers[name], name).toBeUndefined();
    }
    // What reaches the upstream is the allowlist, the cookie, the forwarded address and what fetch adds itself.
    const fetchOwn = ['host', 'connection', 'accept-language', 'accept-encoding', 'sec-fetch-mode'];
    expect(
      Object.keys(seen?.headers ?? {})
        .filter((name) => !fetchOwn.includes(name))
        .sort(),
    ).toEqual(['accept', 'cookie', 'user-agent', 'x-forwarded-for']);
    // fetch sets these itself (Accept-Language `*`); the browser's values stay behind.
    expect(seen?.headers['accept-language']).not.toBe('de');
    expect(seen?.headers['accept-encoding']).not.toBe('gzip');
  });

  it('behind TRUSTED_PROXIES, forwards the right-most X-Forwarded-For address no trusted proxy added', async () => {
    const { upstream, proxy } = await rig(undefined, { trustedProxies: ['127.0.0.0/8', '10.0.0.0/8'] });
    const headers = (xff: string) => ({ 'X-Apikey': 'k', 'X-Forwarded-For': xff });
    // The client wrote 6.6.6.6; the load balancer (10.0.0.2) appended the address it saw.
    await send(proxy.port, '/api/api_keyinfo/', { headers: headers('6.6.6.6, 198.51.100.7, 10.0.0.2') });
    await send(proxy.port, '/api/api_keyinfo/', { headers: { 'X-Apikey': 'k' } });
    expect(upstream.requests.map((r) => r.headers['x-forwarded-for'])).toEqual(['198.51.100.7', '127.0.0.1']);

    // Not trusted: the socket's peer, whatever the header says.
    const plain = await rig(undefined, { trustedProxies: ['10.0.0.0/8'] });
    await send(plain.proxy.port, '/api/api_keyinfo/', { headers: headers('198.51.100.7') });
    expect(plain.upstream.requests[0]?.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('forwards the target byte for byte: UTF-8 domain, %40, flags, odd but canonical query', async () => {
    const { upstream, proxy } = await rig();
    const targets = [
      '/api/site_delete/%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/?ignore',
      '/api/unit_delete/jane%40example.com/?withsites&ignore=1',
      '/api/sites_list/?&unit=a%40b.example&withscanreport&withfwhistory',
      '/api/api_test/abc/1/x%2Fy%20z/?str=a%2Bb+c&int=0&raw=0',
      '/api/api_test/abc/1/%e2%82%ac/?str=%7e&int=1',
      '/api/signup/user@example.com/',
    ];
    for (const target of targets) {
      const answer = await send(proxy.port, target, { headers: { 'X-Apikey': 'k' } });
      expect(echoEnvelopeSchema.parse(jsonOf(answer)).result.url).toBe(target);
    }
    expect(upstream.requests.map((r) => r.url)).toEqual(targets);
  });

  it('keeps a path prefix of PARTNER_API_URL in front of the target', async () => {
    const upstream = await startUpstream();
    afterTest(() => upstream.close());
    const proxy = await serveApp(
      createProxy({ upstream: { kind: 'remote', baseUrl: `${upstream.baseUrl}/partner/` }, log: () => {} }),
    );
    afterTest(() => proxy.close());
    await send(proxy.port, '/api/api_keyinfo/?x', { headers: { 'X-Apikey': 'k' } });
    expect(upstream.requests[0]?.url).toBe('/partner/api/api_keyinfo/?x');
  });

  it('attaches the application key to signup and signin without a key, and never shows it to the browser', async () => {
    const { upstream, proxy, logs } = await rig();
    const signup = await send(proxy.port, '/api/signup/new%40user.example/');
    const signin = await send(proxy.port, '/api/signin/new%40user.example/123456/');
    const other = await send(proxy.port, '/api/api_keyinfo/');
    expect(upstream.requests.map((r) => r.headers.cookie)).toEqual([
      'apikey=partner-app-key-secret',
      'apikey=partner-app-key-secret',
      undefined,
    ]);
    for (const answer of [signup, signin, other]) {
      // The echo upstream would reflect it; the proxy must not add it anywhere else.
      expect(JSON.stringify(answer.headers)).not.toContain('partner-app-key-secret');
    }
    expect(logs.join('\n')).not.toContain('partner-app-key-secret');
  });

  it('uses the browser key, not the application key, when signup comes with one', async () => {
    const { upstream, proxy } = await rig();
    await send(proxy.port, '/api/signup/a%40b.example/', { headers: { 'X-Apikey': 'users-own-key' } });
    expect(upstream.requests[0]?.headers.cookie).toBe('apikey=users-own-key');
  });

  it.each([
    ['a semicolon', { 'X-Apikey': 'key;apimac=forged' }],
    ['a comma', { 'X-Apikey': 'key,other' }],
    ['a space', { 'X-Apikey': 'key other' }],
    ['a quote', { 'X-Apimac': 'ab"cd' }],
    ['a non-ASCII character', { 'X-Apimac': 'abc\u00e9' }],
    ['an overlong value', { 'X-Apikey': 'k'.repeat(513) }],
  ])('refuses a key header with %s with envelope 502, without calling the upstream', async (_label, headers) => {
    const { upstream, proxy } = await rig();
    const answer = await send(proxy.port, '/api/api_keyinfo/', { headers });
    expect(answer.status).toBe(200);
    expect(envelopeOf(answer)).toMatchObject({
      error: 502,
      message: 'Authorization error',
      method: 'api_keyinfo',
      result: null,
    });
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses a control character in a key header (in-process), without calling the upstream', async () => {
    let calls = 0;
    const app = createProxy({
      upstream: {
        kind: 'in-process',
        fetch: async () => {
          calls += 1;
          return new Response('{}');
        },
      },
      log: () => {},
    });
    const answer = await app.request('/api/api_keyinfo/', { headers: { 'X-Apikey': 'key\u0001', 'X-Apimac': 'abc' } });
    expect(envelopeSchema.parse(await answer.json())).toMatchObject({ error: 502, message: 'Authorization error' });
    expect(calls).toBe(0);
  });

  it('refuses CR/LF in a key header at the HTTP layer, without calling the upstream', async () => {
    const { upstream, proxy } = await rig();
    const reply = await sendRaw(
      proxy.port,
      'GET /api/api_keyinfo/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Apikey: key\rSet-Cookie: x=1\r\nConnection: close\r\n\r\n',
    );
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    const folded = await sendRaw(
      proxy.port,
      'GET /api/api_keyinfo/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Apikey: key\r\n apimac=x\r\nConnection: close\r\n\r\n',
    );
    expect(folded).toMatch(/^HTTP\/1\.1 400/);
    expect(upstream.requests).toHaveLength(0);
  });

  it('never forwards a path outside /api/, nor one that would resolve out of it', async () => {
    const { upstream, proxy } = await rig();
    for (const target of ['/', '/apix/signup/', '/API/signup/', '/sandbox/outbox', '/healthz', '/etc/passwd']) {
      await send(proxy.port, target);
    }
    for (const target of ['/api/../sandbox/outbox', '/api/%2e%2e/x/', '/api/x/%2E/y/', '/api']) {
      const answer = await send(proxy.port, target);
      expect(envelopeOf(answer), target).toMatchObject({ error: 503, message: 'Invalid request format' });
    }
    // A backslash is refused by the HTTP adapter before the app sees it.
    expect((await send(proxy.port, '/api/a\\b/')).status).toBeGreaterThanOrEqual(400);
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses HTTP verbs the API does not use', async () => {
    const { upstream, proxy } = await rig();
    const answer = await send(proxy.port, '/api/api_keyinfo/', { method: 'DELETE' });
    expect(envelopeOf(answer)).toMatchObject({ error: 503, message: 'Invalid request format' });
    expect(upstream.requests).toHaveLength(0);
  });

  it('forwards a POST body unchanged, with its content type', async () => {
    const { upstream, proxy } = await rig();
    const body = JSON.stringify(['пример.рф', { name: 'example.com', share: 'a@b.example' }]);
    const answer = await send(proxy.port, '/api/sites_add/', {
      method: 'POST',
      headers: { 'X-Apikey': 'k', 'Content-Type': 'application/json; charset=UTF-8' },
      body,
    });
    expect(echoEnvelopeSchema.parse(jsonOf(answer)).result.body).toBe(body);
    expect(upstream.requests[0]?.headers['content-type']).toBe('application/json; charset=UTF-8');
  });

  it('refuses a body over the limit with envelope 503, by Content-Length and when streamed', async () => {
    const { upstream, proxy } = await rig(undefined, { maxBodyBytes: 1024 });
    const declared = await send(proxy.port, '/api/sites_add/', {
      method: 'POST',
      headers: { 'X-Apikey': 'k' },
      body: 'x'.repeat(1025),
    });
    expect(envelopeOf(declared)).toMatchObject({ error: 503, message: 'Invalid request format', method: 'sites_add' });
    expect(envelopeOf(declared).errorinfo).toMatch(/exceeds 1024 bytes/);

    const chunked = await sendRaw(
      proxy.port,
      `POST /api/sites_add/ HTTP/1.1\r\nHost: x\r\nX-Apikey: k\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n` +
        `400\r\n${'y'.repeat(1024)}\r\n1\r\nz\r\n0\r\n\r\n`,
    );
    expect(chunked).toMatch(/exceeds 1024 bytes/);
    const atLimit = await send(proxy.port, '/api/sites_add/', {
      method: 'POST',
      headers: { 'X-Apikey': 'k' },
      body: 'x'.repeat(1024),
    });
    expect(envelopeOf(atLimit).error).toBe(0);
    expect(upstream.requests).toHaveLength(1);
  });
});
