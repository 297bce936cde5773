/**
 * The proxy over real HTTP in front of a small real node:http upstream, which
 * records exactly what reaches it: cookies, targets, bodies, and the failure
 * modes a sandbox cannot produce (down, slow, garbage).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_TIMEOUT_MS } from '../../src/api/client.ts';
import { envelopeSchema } from '../../src/api/schemas.ts';
import { createProxy } from './app.ts';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, type ProxyOptions } from './options.ts';
import {
  closedPort,
  echoEnvelope,
  jsonOf,
  send,
  sendRaw,
  serveApp,
  startUpstream,
  type Served,
  type TestUpstream,
  type UpstreamBehaviour,
} from './test-support.ts';

const echoResult = z.object({ url: z.string(), method: z.string(), cookie: z.string().nullable(), body: z.string() });
const echoEnvelopeSchema = z.looseObject({ ...envelopeSchema.shape, result: echoResult });

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

interface Rig {
  upstream: TestUpstream;
  proxy: Served;
  logs: string[];
}

async function rig(behaviour?: UpstreamBehaviour, options: Partial<ProxyOptions> = {}): Promise<Rig> {
  const upstream = await startUpstream(behaviour);
  cleanups.push(() => upstream.close());
  const logs: string[] = [];
  const app = createProxy({
    upstream: { kind: 'remote', baseUrl: upstream.baseUrl },
    appKey: 'partner-app-key-secret',
    log: (line) => logs.push(line),
    ...options,
  });
  const proxy = await serveApp(app);
  cleanups.push(() => proxy.close());
  return { upstream, proxy, logs };
}

function envelopeOf(answer: { text: string }) {
  return envelopeSchema.parse(JSON.parse(answer.text));
}

describe('proxy → node:http upstream', () => {
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
    cleanups.push(() => upstream.close());
    const proxy = await serveApp(
      createProxy({ upstream: { kind: 'remote', baseUrl: `${upstream.baseUrl}/partner/` }, log: () => {} }),
    );
    cleanups.push(() => proxy.close());
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

  it('trusts the in-process sandbox’s 200 answers as they are, read or not, and any size (it bounds its own)', async () => {
    // Not an envelope and over maxResponseBytes: a remote upstream would be refused for either.
    const big = JSON.stringify({ list: 'x'.repeat(5000) });
    const app = createProxy({
      upstream: {
        kind: 'in-process',
        fetch: async () => new Response(big, { headers: { 'Content-Type': 'application/json' } }),
      },
      maxResponseBytes: 1000,
      log: () => {},
    });
    const plain = await app.request('/api/sites_list/', { headers: { 'X-Apikey': 'k' } });
    expect(await plain.text()).toBe(big);
    // Compressing means reading the whole answer; the same answer still goes on.
    const packed = await app.request('/api/sites_list/', { headers: { 'X-Apikey': 'k', 'Accept-Encoding': 'gzip' } });
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await packed.arrayBuffer())).toString('utf8')).toBe(big);
  });

  it('still refuses an in-process answer that is neither 200 nor the envelope (the sandbox’s crash page)', async () => {
    const app = createProxy({
      upstream: {
        kind: 'in-process',
        fetch: async () => Response.json({ error: 'Internal sandbox error' }, { status: 500 }),
      },
      log: () => {},
    });
    const answer = await app.request('/api/sites_list/', { headers: { 'X-Apikey': 'k' } });
    expect(envelopeSchema.parse(await answer.json())).toMatchObject({
      error: 500,
      version: 'proxy',
      method: 'sites_list',
    });
  });

  it('passes an in-process answer on even when its headers are immutable (a Response from fetch)', async () => {
    const upstream = await startUpstream((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Internal': 'nope' });
      res.end(
        JSON.stringify({
          version: 'v',
          keyid: '',
          method: 'api_keyinfo',
          timewait: 0,
          error: 0,
          message: '',
          errorinfo: '',
          result: 1,
        }),
      );
    });
    cleanups.push(() => upstream.close());
    const app = createProxy({
      upstream: {
        kind: 'in-process',
        fetch: (req) => fetch(upstream.baseUrl + new URL(req.url).pathname, { headers: req.headers }),
      },
      log: () => {},
    });
    const answer = await app.request('/api/api_keyinfo/', { headers: { 'X-Apikey': 'k' } });
    expect(envelopeSchema.parse(await answer.json())).toMatchObject({ error: 0, result: 1 });
    expect(answer.headers.get('x-internal')).toBeNull();
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('logs the name and stack of an internal error, without its message or request data, and answers envelope 501', async () => {
    /** An upstream answer that fails outside the upstream call: reading its headers throws. */
    class BrokenResponse extends Response {
      override get headers(): Headers {
        throw new TypeError('cannot read headers of jane@example.com with key secret-key-123');
      }
    }
    const logs: string[] = [];
    const app = createProxy({
      upstream: { kind: 'in-process', fetch: async () => new BrokenResponse('{}', { status: 200 }) },
      log: (line) => logs.push(line),
    });
    const answer = await app.request('/api/signin/jane%40example.com/123456/', {
      headers: { 'X-Apikey': 'secret-key-123' },
    });
    expect(envelopeSchema.parse(await answer.json())).toMatchObject({
      error: 501,
      method: '',
      errorinfo: 'The proxy failed to handle the request',
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^proxy internal error: TypeError\n\s+at /);
    expect(logs[0]).toContain('proxy-upstream.test.ts');
    for (const secret of ['jane', 'secret-key', '123456', 'cannot read']) expect(logs[0]).not.toContain(secret);
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

  it('answers an unreachable upstream with envelope 500 (HTTP 200), and syncfile_get with HTTP 502 text', async () => {
    const port = await closedPort();
    const logs: string[] = [];
    const proxy = await serveApp(
      createProxy({ upstream: { kind: 'remote', baseUrl: `http://127.0.0.1:${port}` }, log: (l) => logs.push(l) }),
    );
    cleanups.push(() => proxy.close());
    const answer = await send(proxy.port, '/api/sites_list/', { headers: { 'X-Apikey': 'k' } });
    expect(answer.status).toBe(200);
    expect(envelopeOf(answer)).toMatchObject({
      keyid: '',
      method: 'sites_list',
      error: 500,
      message: 'Service is temporarily unavailable',
      result: null,
    });
    const file = await send(proxy.port, '/api/syncfile_get/', { headers: { 'X-Apikey': 'k' } });
    expect(file.status).toBe(502);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(logs).toEqual([
      expect.stringMatching(/^api sites_list 200 \d+ms upstream-down$/),
      expect.stringMatching(/^api syncfile_get 502 /),
    ]);
  });

  it('answers a slow upstream with envelope 500 after the time limit', async () => {
    // The upstream never answers: only the proxy's timer can produce an answer.
    const { proxy } = await rig(() => undefined, { upstreamTimeoutMs: 300 });
    const answer = await send(proxy.port, '/api/api_keyinfo/', { headers: { 'X-Apikey': 'k' } });
    expect(envelopeOf(answer)).toMatchObject({ error: 500, message: 'Service is temporarily unavailable' });
    expect(envelopeOf(answer).errorinfo).toMatch(/did not answer within/);
  });

  it('gives up on the upstream before the browser gives up on the proxy, so a slow service reads as envelope 500', () => {
    expect(DEFAULT_UPSTREAM_TIMEOUT_MS).toBe(30_000);
    expect(DEFAULT_TIMEOUT_MS).toBeGreaterThanOrEqual(DEFAULT_UPSTREAM_TIMEOUT_MS + 2_000);
  });

  it('answers an upstream that stalls mid-body with envelope 500', async () => {
    const { proxy } = await rig(
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"version":"1",');
      },
      { upstreamTimeoutMs: 300 },
    );
    const answer = await send(proxy.port, '/api/api_keyinfo/', { headers: { 'X-Apikey': 'k' } });
    expect(envelopeOf(answer).error).toBe(500);
  });

  it.each([
    ['an HTML error page', 502, 'text/html', '<html><body>Bad Gateway</body></html>'],
    ['truncated JSON', 200, 'application/json', '{"version":"1","error":0'],
    ['JSON that is not the envelope', 200, 'application/json', '{"status":"ok"}'],
    ['an empty body', 200, 'application/json', ''],
  ])('answers %s from the upstream with envelope 500', async (_label, status, type, body) => {
    const { proxy } = await rig((_req, res) => {
      res.writeHead(status, { 'Content-Type': type });
      res.end(body);
    });
    const answer = await send(proxy.port, '/api/api_keyinfo/', { headers: { 'X-Apikey': 'k' } });
    expect(answer.status).toBe(200);
    expect(envelopeOf(answer)).toMatchObject({ error: 500, method: 'api_keyinfo', result: null });
  });

  it('passes a raw api_test answer (raw=1) through without envelope checks', async () => {
    const { proxy } = await rig((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('just the result');
    });
    const answer = await send(proxy.port, '/api/api_test/abc/1/x/?str=s&int=1&raw=1', { headers: { 'X-Apikey': 'k' } });
    expect(answer.text).toBe('just the result');
  });

  it('passes X-Filename and Content-Disposition back, and never Set-Cookie', async () => {
    const { proxy } = await rig((_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/x-httpd-php',
        'X-Filename': 'sync_0123abcd.php',
        'Content-Disposition': 'attachment; filename="sync_0123abcd.php"',
        'Set-Cookie': 'upstream_session=1',
        'X-Internal': 'nope',
      });
      res.end('<?php // sync');
    });
    const answer = await send(proxy.port, '/api/syncfile_get/', { headers: { 'X-Apikey': 'k' } });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('<?php // sync');
    expect(answer.headers['x-filename']).toBe('sync_0123abcd.php');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="sync_0123abcd.php"');
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['x-internal']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('passes a syncfile_get 4xx error through as text (docs/partner-api.md#syncfile_get-errors)', async () => {
    const { proxy } = await rig((_req, res) => {
      res.writeHead(401, { 'Content-Type': 'text/plain' });
      res.end('Authorization error (502)\n');
    });
    const answer = await send(proxy.port, '/api/syncfile_get/');
    expect(answer.status).toBe(401);
    expect(answer.text).toBe('Authorization error (502)\n');
  });

  it('compresses JSON with brotli or gzip as the browser asks, and not below 1 KiB', async () => {
    const big = 'a'.repeat(4000);
    const { proxy } = await rig();
    const target = `/api/api_test/abc/1/x/?str=${big}&int=1`;
    const br = await send(proxy.port, target, { headers: { 'X-Apikey': 'k', 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.byteLength).toBeLessThan(1000);
    expect(echoEnvelopeSchema.parse(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).result.url).toBe(
      target,
    );

    const gz = await send(proxy.port, target, { headers: { 'X-Apikey': 'k', 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(echoEnvelopeSchema.parse(JSON.parse(gunzipSync(gz.body).toString('utf8'))).result.url).toBe(target);

    const plain = await send(proxy.port, target, { headers: { 'X-Apikey': 'k' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const small = await send(proxy.port, '/api/api_keyinfo/', {
      headers: { 'X-Apikey': 'k', 'Accept-Encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('decodes a compressed upstream answer before passing it on', async () => {
    const { gzipSync } = await import('node:zlib');
    const { proxy } = await rig((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify(echoEnvelope(req))));
    });
    const answer = await send(proxy.port, '/api/api_keyinfo/', { headers: { 'X-Apikey': 'k' } });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(envelopeOf(answer).error).toBe(0);
  });

  it('sets the security headers and X-Robots-Tag on API answers, errors, health checks and unknown paths', async () => {
    const { proxy } = await rig(undefined, { frameAncestors: "'self' https://panel.example.com" });
    const answers = await Promise.all([
      send(proxy.port, '/api/api_keyinfo/', { headers: { 'X-Apikey': 'k' } }),
      send(proxy.port, '/api/api_keyinfo/', { headers: { 'X-Apikey': 'bad key' } }),
      send(proxy.port, '/healthz'),
      send(proxy.port, '/nowhere'),
    ]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; connect-src 'self'; worker-src 'self'; " +
          "frame-ancestors 'self' https://panel.example.com; base-uri 'none'; form-action 'self'; object-src 'none'",
      );
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-robots-tag']).toBe('noindex');
    }
    expect(answers[2]?.status).toBe(200);
    expect(answers[2]?.text).toBe('ok\n');
  });

  it('sends Strict-Transport-Security when PUBLIC_URL is https, and only then', async () => {
    const https = await rig(undefined, { publicOrigin: 'https://dashboard.example.com' });
    const http = await rig(undefined, { publicOrigin: 'http://dashboard.example.com' });
    for (const target of ['/api/api_keyinfo/', '/healthz', '/nowhere']) {
      const secure = await send(https.proxy.port, target, { headers: { 'X-Apikey': 'k' } });
      expect(secure.headers['strict-transport-security'], target).toBe('max-age=31536000; includeSubDomains');
      const plain = await send(http.proxy.port, target, { headers: { 'X-Apikey': 'k' } });
      expect(plain.headers['strict-transport-security'], target).toBeUndefined();
    }
  });

  it('logs method, status and time only: never a key, a signature, an e-mail or a password', async () => {
    const { proxy, logs } = await rig();
    await send(proxy.port, '/api/signin/jane%40example.com/987654/', {
      headers: { 'X-Apikey': 'secret-key-123', 'X-Apimac': 'feedfacefeedfacefeedfacefeedface' },
    });
    await send(proxy.port, '/api/api_keyinfo/', { headers: { 'X-Apikey': 'secret key with space' } });
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatch(/^api signin 200 \d+ms$/);
    expect(logs[1]).toMatch(/^api api_keyinfo 200 \d+ms bad-credentials$/);
    const all = logs.join('\n');
    for (const secret of ['secret', 'feedface', 'jane', '987654']) expect(all).not.toContain(secret);
  });

  it('answers /healthz with 200', async () => {
    const { proxy } = await rig();
    const answer = await send(proxy.port, '/healthz');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('ok\n');
  });
});
