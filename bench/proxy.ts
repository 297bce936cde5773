/**
 * Proxy budget: requests per second through the proxy vs
 * direct to the sandbox, `api_keyinfo` with a valid key, 32 concurrent
 * connections on loopback, and the p99 latency the proxy adds. Target: the
 * proxy keeps ≥ 85 % of the direct throughput.
 *
 * Both servers run in this process, as in `npm start` (the proxy calls the
 * sandbox in-process). The load comes from wrk when installed (a separate
 * process, so it does not share the event loop), else from a Node loop.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { createProxy } from '../server/proxy/app.ts';
import { createSandbox } from '../server/sandbox/app.ts';
import { sandboxConfigFromEnv } from '../server/sandbox/config.ts';
import { temporaryDirectory } from '../test-support/servers.ts';

const CONNECTIONS = 32;
const SECONDS = 3;
const ROUNDS = 2;
const WRK = '/usr/bin/wrk';
const TARGET = '/api/api_keyinfo/';

interface Figures {
  rps: number;
  p99Ms: number;
}

interface Endpoint {
  port: number;
  headers: Record<string, string>;
}

const execFileAsync = promisify(execFile);

function listen(
  fetch: (req: Request) => Response | Promise<Response>,
): Promise<{ port: number; close: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
    server.once('error', reject);
  });
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  if (unit === 'us') return n / 1000;
  if (unit === 's') return n * 1000;
  return n;
}

async function runWrk(endpoint: Endpoint, seconds: number): Promise<Figures> {
  const headerArgs = Object.entries(endpoint.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const { stdout } = await execFileAsync(
    WRK,
    [
      '-t1',
      `-c${CONNECTIONS}`,
      `-d${seconds}s`,
      '--latency',
      ...headerArgs,
      `http://127.0.0.1:${endpoint.port}${TARGET}`,
    ],
    { timeout: (seconds + 10) * 1000 },
  );
  if (/Non-2xx/.test(stdout)) throw new Error(`wrk saw non-2xx answers:\n${stdout}`);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(stdout);
  if (!rps?.[1] || !p99?.[1] || !p99[2]) throw new Error(`could not read wrk's output:\n${stdout}`);
  return { rps: Number(rps[1]), p99Ms: toMs(p99[1], p99[2]) };
}

/** Without wrk: a keep-alive loop per connection (shares the event loop: indicative only). */
async function runNodeLoad(endpoint: Endpoint, seconds: number): Promise<Figures> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = request(
        { host: '127.0.0.1', port: endpoint.port, path: TARGET, headers: endpoint.headers, agent },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}`));
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

/** The envelope must say error 0 before any figure means something. */
async function checkAnswer(endpoint: Endpoint): Promise<void> {
  const text = await new Promise<string>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: endpoint.port, path: TARGET, headers: endpoint.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
  if (!/"error":0[,}]/.test(text)) throw new Error(`api_keyinfo did not succeed: ${text.slice(0, 200)}`);
}

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
}

export async function benchProxy(): Promise<void> {
  const dir = temporaryDirectory('bench-proxy-');
  const config = sandboxConfigFromEnv({
    SANDBOX_DB: path.join(dir.path, 'sandbox.sqlite'),
    SANDBOX_SEED: 'empty',
    SANDBOX_QUIET: '1',
  });
  const sandbox = createSandbox(config, () => {});
  const direct = await listen(sandbox.app.fetch);
  const proxied = await listen(
    createProxy({
      upstream: { kind: 'in-process', fetch: async (req) => sandbox.app.fetch(req) },
      appKey: config.appKey,
      log: () => {},
    }).fetch,
  );
  try {
    // The application key may call api_* (docs/partner-api.md#signature) and has the signature check disabled.
    const directEndpoint: Endpoint = { port: direct.port, headers: { Cookie: `apikey=${config.appKey}` } };
    const proxyEndpoint: Endpoint = { port: proxied.port, headers: { 'X-Apikey': config.appKey } };
    await checkAnswer(directEndpoint);
    await checkAnswer(proxyEndpoint);

    const useWrk = existsSync(WRK);
    const load = useWrk ? runWrk : runNodeLoad;
    await load(directEndpoint, 1); // warm-up: JIT, SQLite page cache
    await load(proxyEndpoint, 1);
    // Browsers always send Accept-Encoding, so the proxy reads each answer to decide on compression.
    const browserEndpoint: Endpoint = {
      ...proxyEndpoint,
      headers: { ...proxyEndpoint.headers, 'Accept-Encoding': 'gzip, deflate, br' },
    };
    const directRuns: Figures[] = [];
    const proxyRuns: Figures[] = [];
    const browserRuns: Figures[] = [];
    // Alternating rounds, so drift (thermal, other processes) hits all alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      directRuns.push(await load(directEndpoint, SECONDS));
      proxyRuns.push(await load(proxyEndpoint, SECONDS));
      browserRuns.push(await load(browserEndpoint, SECONDS));
    }
    const average = (runs: Figures[]): Figures => ({
      rps: mean(runs.map((r) => r.rps)),
      p99Ms: mean(runs.map((r) => r.p99Ms)),
    });
    const d = average(directRuns);
    const p = average(proxyRuns);
    const b = average(browserRuns);
    const ratio = (p.rps / d.rps) * 100;
    const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
    console.log(
      [
        `Proxy: api_keyinfo, ${CONNECTIONS} connections, loopback, ${useWrk ? 'wrk' : 'Node load loop (wrk not found; indicative)'}, ${ROUNDS}×${SECONDS} s each`,
        `  direct to the sandbox  ${fmt(d.rps).padStart(8)} req/s   p99 ${d.p99Ms.toFixed(2)} ms`,
        `  through the proxy      ${fmt(p.rps).padStart(8)} req/s   p99 ${p.p99Ms.toFixed(2)} ms`,
        `  same, Accept-Encoding  ${fmt(b.rps).padStart(8)} req/s   p99 ${b.p99Ms.toFixed(2)} ms   (${((b.rps / d.rps) * 100).toFixed(1)} % of direct)`,
        `  proxy throughput ${ratio.toFixed(1)} % of direct (target ≥ 85 %: ${ratio >= 85 ? 'met' : 'NOT met'}); added p99 ${(p.p99Ms - d.p99Ms).toFixed(2)} ms`,
      ].join('\n'),
    );
  } finally {
    await proxied.close();
    await direct.close();
    sandbox.close();
    dir.remove();
  }
}
