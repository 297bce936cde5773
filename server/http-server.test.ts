import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedServer } from './http-server.ts';
import { createSandbox, type Sandbox } from './sandbox/app.ts';
import { testSandboxConfig } from './sandbox/config.ts';
import { sendRaw } from './proxy/test-support.ts';

let sandbox: Sandbox;
let server: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  sandbox = createSandbox(testSandboxConfig());
  server = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1', createServer: createGuardedServer });
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.close();
  sandbox.close();
});

const get = (path: string) => sendRaw(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);

describe('the guarded HTTP server', () => {
  it('answers a backslash in an API path with the spec envelope, HTTP 200', async () => {
    const answer = await get('/api/site_delete/a\\..\\b.example/');
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    // The proxy's own envelope (server/proxy/envelope.ts), as for every answer the proxy makes itself.
    expect(body).toEqual({
      version: 'proxy',
      keyid: '',
      method: '',
      timewait: expect.any(Number),
      error: 503,
      message: 'Invalid request format',
      errorinfo: 'A backslash is not allowed in the request path',
      result: null,
    });
    expect(answer).toMatch(/\r\nCache-Control: no-store\r\n/i);
  });

  it('passes every other request to the app', async () => {
    const answer = await get('/api/api_methodlist/');
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ error: 502 });
  });
});
