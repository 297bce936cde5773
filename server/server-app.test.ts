/**
 * The server as `npm start` serves it (createServerApp + listen), over real
 * HTTP: the security headers are on every answer, also on those the HTTP layer
 * gives before the app sees the request (a backslash in the path, a target the
 * adapter cannot read).
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverConfigFromEnv } from './config.ts';
import { sendRaw } from './proxy/test-support.ts';
import { createServerApp, type ServerApp } from './server-app.ts';

let dir: string;
let server: ServerApp;
let http: ReturnType<ServerApp['listen']>;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'server-app-'));
  const config = serverConfigFromEnv({
    SANDBOX_DB: path.join(dir, 'sandbox.sqlite'),
    SANDBOX_SEED: 'empty',
    SANDBOX_QUIET: '1',
    PUBLIC_URL: 'https://dashboard.example.com',
    FRAME_ANCESTORS: "'self' https://panel.example.com",
  });
  server = await createServerApp(config, { log: () => {} });
  http = server.listen(0, '127.0.0.1');
  await once(http, 'listening');
  port = (http.address() as AddressInfo).port;
});

afterAll(async () => {
  if ('closeAllConnections' in http) http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The status line and headers (lower-case names) of a raw request. */
async function head(target: string): Promise<{ status: string; headers: Map<string, string[]>; body: string }> {
  const answer = await sendRaw(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  const [top = '', body = ''] = answer.split('\r\n\r\n');
  const [status = '', ...lines] = top.split('\r\n');
  const headers = new Map<string, string[]>();
  for (const line of lines) {
    const at = line.indexOf(':');
    const name = line.slice(0, at).toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(at + 1).trim()]);
  }
  return { status, headers, body };
}

describe('npm start: security headers on every answer', () => {
  it.each([
    ['an API answer', '/api/api_keyinfo/', 'HTTP/1.1 200'],
    ['the health check', '/healthz', 'HTTP/1.1 200'],
    ['an early envelope for a backslash in an API path', '/api/site_delete/a\\b.example/', 'HTTP/1.1 200'],
    ['an early 400 for a backslash in syncfile_get (a raw method)', '/api/syncfile_get/a\\b/', 'HTTP/1.1 400'],
    ["the adapter's 400 for a backslash elsewhere", '/assets/a\\b.js', 'HTTP/1.1 400'],
    ["the adapter's 400 for a target it cannot read", '*', 'HTTP/1.1 400'],
  ])('%s', async (_what, target, status) => {
    const answer = await head(target);
    expect(answer.status.startsWith(status), answer.status).toBe(true);
    expect(answer.headers.get('content-security-policy')).toEqual([
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; connect-src 'self'; worker-src 'none'; " +
        "frame-ancestors 'self' https://panel.example.com; base-uri 'none'; form-action 'self'; object-src 'none'",
    ]);
    expect(answer.headers.get('x-content-type-options')).toEqual(['nosniff']);
    expect(answer.headers.get('referrer-policy')).toEqual(['no-referrer']);
    expect(answer.headers.get('x-robots-tag')).toEqual(['noindex']);
    // PUBLIC_URL is https: browsers are told to keep to it.
    expect(answer.headers.get('strict-transport-security')).toEqual(['max-age=31536000; includeSubDomains']);
  });

  it('keeps the early envelope as it was: error 503, never cached', async () => {
    const answer = await head('/api/site_delete/a\\b.example/');
    expect(answer.headers.get('cache-control')).toEqual(['no-store']);
    expect(JSON.parse(answer.body)).toMatchObject({ version: 'proxy', method: 'site_delete', error: 503 });
  });
});
