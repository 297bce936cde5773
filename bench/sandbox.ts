/**
 * Sandbox benchmark (issue 2): an account with 10,000 sites, over real HTTP to
 * `npm run sandbox` in its own process (as a partner's client would reach it).
 * Prints the median time and JSON size of sites_list?withscanreport&withfwhistory
 * (target ≤ 300 ms) and the time of one sites_add of 1,000 sites (target ≤ 1 s).
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from './util.ts';

const SITES = 10_000;
const BATCH = 1_000;
const RUNS = 15;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

export async function benchSandbox(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/sandbox/main.ts'], {
    env: {
      ...process.env,
      SANDBOX_PORT: String(port),
      SANDBOX_DB: join(dir, 'bench.sqlite'),
      SANDBOX_SEED: 'empty',
      SANDBOX_CONTROL: '1',
      SANDBOX_QUIET: '1',
      SANDBOX_KEY_DAYS: '365',
    },
    stdio: 'ignore',
  });
  const appKey = 'sandbox-application-key';
  const control = (action: string, body: unknown) =>
    fetch(`${base}/sandbox/control/${action}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
  try {
    await waitFor(`${base}/sandbox/health`, 60_000);
    const email = 'bench@partner.example';
    const call = async (target: string, init: RequestInit = {}, key = appKey, mac?: string) => {
      const cookie = `apikey=${key}${mac ? `; apimac=${createHmac('md5', mac).update(target).digest('hex')}` : ''}`;
      const res = await fetch(base + target, { ...init, headers: { ...init.headers, cookie } });
      return res.text();
    };
    await call(`/api/signup/${encodeURIComponent(email)}/`);
    const mails = (await (await fetch(`${base}/sandbox/outbox?to=${encodeURIComponent(email)}`)).json()) as { otp?: string }[];
    const otp = mails[0]?.otp ?? '';
    const signin = JSON.parse(await call(`/api/signin/${encodeURIComponent(email)}/${otp}/`));
    const { key, hmac } = signin.result.privatekey as { key: string; hmac: string };
    await control('plan', { email, siteLimit: SITES * 2 });

    const addTimes: number[] = [];
    for (let b = 0; b < SITES / BATCH; b++) {
      const body = JSON.stringify(
        Array.from({ length: BATCH }, (_, i) => {
          const n = b * BATCH + i;
          return n % 10 === 0 ? { name: `https://site-${n}.bench.example/` } : `site-${n}.bench.example`;
        }),
      );
      const t0 = performance.now();
      const text = await call('/api/sites_add/', { method: 'POST', body, headers: { 'content-type': 'application/json' } }, key, hmac);
      addTimes.push(performance.now() - t0);
      const env = JSON.parse(text);
      if (env.error !== 0 || Object.keys(env.result).length !== 0) throw new Error(`sites_add failed: ${text.slice(0, 300)}`);
    }
    // Let the first scheduled scan of every site run, so each has a report.
    await control('clock', { advance: 3600 });

    const target = '/api/sites_list/?withscanreport&withfwhistory';
    const measure = async (label: string) => {
      let size = 0;
      let count = 0;
      const times: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const t0 = performance.now();
        const text = await call(target, {}, key, hmac);
        const ms = performance.now() - t0;
        if (i >= 2) times.push(ms); // the first two warm the caches and run the due scans
        size = Buffer.byteLength(text);
        const env = JSON.parse(text);
        count = env.result.length;
        if (env.error !== 0 || env.result.some((s: { scanreport: unknown }) => s.scanreport === null)) {
          throw new Error('sites_list answered an error or a site without report');
        }
      }
      console.log(`sandbox: sites_list?withscanreport&withfwhistory, ${count.toLocaleString('en')} sites, ${label}, over HTTP`);
      console.log(
        `  median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}, ${RUNS} runs; target ≤ 300 ms); JSON ${(size / 1024 / 1024).toFixed(2)} MiB`,
      );
    };
    await measure('sites added today');
    // Thirty days later every site has a full firewall history: the largest answer.
    await control('clock', { advance: 31 * 86400 });
    await measure('30 days of firewall history each');
    console.log(
      `sandbox: sites_add of ${BATCH.toLocaleString('en')} sites: first ${addTimes[0]?.toFixed(0)} ms, median ${median(addTimes).toFixed(0)} ms, last (into ${(SITES - BATCH).toLocaleString('en')}) ${addTimes.at(-1)?.toFixed(0)} ms (target ≤ 1000 ms)`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}
