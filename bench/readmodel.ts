/**
 * Read model benchmark (server/readmodel/, docs/workspace.md#the-read-model):
 * the sandbox in its own process (as the real service is reached) with a
 * demo account of 10,000 and 100,000 sites, the server (`server/main.ts`)
 * in front of it with a SQLite workspace (or PostgreSQL with
 * WORKSPACE_TEST_DATABASE_URL's database, in a schema of its own).
 *
 * Prints, per size: the time of a full read of the fleet (first request to
 * `asOf`; targets ≤ 10 s / ≤ 60 s); the p99 and worst latency of other
 * requests made one after another meanwhile (`/workspace/me`, target p99 ≤
 * 100 ms) and the CPU time the server and the sandbox spent on it (figures
 * less at the mercy of a busy machine); then the median and p99 of window
 * requests (the first rows; sorts, deep offsets; filters; a search one
 * request per keystroke; 50 rows each) and of the summary, with the load
 * average before and after. Then the first read and the other requests again in
 * the default demo, `npm start` with its embedded sandbox.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { FLEET_MAC_HEADER, FLEET_REFRESH_TARGET } from '../src/api/fleet.ts';
import { postgresPlace, TEST_DATABASE_URL } from '../server/workspace/test-engines.ts';
import { freePort, startServer, temporaryDirectory } from '../test-support/servers.ts';
import { median } from './demo-stack.ts';

const SIZES = [10_000, 100_000];
const APP_KEY = 'bench-application-key';
const DEMO = 'demo@partner.example';
const WINDOW_RUNS = 20;

const outbox = z.array(z.looseObject({ otp: z.string().optional() }));
const signin = z.looseObject({
  result: z.looseObject({ privatekey: z.object({ key: z.string(), hmac: z.string() }) }),
});
const freshness = z.looseObject({ asOf: z.number().nullable(), total: z.number().optional() });

/** A process's CPU time so far (user and system), from /proc; NaN elsewhere. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

const spread = (times: number[]) =>
  `median ${median(times).toFixed(1)} ms, p99 ${p(times, 0.99).toFixed(0)} ms (${times.length} runs)`;

const sign = (mac: string, target: string) => createHmac('md5', mac).update(target).digest('hex');
const p = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? NaN;

async function session(base: string, sandbox: string): Promise<Record<string, string>> {
  await fetch(`${base}/api/signup/${encodeURIComponent(DEMO)}/`);
  const mails = outbox.parse(await (await fetch(`${sandbox}/sandbox/outbox?to=${encodeURIComponent(DEMO)}`)).json());
  const otp = mails.find((m) => m.otp)?.otp ?? '';
  const { key, hmac } = signin.parse(
    await (await fetch(`${base}/api/signin/${encodeURIComponent(DEMO)}/${otp}/`)).json(),
  ).result.privatekey;
  return {
    'X-Apikey': key,
    'X-Apimac': sign(hmac, '/api/api_userinfo/'),
    [FLEET_MAC_HEADER]: sign(hmac, FLEET_REFRESH_TARGET),
  };
}

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; body: unknown }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body: unknown = await res.json();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { ms: performance.now() - t0, body };
}

/**
 * The default demo (`npm start` with its embedded sandbox, SQLite): the server's first read of the
 * fleet and other requests meanwhile. There the sandbox answers in the server's own event loop, so a
 * sites_list built in one piece held every other request for as long (8.7 s at 100,000 sites).
 */
async function benchEmbedded(sites: number): Promise<void> {
  const dir = temporaryDirectory('readmodel-bench-');
  const port = await freePort();
  const seeded = performance.now();
  const server = await startServer({
    script: 'server/main.ts',
    settings: {
      HOST: '127.0.0.1',
      PORT: String(port),
      SANDBOX_DB: join(dir.path, 'sandbox.sqlite'),
      SANDBOX_DEMO_SITES: String(sites),
      SANDBOX_QUIET: '1',
      SANDBOX_APP_KEY: APP_KEY,
      READMODEL_REFRESH_SECONDS: '86400',
    },
    port,
    health: '/healthz',
    timeoutMs: 180_000,
  });
  try {
    const headers = await session(server.origin, server.origin);
    console.log(
      `readmodel, embedded sandbox (npm start): ${sites.toLocaleString('en')} sites seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    await fullRead(`readmodel, embedded sandbox`, server.origin, headers, sites, { server: server.pid });
  } finally {
    await server.stop();
    dir.remove();
  }
}

/** From the first fleet request to its answer stating `asOf`, other requests one after another meanwhile. */
async function fullRead(
  name: string,
  origin: string,
  headers: Record<string, string>,
  sites: number,
  pids: Record<string, number>,
): Promise<void> {
  const sitesUrl = `${origin}/workspace/fleet/sites`;
  console.log(
    `${name}: load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const cpuBefore = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuSeconds(pid)]));
  const t0 = performance.now();
  await timed(`${sitesUrl}?limit=1`, headers);
  const others: number[] = [];
  for (;;) {
    others.push((await timed(`${origin}/workspace/me`, headers)).ms);
    if (others.length % 10 === 0 && freshness.parse((await timed(`${sitesUrl}?limit=1`, headers)).body).asOf !== null)
      break;
  }
  const refresh = (performance.now() - t0) / 1000;
  const cpu = Object.entries(pids)
    .map(([k, pid]) => `${k} ${(cpuSeconds(pid) - (cpuBefore[k] ?? NaN)).toFixed(1)} s`)
    .join(', ');
  const total = freshness.parse((await timed(`${sitesUrl}?limit=1`, headers)).body).total;
  console.log(
    `${name}: full read of ${total?.toLocaleString('en')} sites in ${refresh.toFixed(1)} s (target ${sites > 10_000 ? '≤ 60' : '≤ 10'} s); ` +
      `other requests meanwhile (${others.length}, one after another): p99 ${p(others, 0.99).toFixed(0)} ms, median ${median(others).toFixed(0)} ms, worst ${Math.max(...others).toFixed(0)} ms (target p99 ≤ 100 ms); ` +
      `CPU meanwhile: ${cpu}`,
  );
}

async function benchSize(sites: number): Promise<void> {
  const dir = temporaryDirectory('readmodel-bench-');
  const place = TEST_DATABASE_URL === null ? null : await postgresPlace();
  const sandboxPort = await freePort();
  const seeded = performance.now();
  const sandbox = await startServer({
    script: 'server/sandbox/main.ts',
    settings: {
      HOST: '127.0.0.1',
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_DB: join(dir.path, 'sandbox.sqlite'),
      SANDBOX_SEED: 'demo',
      SANDBOX_DEMO_SITES: String(sites),
      SANDBOX_QUIET: '1',
      SANDBOX_KEY_DAYS: '365',
      SANDBOX_APP_KEY: APP_KEY,
    },
    port: sandboxPort,
    health: '/sandbox/health',
    timeoutMs: 180_000,
  });
  const port = await freePort();
  const server = await startServer({
    script: 'server/main.ts',
    settings: {
      HOST: '127.0.0.1',
      PORT: String(port),
      PARTNER_API_URL: sandbox.origin,
      PARTNER_APP_KEY: APP_KEY,
      READMODEL_REFRESH_SECONDS: '86400',
      ...(place === null ? { WORKSPACE_DB: join(dir.path, 'workspace.sqlite') } : place.settings),
    },
    port,
    health: '/healthz',
  });
  const engine = place === null ? 'SQLite' : 'PostgreSQL';
  try {
    const headers = await session(server.origin, sandbox.origin);
    console.log(
      `readmodel: ${sites.toLocaleString('en')} sites seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s; workspace on ${engine}`,
    );
    await fullRead('readmodel', server.origin, headers, sites, { server: server.pid, sandbox: sandbox.pid });
    const sitesUrl = `${server.origin}/workspace/fleet/sites`;
    const windows: Record<string, string> = {
      'first rows (by name)': '?limit=50',
      'sort by status, middle': `?sort=status&offset=${Math.floor(sites / 2)}&limit=50`,
      'sort by last scan desc, near the end': `?sort=lastScan&dir=desc&offset=${sites - 100}&limit=50`,
      'sort by threats desc': '?sort=threats&dir=desc&limit=50',
      'sort by patching': '?sort=patching&limit=50',
      'infected, firewall off': '?status=infected&firewall=off&limit=50',
      'scan due': '?scan=due&limit=50',
      // A search as typed, one request per keystroke.
      ...Object.fromEntries(
        ['s', 'si', 'sit', 'site', 'site-', 'site-1', 'site-12', 'site-12x'].map((q) => [
          `search "${q}"`,
          `?q=${encodeURIComponent(q)}&limit=50`,
        ]),
      ),
    };
    for (const [name, query] of Object.entries(windows)) {
      const times: number[] = [];
      for (let i = 0; i < WINDOW_RUNS; i++) times.push((await timed(sitesUrl + query, headers)).ms);
      console.log(`readmodel: window ${name}: ${spread(times)}`);
    }
    const summary: number[] = [];
    for (let i = 0; i < WINDOW_RUNS; i++)
      summary.push((await timed(`${server.origin}/workspace/fleet/summary`, headers)).ms);
    console.log(`readmodel: summary: ${spread(summary)}`);
    console.log(
      `readmodel: load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await server.stop();
    await sandbox.stop();
    await place?.drop();
    dir.remove();
  }
}

/** `npm run bench -- readmodel [10000|100000] [apart|embedded]`: one size, one way of reaching the sandbox. */
export async function benchReadModel(): Promise<void> {
  const [only, way] = process.argv.slice(3);
  for (const sites of SIZES) {
    if (only !== undefined && only !== String(sites)) continue;
    if (way !== 'embedded') await benchSize(sites);
    if (way !== 'apart') await benchEmbedded(sites);
  }
}
