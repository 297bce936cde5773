import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedServer } from './http-server.ts';
import { sendRaw } from './proxy/test-support.ts';

let server: ReturnType<typeof serve>;
let port: number;
const asked: string[] = [];

beforeAll(async () => {
  // The answer is the caller's: this one says which target it was asked about.
  const answer = (target: string) => {
    asked.push(target);
    return { status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refused: target }) };
  };
  server = serve({
    fetch: (req) => new Response(`app saw ${new URL(req.url).pathname}`),
    port: 0,
    hostname: '127.0.0.1',
    createServer: createGuardedServer(answer),
  });
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.close();
});

const get = (path: string) => sendRaw(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

describe('the guarded HTTP server', () => {
  it("answers a backslash in an API path with the caller's answer, never cached", async () => {
    const target = '/api/site_delete/a\\..\\b.example/?x=1';
    const answer = await get(target);
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
    expect(JSON.parse(bodyOf(answer))).toEqual({ refused: target });
    expect(asked).toEqual([target]);
    expect(answer).toMatch(/\r\nContent-Type: application\/json\r\n/i);
    expect(answer).toMatch(/\r\nCache-Control: no-store\r\n/i);
    expect(answer).toMatch(new RegExp(`\\r\\nContent-Length: ${Buffer.byteLength(bodyOf(answer))}\\r\\n`, 'i'));
  });

  it('passes every other request to the app, a backslash outside /api included', async () => {
    asked.length = 0;
    const answer = await get('/api/api_methodlist/');
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
    expect(bodyOf(answer)).toBe('app saw /api/api_methodlist/');
    expect(bodyOf(await get('/api/x/?q=a\\b'))).toBe('app saw /api/x/');
    expect(asked).toEqual([]);
  });
});
