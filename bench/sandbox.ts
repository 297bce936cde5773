/**
 * Sandbox benchmark (issue 2): an account with 10,000 sites, over real HTTP.
 * Prints the median time and JSON size of sites_list?withscanreport&withfwhistory
 * (target ≤ 300 ms) and the time of one sites_add of 1,000 sites (target ≤ 1 s).
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createSandbox } from '../server/sandbox/app.ts';
import { testSandboxConfig } from '../server/sandbox/config.ts';
import { readOutbox } from '../server/sandbox/outbox.ts';

const SITES = 10_000;
const BATCH = 1_000;
const RUNS = 15;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

export async function benchSandbox(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
  const sandbox = createSandbox(testSandboxConfig({ dbPath: join(dir, 'bench.sqlite'), scanSeconds: 5 }));
  const server = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const email = 'bench@partner.example';
    const appKey = sandbox.config.appKey;
    const call = async (target: string, init: RequestInit = {}, key = appKey, mac?: string) => {
      const cookie = `apikey=${key}${mac ? `; apimac=${createHmac('md5', mac).update(target).digest('hex')}` : ''}`;
      const res = await fetch(base + target, { ...init, headers: { ...init.headers, cookie } });
      return res.text();
    };
    await call(`/api/signup/${encodeURIComponent(email)}/`);
    const otp = readOutbox(sandbox.state, email)[0]?.otp ?? '';
    const signin = JSON.parse(await call(`/api/signin/${encodeURIComponent(email)}/${otp}/`));
    const { key, hmac } = signin.result.privatekey as { key: string; hmac: string };
    await fetch(`${base}/sandbox/control/plan`, {
      method: 'POST',
      body: JSON.stringify({ email, siteLimit: SITES * 2 }),
      headers: { 'content-type': 'application/json' },
    });

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
    await fetch(`${base}/sandbox/control/clock`, {
      method: 'POST',
      body: JSON.stringify({ advance: 3600 }),
      headers: { 'content-type': 'application/json' },
    });

    const target = '/api/sites_list/?withscanreport&withfwhistory';
    let size = 0;
    let count = 0;
    const listTimes: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const t0 = performance.now();
      const text = await call(target, {}, key, hmac);
      const ms = performance.now() - t0;
      if (i >= 2) listTimes.push(ms); // the first two warm the caches and run the due scans
      size = Buffer.byteLength(text);
      const env = JSON.parse(text);
      count = env.result.length;
      if (env.error !== 0 || env.result.some((s: { scanreport: unknown }) => s.scanreport === null)) {
        throw new Error('sites_list answered an error or a site without report');
      }
    }
    console.log(`sandbox: sites_list?withscanreport&withfwhistory, ${count.toLocaleString('en')} sites, over HTTP`);
    console.log(`  median ${median(listTimes).toFixed(0)} ms (min ${Math.min(...listTimes).toFixed(0)}, max ${Math.max(...listTimes).toFixed(0)}, ${RUNS} runs; target ≤ 300 ms)`);
    console.log(`  JSON size ${(size / 1024 / 1024).toFixed(2)} MiB (${size.toLocaleString('en')} bytes)`);
    console.log(
      `sandbox: sites_add of ${BATCH.toLocaleString('en')} sites: first ${addTimes[0]?.toFixed(0)} ms, median ${median(addTimes).toFixed(0)} ms, last (into ${(SITES - BATCH).toLocaleString('en')}) ${addTimes.at(-1)?.toFixed(0)} ms (target ≤ 1000 ms)`,
    );
  } finally {
    server.close();
    sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
