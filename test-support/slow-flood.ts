/**
 * A slow-connection flood as an attacker sends it (README "Security", "Bounded
 * connections"), for the connections bench (bench/connections.ts) and the wide
 * suite's check (server/slow-flood.test.ts): many connections from several
 * loopback addresses, each sending its request a little at a time and never
 * closing, half of them a header line at a time, half a promised body a chunk
 * at a time. And what a server process holds meanwhile, read from /proc (Linux):
 * its memory and its open connections.
 */
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect, type Socket } from 'node:net';

export interface FloodOptions {
  port: number;
  /** Source addresses, 127.0.0.x (every 127/8 address is loopback on Linux). */
  addresses: readonly string[];
  /** Connections tried from each address. */
  perAddress: number;
  /** How often each connection sends its next piece. */
  trickleMs: number;
  /** Bytes of body sent each time, on a body-trickling connection. */
  bodyChunk: number;
}

export interface Flood {
  /** Flood connections still open: the server has neither refused nor closed them. */
  open(): number;
  /** Connections the server closed with an answer (a 408) and without one (refused by a cap). */
  closed(): { answered: number; unanswered: number };
  /** Closes every connection still open, from the client side. */
  drop(): void;
}

/** Opens the flood, a batch of connections at a time (each batch connected before the next). */
export async function slowFlood(options: FloodOptions): Promise<Flood> {
  const sockets = new Set<Socket>();
  let answered = 0;
  let unanswered = 0;
  const timer = setInterval(() => {
    for (const socket of sockets) {
      const body = (socket as Socket & { body?: boolean }).body === true;
      socket.write(body ? 'x'.repeat(options.bodyChunk) : 'X-Slow: 1\r\n', 'latin1');
    }
  }, options.trickleMs);
  const open = async (address: string, index: number): Promise<void> => {
    const socket = connect({ port: options.port, host: '127.0.0.1', localAddress: address });
    let gotAnswer = false;
    socket.on('data', () => (gotAnswer = true));
    socket.on('error', () => {});
    socket.once('close', () => {
      sockets.delete(socket);
      if (gotAnswer) answered += 1;
      else unanswered += 1;
    });
    sockets.add(socket);
    try {
      await once(socket, 'connect');
    } catch {
      return;
    }
    if (index % 2 === 0) {
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'latin1');
    } else {
      Object.assign(socket, { body: true });
      socket.write(
        'POST /api/sites_add/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\n\r\n[',
        'latin1',
      );
    }
  };
  for (let i = 0; i < options.perAddress; i += 50) {
    const batch = options.addresses.flatMap((address) =>
      Array.from({ length: Math.min(50, options.perAddress - i) }, (_, k) => open(address, i + k)),
    );
    await Promise.all(batch);
  }
  return {
    open: () => sockets.size,
    closed: () => ({ answered, unanswered }),
    drop: () => {
      clearInterval(timer);
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** `count` loopback source addresses from 127.0.0.`first` on. */
export function loopbackAddresses(first: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `127.0.${Math.floor((first + i) / 250)}.${((first + i) % 250) + 1}`);
}

export interface ProcessMemory {
  /** Resident memory now, MiB. */
  rssMiB: number;
  /** The most resident memory the process has had, MiB (VmHWM). */
  peakMiB: number;
}

/** A process's resident memory now and at its peak, from /proc/<pid>/status. */
export function processMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/** The TCP sockets a process has open (its listening socket included), from /proc/<pid>/fd. */
export function openSockets(pid: number): number {
  let sockets = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets += 1;
    } catch {
      // closed meanwhile
    }
  }
  return sockets;
}

/** The settings that load test-support/memory-probe.mjs into a server writing to `file`. */
export function memoryProbeSettings(file: string): Record<string, string> {
  const probe = new URL('./memory-probe.mjs', import.meta.url).pathname;
  return { NODE_OPTIONS: `--expose-gc --import ${probe}`, MEMORY_PROBE_FILE: file };
}

/** A server's JavaScript heap in use and its memory outside the heap (buffers), MiB, after a full garbage collection. */
export async function heapAfterGc(pid: number, file: string): Promise<{ heapMiB: number; externalMiB: number }> {
  const lines = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
  const count = lines().length;
  process.kill(pid, 'SIGUSR2');
  const until = Date.now() + 30_000;
  while (lines().length === count) {
    if (Date.now() > until) throw new Error('the memory probe did not answer');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const usage = JSON.parse(lines().at(-1) ?? '{}') as { heapUsed: number; external: number };
  return { heapMiB: usage.heapUsed / 1048576, externalMiB: usage.external / 1048576 };
}
