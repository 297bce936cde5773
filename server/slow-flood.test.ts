/**
 * A slow-connection flood against a real `npm run sandbox` process (the HTTP layer
 * `npm start` shares, server/http-server.ts) with short HTTP_* limits: the process
 * never holds more connections than the cap, closes every one of them itself
 * (the flood never hangs up), and afterwards its JavaScript heap and buffers are
 * back near their level, and a second flood leaves its resident memory where the
 * first did. What the process holds is read from /proc (Linux) and, for the heap,
 * by test-support/memory-probe.mjs; the bench prints the same at the default
 * limits (`npm run bench -- connections`). No time is asserted: the waits are
 * for states, with deadlines far past the limits.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  heapAfterGc,
  loopbackAddresses,
  memoryProbeSettings,
  openSockets,
  processMemory,
  slowFlood,
} from '../test-support/slow-flood.ts';
import { freePort, startServer, temporaryDirectory, type RunningServer } from '../test-support/servers.ts';

const IN_ALL = 300;
const PER_ADDRESS = 50;
/** 20 addresses × 100 connections: each address tries twice its share, and all of them together 2,000. */
const ADDRESSES = 20;
const TRIED_PER_ADDRESS = 100;

let dir: ReturnType<typeof temporaryDirectory>;
let server: RunningServer;
let probeFile: string;

beforeAll(async () => {
  dir = temporaryDirectory('slow-flood-');
  probeFile = join(dir.path, 'memory.jsonl');
  const port = await freePort();
  server = await startServer({
    script: 'server/sandbox/main.ts',
    settings: {
      HOST: '127.0.0.1',
      SANDBOX_PORT: String(port),
      SANDBOX_DB: join(dir.path, 'sandbox.sqlite'),
      SANDBOX_SEED: 'empty',
      SANDBOX_QUIET: '1',
      HTTP_HEADERS_TIMEOUT: '2',
      HTTP_REQUEST_TIMEOUT: '4',
      HTTP_MAX_CONNECTIONS: String(IN_ALL),
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
      ...memoryProbeSettings(probeFile),
    },
    port,
    health: '/sandbox/health',
    stderr: 'ignore',
    timeoutMs: 60_000,
  });
});

afterAll(async () => {
  await server.stop();
  dir.remove();
});

/** One flood: the most sockets the server held beyond its own, and its resident memory at the end. */
async function flood(): Promise<{ heldMost: number; rssMiB: number }> {
  const port = Number(new URL(server.origin).port);
  const own = openSockets(server.pid);
  let heldMost = 0;
  const sample = setInterval(() => (heldMost = Math.max(heldMost, openSockets(server.pid) - own)), 100);
  try {
    const attack = await slowFlood({
      port,
      addresses: loopbackAddresses(10, ADDRESSES),
      perAddress: TRIED_PER_ADDRESS,
      trickleMs: 200,
      bodyChunk: 1_024,
    });
    // Another client is still answered (or, while the cap in all is full, refused at once, never left waiting).
    const other = await fetch(`${server.origin}/sandbox/health`).then(
      (res) => res.status,
      () => 'refused',
    );
    expect([200, 'refused']).toContain(other);
    // The flood never hangs up: the server closes every connection itself, by its limits.
    await vi.waitFor(() => expect(attack.open()).toBe(0), { timeout: 60_000, interval: 250 });
    attack.drop();
    const { answered, unanswered } = attack.closed();
    expect(answered + unanswered).toBe(ADDRESSES * TRIED_PER_ADDRESS);
    expect(answered).toBeGreaterThan(0);
    // (This process's own kept-alive requests may have closed meanwhile too.)
    await vi.waitFor(() => expect(openSockets(server.pid)).toBeLessThanOrEqual(own), {
      timeout: 30_000,
      interval: 100,
    });
  } finally {
    clearInterval(sample);
  }
  return { heldMost, rssMiB: (await settledMemory()).rssMiB };
}

/** Resident memory after a full collection (the probe's). */
async function settledMemory(): Promise<{ rssMiB: number; heapMiB: number; externalMiB: number }> {
  const heap = await heapAfterGc(server.pid, probeFile);
  return { ...heap, rssMiB: processMemory(server.pid).rssMiB };
}

describe('a slow-connection flood', () => {
  it('is held to the cap, closed by the server, and its memory given back', { timeout: 240_000 }, async () => {
    for (let i = 0; i < 20; i++) await (await fetch(`${server.origin}/sandbox/health`)).text();
    const before = await settledMemory();

    const first = await flood();
    // The cap in all; refused connections are closed at once (the sampling may catch one mid-close).
    expect(first.heldMost).toBeLessThanOrEqual(IN_ALL + 5);
    expect(first.heldMost).toBeGreaterThan(PER_ADDRESS);
    const after = await settledMemory();
    expect(after.heapMiB - before.heapMiB).toBeLessThan(8);
    expect(after.externalMiB - before.externalMiB).toBeLessThan(8);

    // What the allocator kept after the first flood serves the second: it does not grow again.
    const second = await flood();
    expect(second.heldMost).toBeLessThanOrEqual(IN_ALL + 5);
    expect(second.rssMiB - first.rssMiB).toBeLessThan(32);
    expect((await settledMemory()).heapMiB - before.heapMiB).toBeLessThan(8);
  });
});
