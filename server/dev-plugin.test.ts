/** `npm run dev`: the proxy and the sandbox mounted in a real Vite dev server. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSchema } from '../src/api/schemas.ts';
import { partnerProxyPlugin } from './dev-plugin.ts';
import { send } from './proxy/test-support.ts';

let dir: string;
let server: ViteDevServer;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'dev-plugin-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>dev</title><div id="root"></div>');
  // The plugin reads the environment as `npm run dev` would (Vitest isolates each file's process).
  process.env.SANDBOX_DB = path.join(dir, 'sandbox.sqlite');
  process.env.SANDBOX_SEED = 'empty';
  process.env.SANDBOX_QUIET = '1';
  for (const name of [
    'PARTNER_API_URL',
    'PARTNER_APP_KEY',
    'PUBLIC_URL',
    'TRUSTED_PROXIES',
    'SANDBOX_CONTROL',
    'SANDBOX_APP_KEY',
  ])
    delete process.env[name];
  server = await createServer({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    plugins: [partnerProxyPlugin()],
    server: { host: '127.0.0.1', port: 0 },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('Vite is not listening');
  port = address.port;
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('dev plugin', () => {
  it('answers /api/* through the proxy, target byte for byte, with the security headers', async () => {
    const target = '/api/api_test/abc/1/%D0%BF%D1%80%D0%B8/?str=a%40b.example&int=1&flag';
    const answer = await send(port, target, { headers: { 'X-Apikey': 'sandbox-application-key' } });
    const envelope = envelopeSchema.parse(JSON.parse(answer.text));
    expect(envelope.error).toBe(0);
    expect(JSON.stringify(envelope.result)).toContain(`"REQUEST_URI":"${target}"`);
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('serves /healthz and the sandbox pages', async () => {
    const healthz = await send(port, '/healthz');
    expect(healthz.status).toBe(200);
    expect(healthz.text).toBe('ok\n');
    const health = await send(port, '/sandbox/health');
    expect(health.status).toBe(200);
    // SANDBOX_SEED=empty: no demo account to name.
    expect(JSON.parse(health.text)).toEqual({ ok: true, version: 'sandbox', now: expect.any(Number), demoEmail: null });
  });

  it('answers /workspace/* through the proxy, not with the SPA', async () => {
    // No key: the workspace's own refusal, in JSON (Vite would answer index.html).
    const answer = await send(port, '/workspace/me');
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text)).toMatchObject({ error: 'no-key' });
  });

  it('leaves everything else to Vite', async () => {
    const page = await send(port, '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toBeUndefined();
  });
});

describe('dev plugin with the sandbox control surface', () => {
  it('refuses SANDBOX_CONTROL=1 when Vite listens on every interface (--host)', async () => {
    process.env.SANDBOX_CONTROL = '1';
    try {
      const exposed = (host: string | boolean) =>
        createServer({
          configFile: false,
          root: dir,
          logLevel: 'silent',
          plugins: [partnerProxyPlugin()],
          server: { host, port: 0 },
        });
      await expect(exposed(true)).rejects.toThrow(/SANDBOX_CONTROL=1 needs Vite to listen on loopback only/);
      await expect(exposed('0.0.0.0')).rejects.toThrow(/SANDBOX_CONTROL=1/);
      const local = await exposed('127.0.0.1');
      await local.close();
    } finally {
      delete process.env.SANDBOX_CONTROL;
    }
  });

  it('refuses SANDBOX_CONTROL=1 with PUBLIC_URL, even on loopback', async () => {
    process.env.SANDBOX_CONTROL = '1';
    process.env.PUBLIC_URL = 'https://dashboard.example.com';
    try {
      const local = createServer({
        configFile: false,
        root: dir,
        logLevel: 'silent',
        plugins: [partnerProxyPlugin()],
        server: { host: '127.0.0.1', port: 0 },
      });
      await expect(local).rejects.toThrow(/SANDBOX_CONTROL=1 cannot be used with PUBLIC_URL/);
    } finally {
      delete process.env.SANDBOX_CONTROL;
      delete process.env.PUBLIC_URL;
    }
  });
});
