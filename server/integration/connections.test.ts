/**
 * Bounded connections as `npm start` serves them (HTTP_* read by server/config.ts,
 * server/http-limits.ts), over real sockets on loopback: slow requests are closed
 * after the headers timeout, one address cannot hold more than its share, the cap
 * in all refuses past it, and other clients are answered meanwhile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverConfigFromEnv } from '../config.ts';
import { createServerApp, type ServerApp } from '../server-app.ts';
import { sendRaw } from '../proxy/test-support.ts';

const PER_ADDRESS = 50;
const IN_ALL = 300;
let dir: string;
let server: ServerApp;
let http: ReturnType<ServerApp['listen']>;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'connections-'));
  const config = serverConfigFromEnv({
    SANDBOX_DB: path.join(dir, 'sandbox.sqlite'),
    SANDBOX_SEED: 'empty',
    SANDBOX_QUIET: '1',
    HTTP_HEADERS_TIMEOUT: '2',
    HTTP_REQUEST_TIMEOUT: '3',
    HTTP_MAX_CONNECTIONS: String(IN_ALL),
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
  });
  server = await createServerApp(config, { log: () => {} });
  http = server.listen(0, '127.0.0.1');
  await once(http, 'listening');
  port = (http.address() as AddressInfo).port;
});

afterAll(async () => {
  if ('closeAllConnections' in http) http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Slow {
  socket: Socket;
  /** What the server wrote before it closed the connection. */
  answer: Promise<string>;
}

/** How many slow connections have been closed so far (by the server's timeout or its refusal). */
let closed = 0;

/** A connection from `from` (a loopback address) that sends half a request's headers and waits. */
async function slowConnection(from: string): Promise<Slow> {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  const answer = new Promise<string>((resolve) =>
    socket.once('close', () => {
      closed++;
      resolve(Buffer.concat(chunks).toString('latin1'));
    }),
  );
  await once(socket, 'connect');
  socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 'latin1');
  return { socket, answer };
}

function openConnections(): Promise<number> {
  return new Promise((resolve, reject) => http.getConnections((err, count) => (err ? reject(err) : resolve(count))));
}

/** A plain request from 127.0.0.1: what the server answered. */
function probe(): Promise<string> {
  return sendRaw(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
}

describe('bounded connections', () => {
  it('caps one address, answers others while it holds them, and closes slow requests after the headers timeout', async () => {
    const started = performance.now();
    closed = 0;
    const slow: Slow[] = [];
    for (let batch = 0; batch < 20; batch++) {
      slow.push(...(await Promise.all(Array.from({ length: 100 }, () => slowConnection('127.0.0.2')))));
    }
    expect(slow).toHaveLength(2_000);
    // One address holds at most its share of the server's connections at any time.
    expect(await openConnections()).toBeLessThanOrEqual(PER_ADDRESS);

    // Another client is answered while the flood still holds its places: before the last of them
    // time out (the headers timeout, 2 s, twice the second this used to allow). A server that made it
    // wait for a free place would answer it only once the held connections had timed out and closed.
    const other = await probe();
    expect(other).toMatch(/^HTTP\/1\.1 200 /);
    expect(slow.length - closed).toBeGreaterThan(0);

    const answers = await Promise.all(slow.map((s) => s.answer));
    const timedOut = answers.filter((a) => a.startsWith('HTTP/1.1 408 '));
    const refused = answers.filter((a) => a === '');
    expect(timedOut.length).toBeGreaterThan(0);
    // A place freed by a timeout goes to a later connection: a few rounds while the 2,000 open.
    expect(refused.length).toBe(2_000 - timedOut.length);
    expect(refused.length).toBeGreaterThan(2_000 - 5 * PER_ADDRESS);
    await vi.waitFor(async () => expect(await openConnections()).toBe(0), { timeout: 5_000 });
    // Node's own 408 carries the security headers too.
    expect(timedOut[0]).toMatch(/\r\nContent-Security-Policy: default-src 'self';/);
    expect(timedOut[0]).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
    // Headers timeout 2 s, checked every second: well before Node's 60 s default.
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('refuses connections past the cap in all', async () => {
    const slow: Slow[] = [];
    for (let address = 3; address < 3 + 8; address++) {
      slow.push(
        ...(await Promise.all(Array.from({ length: PER_ADDRESS }, () => slowConnection(`127.0.0.${address}`)))),
      );
    }
    const answers = await Promise.all(slow.map((s) => s.answer));
    const timedOut = answers.filter((a) => a.startsWith('HTTP/1.1 408 ')).length;
    expect(timedOut).toBeLessThanOrEqual(IN_ALL + PER_ADDRESS);
    expect(answers.length - timedOut).toBeGreaterThanOrEqual(8 * PER_ADDRESS - IN_ALL - PER_ADDRESS);
    // Once they are gone, the server answers again.
    expect(await probe()).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('slow bodies', () => {
  it('are closed after the request timeout, with 408', async () => {
    const started = performance.now();
    const sockets = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.20' });
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', () => {});
        const answer = new Promise<string>((resolve) =>
          socket.once('close', () => resolve(Buffer.concat(chunks).toString('latin1'))),
        );
        await once(socket, 'connect');
        // Headers whole, the body promised and never sent in full.
        socket.write(
          'POST /api/sites_add/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n[',
        );
        return answer;
      }),
    );
    const answers = await Promise.all(sockets);
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // Request timeout 3 s, checked every second (Node's default: 300 s).
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});

describe("Node's own answers", () => {
  it('431 for oversized headers and 400 for a malformed header line carry the security headers', async () => {
    const big = await sendRaw(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const malformed = await sendRaw(port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Line\r\n\r\n');
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    for (const answer of [big, malformed]) {
      expect(answer).toMatch(/\r\nContent-Security-Policy: default-src 'self';/);
      expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
      expect(answer).toMatch(/\r\nReferrer-Policy: no-referrer\r\n/);
    }
  });
});
