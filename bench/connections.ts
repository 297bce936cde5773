/**
 * Connections bench: a slow-connection flood against `npm run sandbox` with the
 * default HTTP_* limits (the same HTTP layer as `npm start`, server/http-server.ts):
 * 20,000 connections from 40 loopback addresses, each trickling its request (a
 * header line or a 4 KiB piece of a promised 2 MB body every second) and never
 * closing. Prints the server's resident memory before, at its peak and after the
 * server has closed the flood, the most connections it held at once, and how long
 * another client waited for an answer meanwhile, and the JavaScript heap before
 * and after, each after a full garbage collection (test-support/memory-probe.mjs).
 * Linux (/proc).
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  heapAfterGc,
  loopbackAddresses,
  memoryProbeSettings,
  openSockets,
  processMemory,
  slowFlood,
} from '../test-support/slow-flood.ts';
import { freePort, startServer, temporaryDirectory } from '../test-support/servers.ts';

const ADDRESSES = 40;
const PER_ADDRESS = 500;
/** The defaults (server/config/connections.ts): 10 s for the headers, 30 s for the whole request. */
const REQUEST_TIMEOUT_MS = 30_000;
/** How long the memory is watched after the flood is gone (V8 gives memory back when the process idles). */
const SETTLE_MS = 15_000;

const mib = (n: number) => `${n.toFixed(0)} MiB`;

export async function benchConnections(): Promise<void> {
  const dir = temporaryDirectory('connections-bench-');
  const port = await freePort();
  const probeFile = join(dir.path, 'memory.jsonl');
  const server = await startServer({
    script: 'server/sandbox/main.ts',
    settings: {
      HOST: '127.0.0.1',
      SANDBOX_PORT: String(port),
      SANDBOX_DB: join(dir.path, 'sandbox.sqlite'),
      SANDBOX_SEED: 'demo',
      SANDBOX_QUIET: '1',
      ...memoryProbeSettings(probeFile),
    },
    port,
    health: '/sandbox/health',
  });
  try {
    for (let i = 0; i < 50; i++) await (await fetch(`${server.origin}/sandbox/health`)).text();
    await sleep(2_000);
    const before = processMemory(server.pid);
    const heapBefore = await heapAfterGc(server.pid, probeFile);
    const baseSockets = openSockets(server.pid);
    let heldMost = 0;
    let rssMost = before.rssMiB;
    const sample = setInterval(() => {
      heldMost = Math.max(heldMost, openSockets(server.pid) - baseSockets);
      rssMost = Math.max(rssMost, processMemory(server.pid).rssMiB);
    }, 250);
    const started = performance.now();
    const probes: number[] = [];
    let refusedProbes = 0;
    let flooding = true;
    // Another client (on a kept-alive connection, as a browser's), from the first flood connection on.
    const probing = (async () => {
      while (flooding) {
        const t0 = performance.now();
        try {
          const res = await fetch(`${server.origin}/sandbox/health`);
          await res.text();
          if (res.ok) probes.push(performance.now() - t0);
        } catch {
          // the cap in all was full: refused, as any new connection then
          refusedProbes += 1;
        }
        await sleep(500);
      }
    })();
    const flood = await slowFlood({
      port,
      addresses: loopbackAddresses(10, ADDRESSES),
      perAddress: PER_ADDRESS,
      trickleMs: 1_000,
      bodyChunk: 4_096,
    });
    const connectedMs = performance.now() - started;
    while (flood.open() > 0 && performance.now() - started < REQUEST_TIMEOUT_MS + 60_000) await sleep(250);
    flooding = false;
    await probing;
    const closedMs = performance.now() - started;
    const left = flood.open();
    flood.drop();
    const { answered, unanswered } = flood.closed();
    const gone = processMemory(server.pid);
    await sleep(SETTLE_MS);
    clearInterval(sample);
    const after = processMemory(server.pid);
    const heapAfter = await heapAfterGc(server.pid, probeFile);
    const afterGc = processMemory(server.pid);
    console.log(
      `connections: ${(ADDRESSES * PER_ADDRESS).toLocaleString('en')} slow connections from ${ADDRESSES} addresses against npm run sandbox (default HTTP_* limits), opened in ${(connectedMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `  held at most ${heldMost} at once (cap 2,000 in all, 100 per address); ${unanswered.toLocaleString('en')} refused, ${answered.toLocaleString('en')} closed with 408, all by ${(closedMs / 1000).toFixed(1)} s${left > 0 ? `; ${left} STILL OPEN` : ''}`,
    );
    console.log(
      `  another client's request meanwhile: median ${probes.length ? [...probes].sort((a, b) => a - b)[Math.floor(probes.length / 2)]!.toFixed(0) : '-'} ms, max ${probes.length ? Math.max(...probes).toFixed(0) : '-'} ms (${probes.length} answered, ${refusedProbes} refused while the cap in all was full; target ≤ 1,000 ms)`,
    );
    console.log(
      `  resident memory: before ${mib(before.rssMiB)}, peak ${mib(Math.max(rssMost, after.peakMiB))}, when the flood was gone ${mib(gone.rssMiB)}, ${SETTLE_MS / 1000} s later ${mib(after.rssMiB)}, after a full collection ${mib(afterGc.rssMiB)} (the allocator keeps the rest for the next connections)`,
    );
    console.log(
      `  JavaScript heap in use after a full collection: before ${mib(heapBefore.heapMiB)}, after ${mib(heapAfter.heapMiB)}; outside the heap (buffers): ${mib(heapBefore.externalMiB)} → ${mib(heapAfter.externalMiB)} (target: back within 8 MiB)`,
    );
  } finally {
    await server.stop();
    dir.remove();
  }
}
