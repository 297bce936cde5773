/**
 * The proxy's routes follow the request target as it came on the wire, never
 * a URL the HTTP adapter re-parsed (dot segments resolved, escapes decoded):
 * the sandbox's pages, the workspace and the static files each get what is
 * theirs and nothing that only looks like it once normalised.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxy } from './app.ts';
import { send, serveApp, type Served } from './test-support.ts';

const INDEX = '<!doctype html><title>spa</title>';
let root: string;
let dist: string;
const reached = { api: [] as string[], sandbox: [] as string[], workspace: [] as string[] };
const servers: Served[] = [];

/** A stand-in upstream that notes the path it was asked for. */
function noting(into: string[], body: string) {
  return async (req: Request) => {
    into.push(new URL(req.url).pathname);
    return new Response(body, { headers: { 'Content-Type': 'application/json' } });
  };
}

async function proxyWith(mounts: { sandbox: boolean; workspace: boolean }): Promise<Served> {
  const served = await serveApp(
    createProxy({
      upstream: { kind: 'in-process', fetch: noting(reached.api, '{"error":0}') },
      distDir: dist,
      log: () => {},
      ...(mounts.sandbox ? { sandbox: { fetch: noting(reached.sandbox, '{}') } } : {}),
      ...(mounts.workspace
        ? {
            workspace: {
              handle: noting(reached.workspace, '{}'),
              recorder: { methods: new Set<string>(), observe: () => {} },
            },
          }
        : {}),
    }),
  );
  servers.push(served);
  return served;
}

let full: Served;
let bare: Served;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'proxy-routes-'));
  dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'embed'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'embed', 'host.js'), 'export {};\n');
  full = await proxyWith({ sandbox: true, workspace: true });
  bare = await proxyWith({ sandbox: false, workspace: false });
});

afterAll(async () => {
  for (const served of servers) await served.close();
  rmSync(root, { recursive: true, force: true });
});

function clear(): void {
  for (const list of Object.values(reached)) list.length = 0;
}

describe('proxy routes', () => {
  it('matches /healthz only as sent, never once escapes are decoded or dot segments resolved', async () => {
    expect((await send(full.port, '/healthz')).text).toBe('ok\n');
    expect((await send(full.port, '/%68ealthz')).text).toBe(INDEX);
    // A /sandbox/ target with a dot segment is the sandbox's to refuse, not /healthz.
    expect(await send(full.port, '/sandbox/%2e%2e/healthz')).toMatchObject({ status: 404, text: 'Not found\n' });
    expect(await send(full.port, '/sandbox/../healthz')).toMatchObject({ status: 404, text: 'Not found\n' });
  });

  it('hands /workspace and /workspace/... to the workspace, and nothing else', async () => {
    clear();
    await send(full.port, '/workspace');
    await send(full.port, '/workspace/%2e%2e/sandbox/outbox');
    expect(reached.workspace).toHaveLength(2);
    expect((await send(full.port, '/workspaces')).text).toBe(INDEX);
    expect(reached.workspace).toHaveLength(2);
    expect(reached.sandbox).toEqual([]);
    expect(await send(bare.port, '/workspace/x')).toMatchObject({ status: 404, text: 'Not found\n' });
  });

  it("sends /sandbox/api/... to the API as /api/..., the sandbox's other paths to its pages", async () => {
    clear();
    await send(full.port, '/sandbox/api/api_keyinfo/', { headers: { Cookie: 'apikey=k; apimac=m' } });
    expect(reached.api).toEqual(['/api/api_keyinfo/']);
    await send(full.port, '/sandbox/outbox?to=a%40b.example');
    await send(full.port, '/sandbox');
    await send(full.port, '/sandbox/embed-example/');
    expect(reached.sandbox).toEqual(['/sandbox/outbox', '/sandbox', '/sandbox/embed-example/']);
    expect((await send(full.port, '/sandboxes')).text).toBe(INDEX);
    expect(reached.sandbox).toHaveLength(3);
  });

  it('serves the embedding example with its own CSP, only by GET or HEAD', async () => {
    const page = await send(full.port, '/sandbox/embed-example');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain('frame-src http://localhost:');
    expect((await send(full.port, '/sandbox/embed-example', { method: 'POST' })).status).toBe(405);
    expect((await send(full.port, '/sandbox/embed-example?x="', {})).status).toBe(404);
  });

  it('answers the sandbox paths with 404 when no sandbox is mounted', async () => {
    clear();
    for (const target of ['/sandbox', '/sandbox/outbox', '/sandbox/api/api_keyinfo/', '/sandbox/embed-example']) {
      expect(await send(bare.port, target), target).toMatchObject({ status: 404, text: 'Not found\n' });
    }
    expect(reached.api).toEqual([]);
  });

  it('lets pages of any origin load /embed/... and nothing outside it', async () => {
    const helper = await send(full.port, '/embed/host.js');
    expect(helper.headers['access-control-allow-origin']).toBe('*');
    const missing = await send(full.port, '/embed/none.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBeUndefined();
    for (const target of ['/embed', '/embedx/host.js', '/%65mbed/host.js']) {
      expect((await send(full.port, target)).headers['access-control-allow-origin'], target).toBeUndefined();
    }
  });

  it('serves the run-time settings at their exact paths', async () => {
    expect(JSON.parse((await send(full.port, '/embed-config.json')).text)).toEqual({ version: 1, origins: [] });
    expect(JSON.parse((await send(full.port, '/partner-api.json')).text)).toMatchObject({ version: 1 });
    expect((await send(full.port, '/partner-api.json/')).text).toBe(INDEX);
  });
});
