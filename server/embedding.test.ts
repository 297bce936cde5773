/**
 * Embedding over real HTTP, as `npm start` serves it (docs/embedding.md): the
 * SPA's run-time config (/embed-config.json), the host helper as built by the
 * Vite plugin and served with CORS to pages of other origins, and the
 * sandbox's example panel with its own CSP, in sandbox mode only.
 */
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serverConfigFromEnv } from './config.ts';
import { buildEmbedFile } from './embed-plugin.ts';
import { closedPort, jsonOf, send } from './proxy/test-support.ts';
import { createServerApp, type ServerApp } from './server-app.ts';

const EMBED_SOURCES = fileURLToPath(new URL('../embed', import.meta.url));
const configSchema = z.strictObject({ version: z.literal(1), origins: z.array(z.string()) });

interface Running {
  port: number;
  stop(): Promise<void>;
}

const dir = mkdtempSync(path.join(tmpdir(), 'embedding-'));
const dist = path.join(dir, 'dist');
let sandbox: Running;
let configured: Running;
let remote: Running;

async function start(settings: Record<string, string>): Promise<Running> {
  const server: ServerApp = await createServerApp(serverConfigFromEnv({ SANDBOX_QUIET: '1', ...settings }), {
    distDir: dist,
    log: () => undefined,
  });
  const http = server.listen(0, '127.0.0.1');
  await once(http, 'listening');
  return {
    port: (http.address() as AddressInfo).port,
    stop: async () => {
      if ('closeAllConnections' in http) http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await server.close();
    },
  };
}

beforeAll(async () => {
  // dist/ as the build leaves it: the SPA's page and the embed files the plugin builds.
  mkdirSync(path.join(dist, 'embed'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const [source, built] of [
    ['host.ts', 'host.js'],
    ['example.ts', 'example.js'],
    ['example.css', 'example.css'],
  ] as const) {
    writeFileSync(path.join(dist, 'embed', built), await buildEmbedFile(EMBED_SOURCES, source));
  }
  sandbox = await start({ SANDBOX_DB: path.join(dir, 'a.sqlite'), SANDBOX_SEED: 'empty' });
  configured = await start({
    SANDBOX_DB: path.join(dir, 'b.sqlite'),
    SANDBOX_SEED: 'empty',
    FRAME_ANCESTORS: "'self' https://panel.example.com",
    EMBED_ORIGINS: 'https://panel.example.com',
  });
  remote = await start({ PARTNER_API_URL: `http://127.0.0.1:${await closedPort()}`, WORKSPACE_DB: ':memory:' });
});

afterAll(async () => {
  for (const running of [sandbox, configured, remote]) await running?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('/embed-config.json: the origins the embedded SPA talks to', () => {
  it('in sandbox mode by default, the example panel’s loopback origins, also allowed to frame', async () => {
    const answer = await send(sandbox.port, '/embed-config.json');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('no-store');
    // PORT's default: the port the example is opened on under `npm start`.
    expect(configSchema.parse(jsonOf(answer)).origins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
    expect(answer.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' http://localhost:8080 http://127.0.0.1:8080;",
    );
  });

  it('EMBED_ORIGINS and FRAME_ANCESTORS as set', async () => {
    const answer = await send(configured.port, '/embed-config.json');
    expect(configSchema.parse(jsonOf(answer)).origins).toEqual(['https://panel.example.com']);
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self' https://panel.example.com;");
  });

  it('in front of the real service by default, nobody', async () => {
    const answer = await send(remote.port, '/embed-config.json');
    expect(configSchema.parse(jsonOf(answer)).origins).toEqual([]);
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self';");
  });
});

describe('/embed/host.js: the host helper for pages of other origins', () => {
  it('is an ES module a page of any origin may load, with no build step', async () => {
    for (const running of [sandbox, remote]) {
      const answer = await send(running.port, '/embed/host.js', { headers: { Origin: 'https://panel.example.com' } });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.text).toMatch(/^\/\/ Partner Security Dashboard: embedding protocol, version 1/);
      expect(answer.text).not.toMatch(/\binterface\b|: string\b/);
    }
    const answer = await send(sandbox.port, '/embed/host.js');
    const helper: unknown = await import(`data:text/javascript;base64,${answer.body.toString('base64')}`);
    const fn = z.custom<(data: unknown) => unknown>((value) => typeof value === 'function');
    const shape = z.looseObject({ PROTOCOL_VERSION: z.literal(1), embedDashboard: fn, readDashboardMessage: fn });
    const parsed = shape.parse(helper);
    expect(parsed.readDashboardMessage({ type: 'resize', version: 1, height: 10 })).toEqual({
      type: 'resize',
      version: 1,
      height: 10,
    });
  });

  it('serves the example’s script and styles beside it, and 404 for a name it does not have', async () => {
    const css = await send(sandbox.port, '/embed/example.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const script = await send(sandbox.port, '/embed/example.js');
    expect(script.text).toMatch(/from ["']\.\/host\.js["']/);
    const missing = await send(sandbox.port, '/embed/hots.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('/sandbox/embed-example: a hoster panel on the other loopback name', () => {
  it('embeds the dashboard from the other origin, under a CSP of its own', async () => {
    const host = `127.0.0.1:${sandbox.port}`;
    const answer = await send(sandbox.port, '/sandbox/embed-example', { headers: { Host: host } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    const dashboard = `http://localhost:${sandbox.port}`;
    const csp = answer.headers['content-security-policy'];
    expect(csp).toContain(`frame-src ${dashboard};`);
    expect(csp).toContain(`script-src ${dashboard};`);
    expect(csp).not.toContain('unsafe-inline');
    expect(answer.text).toContain(`src="${dashboard}/embed/example.js"`);
    const other = await send(sandbox.port, '/sandbox/embed-example', {
      headers: { Host: `localhost:${sandbox.port}` },
    });
    expect(other.headers['content-security-policy']).toContain(`frame-src http://127.0.0.1:${sandbox.port};`);
  });

  it('answers only the sandbox pages’ hosts, and only in sandbox mode', async () => {
    const foreign = await send(sandbox.port, '/sandbox/embed-example', { headers: { Host: 'evil.example' } });
    expect(foreign.status).toBe(403);
    const real = await send(remote.port, '/sandbox/embed-example');
    expect(real.status).toBe(404);
  });
});
