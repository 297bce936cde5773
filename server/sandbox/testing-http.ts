/**
 * How the sandbox suite reaches a sandbox: in-process (`app.request`) or over
 * real HTTP, with the request target sent byte for byte. Nothing is mocked.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Sandbox } from './app.ts';

/** How a test reaches the sandbox: in-process or over real HTTP. Targets are sent as given. */
export interface Transport {
  request(target: string, init?: RequestInit): Promise<Response>;
}

export function inProcess(sandbox: Sandbox): Transport {
  return { request: async (target, init) => sandbox.app.request(target, init) };
}

/**
 * A request over node:http that sends the target byte for byte (fetch would
 * normalise `..` and re-encode characters, and the signature covers the target
 * exactly as received, docs/partner-api.md#signature).
 */
export function rawHttp(base: string, target: string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(base);
  const headers = new Headers(init.headers);
  const body = init.body === undefined || init.body === null ? undefined : bodyBytes(init.body);
  if (body) headers.set('content-length', String(body.byteLength));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: init.method ?? 'GET',
        path: target,
        headers: Object.fromEntries(headers),
        // One connection per request, so parallel tests never queue behind each other.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') out.set(name, value);
            else if (Array.isArray(value)) for (const v of value) out.append(name, v);
          }
          resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers: out }));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function bodyBytes(body: BodyInit): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body);
  throw new Error('rawHttp takes string or Uint8Array bodies');
}

/** Serve the sandbox on a free port. */
export async function serveHttp(
  sandbox: Sandbox,
): Promise<{ base: string; transport: Transport; close(): Promise<void> }> {
  const server = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  const base = `http://127.0.0.1:${(address satisfies AddressInfo).port}`;
  return {
    base,
    transport: { request: (target, init) => rawHttp(base, target, init) },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
