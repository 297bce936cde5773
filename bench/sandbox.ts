/**
 * Sandbox benchmark: the demo account of 10,000 sites
 * (SANDBOX_DEMO_SITES=10000, every site with its reports and 30 days of
 * firewall history), over real HTTP.
 *
 * - Seeding: a first start with the demo seed of 10,000, 20,000 and 100,000
 *   sites into a new database file (targets: ≤ 20 s for 10,000, ≤ 60 s for 100,000).
 * - Direct: to `npm run sandbox` in its own process (as a partner's client
 *   would reach it). Prints the median time and JSON size of
 *   sites_list?withscanreport&withfwhistory (target ≤ 300 ms), the time of one
 *   sites_add of 1,000 sites into another account (target ≤ 1 s), and that
 *   account's sites_list (the figure before the demo seed, for comparison).
 * - Through the proxy: to `npm start` (server/main.ts, the sandbox in-process),
 *   as the dashboard reaches it, with Accept-Encoding gzip and br. Prints the
 *   median time until the last compressed byte, and the compressed size.
 *
 * Both servers get only the settings stated here (test-support/servers.ts serverEnv).
 */
import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { createSandbox } from '../server/sandbox/app.ts';
import { sandboxConfigFromEnv } from '../server/sandbox/config.ts';
import { freePort, startServer, temporaryDirectory } from '../test-support/servers.ts';
import { planFlood, planFloodNeighbour } from './sandbox-flood.ts';
import { benchAcceptedAdd } from './sandbox-hold.ts';

/** The demo account's size, and how many sites the sites_add bench adds by hand. */
const SITES = 10_000;
const DEMO_EMAIL = 'demo@partner.example';
const SEED_RUNS = 3;
const BATCH = 1_000;
const RUNS = 15;
/** Fewer through the proxy: each run also compresses 10 to 17 MiB. */
const PROXY_RUNS = 9;
const WARM_UP = 2;
/** Stated, and read from here: the bench never guesses the key a server runs with. */
const APP_KEY = 'bench-application-key';
const TARGET = '/api/sites_list/?withscanreport&withfwhistory';

const envelope = z.looseObject({ error: z.number(), result: z.unknown() });
const signinResult = z.looseObject({ privatekey: z.object({ key: z.string(), hmac: z.string() }) });
const outbox = z.array(z.looseObject({ otp: z.string().optional() }));
const siteList = z.array(z.looseObject({ scanreport: z.unknown() }));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

function stats(times: number[], runs: number, target: string): string {
  return `median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}, ${runs} runs; ${target})`;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

/**
 * How a client presents a key: as the apikey/apimac cookies straight to the
 * sandbox (docs/partner-api.md#keys), or as X-Apikey/X-Apimac to the proxy, which makes the
 * cookies (and attaches the application key to signup/signin itself).
 */
type Via = 'sandbox' | 'proxy';

function credentials(via: Via, target: string, key: string | null, mac?: string): Record<string, string> {
  const signature = mac === undefined ? undefined : createHmac('md5', mac).update(target).digest('hex');
  if (via === 'proxy') {
    if (key === null) return {};
    return { 'x-apikey': key, ...(signature === undefined ? {} : { 'x-apimac': signature }) };
  }
  return { cookie: `apikey=${key ?? APP_KEY}${signature === undefined ? '' : `; apimac=${signature}`}` };
}

interface Account {
  key: string;
  hmac: string;
}

/** Signs up and in by the code in the outbox; the proxy attaches the application key itself. */
async function signIn(base: string, via: Via, email: string): Promise<Account> {
  await fetch(`${base}/api/signup/${encodeURIComponent(email)}/`, { headers: credentials(via, '', null) });
  const mails = outbox.parse(await (await fetch(`${base}/sandbox/outbox?to=${encodeURIComponent(email)}`)).json());
  const target = `/api/signin/${encodeURIComponent(email)}/${mails[0]?.otp ?? ''}/`;
  const signin = envelope.parse(await (await fetch(base + target, { headers: credentials(via, target, null) })).json());
  return signinResult.parse(signin.result).privatekey;
}

/** POST /sandbox/control/<action>. */
async function control(base: string, action: string, body: unknown): Promise<void> {
  const res = await fetch(`${base}/sandbox/control/${action}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  if (!res.ok) throw new Error(`control ${action} failed: HTTP ${res.status}`);
}

/**
 * sites_add of SITES sites by hand (plain ASCII names), in batches of BATCH, into
 * an account of their own; the time of each. Then 31 days pass, so each has a
 * report and 30 days of history: the account every figure came from before
 * SANDBOX_DEMO_SITES.
 */
async function addSites(base: string): Promise<{ account: Account; addTimes: number[] }> {
  const email = 'bench@partner.example';
  const account = await signIn(base, 'sandbox', email);
  await control(base, 'plan', { email, siteLimit: SITES * 2 });
  const addTimes: number[] = [];
  for (let b = 0; b < SITES / BATCH; b++) {
    const body = JSON.stringify(
      Array.from({ length: BATCH }, (_, i) => {
        const n = b * BATCH + i;
        return n % 10 === 0 ? { name: `https://site-${n}.bench.example/` } : `site-${n}.bench.example`;
      }),
    );
    const target = '/api/sites_add/';
    const t0 = performance.now();
    const res = await fetch(base + target, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...credentials('sandbox', target, account.key, account.hmac) },
    });
    const text = await res.text();
    addTimes.push(performance.now() - t0);
    const added = envelope.parse(JSON.parse(text));
    if (added.error !== 0 || JSON.stringify(added.result) !== '{}')
      throw new Error(`sites_add failed: ${text.slice(0, 300)}`);
  }
  await control(base, 'clock', { advance: 31 * 86400 });
  return { account, addTimes };
}

/** The demo account's sites_list: every site there, with its history; a few never scanned. */
function checkList(text: string): number {
  const answer = envelope.parse(JSON.parse(text));
  const sites = siteList.parse(answer.result);
  const unscanned = sites.filter((site) => site.scanreport === null).length;
  if (answer.error !== 0 || sites.length !== SITES || unscanned > SITES * 0.1) {
    throw new Error('sites_list answered an error, another number of sites, or too few reports');
  }
  return sites.length;
}

/** A first start with the demo seed into a new file (open, migrate, seed), as `npm start` makes it. */
function benchSeed(dir: string): void {
  for (const sites of [SITES, 2 * SITES, 10 * SITES]) {
    const times: number[] = [];
    for (let run = 0; run < SEED_RUNS; run++) {
      const config = sandboxConfigFromEnv({ SANDBOX_DEMO_SITES: String(sites), SANDBOX_QUIET: '1' });
      const t0 = performance.now();
      const sandbox = createSandbox({ ...config, dbPath: join(dir, `seed-${sites}-${run}.sqlite`) }, () => {});
      times.push(performance.now() - t0);
      sandbox.close();
    }
    console.log(
      `sandbox: first start with the demo seed, ${sites.toLocaleString('en')} sites (SANDBOX_DEMO_SITES=${sites}), into a new file`,
    );
    console.log(
      `  ${stats(times, SEED_RUNS, sites > 2 * SITES ? 'target ≤ 60,000 ms' : 'target ≤ 20,000 ms for 10,000 sites')}`,
    );
  }
}

/** sites_list straight to `npm run sandbox`, uncompressed. */
async function measureDirect(base: string, account: Account, label: string): Promise<void> {
  let size = 0;
  let count = 0;
  const times: number[] = [];
  for (let i = 0; i < RUNS + WARM_UP; i++) {
    const t0 = performance.now();
    const res = await fetch(base + TARGET, { headers: credentials('sandbox', TARGET, account.key, account.hmac) });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (i >= WARM_UP) times.push(ms); // the first runs warm the caches and run the due scans
    size = Buffer.byteLength(text);
    count = checkList(text);
  }
  console.log(
    `sandbox: sites_list?withscanreport&withfwhistory, ${count.toLocaleString('en')} sites, ${label}, over HTTP`,
  );
  console.log(`  ${stats(times, RUNS, 'target ≤ 300 ms')}; JSON ${mib(size)}`);
}

/** One GET whose answer is kept compressed (fetch would decode it). */
function getCompressed(
  agent: Agent,
  base: string,
  headers: Record<string, string>,
): Promise<{ ms: number; body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(`${base}${TARGET}`, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const encoding = res.headers['content-encoding'];
        resolve({ ms: performance.now() - t0, body: Buffer.concat(chunks), encoding });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** sites_list through the proxy, compressed as a browser asks for it. */
async function measureProxy(base: string, account: Account, label: string): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const encoding of ['gzip', 'br'] as const) {
      const headers = { ...credentials('proxy', TARGET, account.key, account.hmac), 'accept-encoding': encoding };
      const times: number[] = [];
      let size = 0;
      let count = 0;
      for (let i = 0; i < PROXY_RUNS + WARM_UP; i++) {
        const answer = await getCompressed(agent, base, headers);
        if (answer.encoding !== encoding)
          throw new Error(`the proxy answered Content-Encoding ${answer.encoding ?? 'none'}, not ${encoding}`);
        if (i >= WARM_UP) times.push(answer.ms);
        size = answer.body.byteLength;
        // Checked once: decoding and parsing 17 MiB is not what is measured.
        if (i === 0)
          count = checkList(
            (encoding === 'br' ? brotliDecompressSync(answer.body) : gunzipSync(answer.body)).toString('utf8'),
          );
      }
      console.log(
        `proxy: sites_list?withscanreport&withfwhistory, ${count.toLocaleString('en')} sites, ${label}, through npm start, ${encoding}`,
      );
      console.log(
        `  ${stats(times, PROXY_RUNS, 'compression included; no target of its own')}; ${encoding} ${mib(size)}`,
      );
    }
  } finally {
    agent.destroy();
  }
}

/** A sites_add of 10,000 entries over the plan, in each name form (bench/sandbox-flood.ts). */
async function measurePlanFlood(base: string): Promise<void> {
  const account = await signIn(base, 'sandbox', 'flood@partner.example');
  const target = '/api/sites_add/';
  const post = async (body: string) => {
    const res = await fetch(base + target, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...credentials('sandbox', target, account.key, account.hmac) },
    });
    return res.json();
  };
  await planFlood(RUNS, post);
  const neighbour = await signIn(base, 'sandbox', 'neighbour@partner.example');
  const list = '/api/sites_list/';
  await planFloodNeighbour(post, async () => {
    const res = await fetch(base + list, { headers: credentials('sandbox', list, neighbour.key, neighbour.hmac) });
    return res.json();
  });
}

export async function benchSandbox(): Promise<void> {
  const dir = temporaryDirectory('sandbox-bench-');
  const sandboxSettings = {
    SANDBOX_SEED: 'demo',
    SANDBOX_DEMO_SITES: String(SITES),
    SANDBOX_CONTROL: '1',
    SANDBOX_QUIET: '1',
    SANDBOX_KEY_DAYS: '365',
    SANDBOX_APP_KEY: APP_KEY,
  };
  const label = `demo account (SANDBOX_DEMO_SITES=${SITES})`;
  try {
    benchSeed(dir.path);
    await benchAcceptedAdd(dir.path);
    const sandboxPort = await freePort();
    const sandbox = await startServer({
      script: 'server/sandbox/main.ts',
      settings: {
        ...sandboxSettings,
        HOST: '127.0.0.1',
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_DB: join(dir.path, 'direct.sqlite'),
      },
      port: sandboxPort,
      health: '/sandbox/health',
    });
    let addTimes: number[];
    try {
      await measureDirect(sandbox.origin, await signIn(sandbox.origin, 'sandbox', DEMO_EMAIL), label);
      const byHand = await addSites(sandbox.origin);
      addTimes = byHand.addTimes;
      // The figure before SANDBOX_DEMO_SITES, for comparison: the demo's IDN names (about 1 in 11)
      // make V8 build two-byte strings, which costs the demo account's answer some time.
      await measureDirect(sandbox.origin, byHand.account, 'plain names added by hand, 30 days of history each');
      await measurePlanFlood(sandbox.origin);
    } finally {
      await sandbox.stop();
    }
    console.log(
      `sandbox: sites_add of ${BATCH.toLocaleString('en')} sites: first ${addTimes[0]?.toFixed(0)} ms, median ${median(addTimes).toFixed(0)} ms, last (into ${(SITES - BATCH).toLocaleString('en')}) ${addTimes.at(-1)?.toFixed(0)} ms (target ≤ 1000 ms)`,
    );

    const proxyPort = await freePort();
    const server = await startServer({
      script: 'server/main.ts',
      // Sandbox mode (PARTNER_API_URL blank), on loopback, as SANDBOX_CONTROL requires.
      settings: {
        ...sandboxSettings,
        HOST: '127.0.0.1',
        PORT: String(proxyPort),
        SANDBOX_DB: join(dir.path, 'proxy.sqlite'),
      },
      port: proxyPort,
      health: '/healthz',
    });
    try {
      await measureProxy(server.origin, await signIn(server.origin, 'proxy', DEMO_EMAIL), label);
    } finally {
      await server.stop();
    }
  } finally {
    dir.remove();
  }
}
