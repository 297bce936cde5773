/**
 * The proxy's answers, over real HTTP in front of a small real node:http
 * upstream (or the in-process sandbox's fetch): passed on, compressed, with
 * the security headers, logged without secrets, and the failure modes a
 * sandbox cannot produce (down, slow, garbage). What reaches the upstream:
 * proxy-upstream-requests.test.ts.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS } from '../../src/api/client.ts';
import { envelopeSchema } from '../../src/api/schemas.ts';
import { createProxy } from './app.ts';
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from './options.ts';
import { closedPort, echoEnvelope, send, serveApp, startUpstream } from './test-support.ts';
import { afterTest, closeRigsAfterEach, echoEnvelopeSchema, envelopeOf, rig } from './proxy-rig.ts';

closeRigsAfterEach();

describe('proxy → node:http upstream: the answers', () => {
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
    afterTest(() => upstream.close());
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
    expect(logs[0]).toContain('proxy-upstream-answers.test.ts');
    for (const secret of ['jane', 'secret-key', '123456', 'cannot read']) expect(logs[0]).not.toContain(secret);
  });

  it('answers an unreachable upstream with envelope 500 (HTTP 200), and syncfile_get with HTTP 502 text', async () => {
    const port = await closedPort();
    const logs: string[] = [];
    const proxy = await serveApp(
      createProxy({ upstream: { kind: 'remote', baseUrl: `http://127.0.0.1:${port}` }, log: (l) => logs.push(l) }),
    );
    afterTest(() => proxy.close());
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
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; connect-src 'self'; worker-src 'none'; " +
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
