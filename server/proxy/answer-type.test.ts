/**
 * In front of the real service (PARTNER_API_URL), the browser is told what an
 * API answer is by the proxy, never by the upstream: an envelope sent as
 * text/html still goes out as JSON, a raw answer as text or as the file it is,
 * with nosniff. Over real HTTP, with a small real upstream.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createProxy } from './app.ts';
import { echoEnvelope, send, serveApp, startUpstream, type UpstreamBehaviour } from './test-support.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function proxyIn(front: UpstreamBehaviour) {
  const upstream = await startUpstream(front);
  cleanups.push(() => upstream.close());
  const proxy = await serveApp(createProxy({ upstream: { kind: 'remote', baseUrl: upstream.baseUrl }, log: () => {} }));
  cleanups.push(() => proxy.close());
  return proxy;
}

/** Answers every request as text/html, whatever it is. */
const asHtml =
  (body: (url: string) => string, status = 200): UpstreamBehaviour =>
  (req, res) => {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'X-Filename': 'sync_1.php' });
    res.end(body(req.url));
  };

describe('the type of an API answer through the proxy', () => {
  it('is JSON for an envelope the upstream sent as text/html', async () => {
    const proxy = await proxyIn((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(JSON.stringify({ ...echoEnvelope(req), result: '<script>alert(1)</script>' }));
    });
    const answer = await send(proxy.port, '/api/api_keyinfo/', { headers: { 'X-Apikey': 'k' } });
    expect(answer.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is text for a raw api_test result and a raw error, a file for the synchronization file', async () => {
    const proxy = await proxyIn(asHtml(() => '<b>raw</b>'));
    const raw = await send(proxy.port, '/api/api_test/abc/1/x/?str=s&int=1&raw=1', { headers: { 'X-Apikey': 'k' } });
    expect(raw.text).toBe('<b>raw</b>');
    expect(raw.headers['content-type']).toBe('text/plain; charset=utf-8');
    const file = await send(proxy.port, '/api/syncfile_get/', { headers: { 'X-Apikey': 'k' } });
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    const failing = await proxyIn(asHtml(() => '<b>denied</b>', 401));
    const error = await send(failing.port, '/api/syncfile_get/', { headers: { 'X-Apikey': 'k' } });
    expect(error.status).toBe(401);
    expect(error.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it("keeps the synchronization file's own type when it names a file", async () => {
    const proxy = await proxyIn((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-httpd-php; charset=utf-8' });
      res.end('<?php // sync');
    });
    const file = await send(proxy.port, '/api/syncfile_get/', { headers: { 'X-Apikey': 'k' } });
    expect(file.headers['content-type']).toBe('application/x-httpd-php; charset=utf-8');
  });
});
