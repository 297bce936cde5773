/**
 * Part of the sandbox bench (bench/sandbox.ts): how long an accepted sites_add of
 * 10,000 new sites, into an account the control surface raised past the plan,
 * holds the sandbox's event loop, during which no other request is served
 * (target ≤ 50 ms; docs/sandbox.md, "Sites"). The sandbox runs in this process,
 * served over HTTP as `npm run sandbox` serves it, so the loop can be watched: a
 * timer ticking every millisecond finds the longest gap between two ticks, and
 * the process's CPU time in that gap (on a busy machine the gap grows with the
 * other processes' share of the cores; the CPU time is the work itself). The
 * request goes over loopback.
 */
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import { z } from 'zod';
import { createGuardedServer } from '../server/http-server.ts';
import { createSandbox } from '../server/sandbox/app.ts';
import { sandboxConfigFromEnv } from '../server/sandbox/config.ts';
import { badRequestAnswer } from '../server/sandbox/http/envelope.ts';
import { SECURITY_HEADERS } from '../server/sandbox/http/security-headers.ts';

const RUNS = 7;
const SITES = 10_000;
const EMAIL = 'hold@partner.example';

/** The names' forms: plain (the quick reading) and one every entry of which takes the full check (URL parser). */
const FORMS: ReadonlyArray<readonly [string, (run: number, i: number) => string]> = [
  ['plain', (run, i) => `hold-${run}-${i}.bench.example`],
  ['full check', (run, i) => `https://%68eld-${run}-${i}.bench.example/`],
];

const envelope = z.looseObject({ error: z.number(), result: z.unknown() });
const signin = z.looseObject({ privatekey: z.object({ key: z.string(), hmac: z.string() }) });
const outbox = z.array(z.looseObject({ otp: z.string().optional() }));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

async function signIn(base: string, appKey: string): Promise<{ key: string; hmac: string }> {
  const app = { cookie: `apikey=${appKey}` };
  await fetch(`${base}/api/signup/${encodeURIComponent(EMAIL)}/`, { headers: app });
  const mails = outbox.parse(await (await fetch(`${base}/sandbox/outbox?to=${encodeURIComponent(EMAIL)}`)).json());
  const target = `/api/signin/${encodeURIComponent(EMAIL)}/${mails[0]?.otp ?? ''}/`;
  return signin.parse(envelope.parse(await (await fetch(base + target, { headers: app })).json()).result).privatekey;
}

/** The longest gap between ticks of a 1 ms timer while it runs, and the CPU time spent in it. */
function watchLoop(): { stop(): { heldMs: number; cpuMs: number } } {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let heldMs = 0;
  let cpuMs = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = process.cpuUsage();
    if (now - last > heldMs) {
      heldMs = now - last;
      cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
    }
    last = now;
    lastCpu = cpu;
  };
  const timer = setInterval(tick, 1);
  return {
    stop: () => {
      tick();
      clearInterval(timer);
      return { heldMs, cpuMs };
    },
  };
}

/** One sites_add: the whole request's time and the longest the event loop was held meanwhile. */
async function measuredAdd(base: string, account: { key: string; hmac: string }, body: string) {
  const target = '/api/sites_add/';
  const mac = createHmac('md5', account.hmac).update(target).digest('hex');
  const loop = watchLoop();
  await sleep(5);
  const t0 = performance.now();
  const res = await fetch(base + target, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', cookie: `apikey=${account.key}; apimac=${mac}` },
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  await sleep(5);
  const held = loop.stop();
  const answer = envelope.parse(JSON.parse(text));
  if (answer.error !== 0 || JSON.stringify(answer.result) !== '{}') {
    throw new Error(`sites_add failed: ${text.slice(0, 300)}`);
  }
  return { ms, ...held };
}

export async function benchAcceptedAdd(dir: string): Promise<void> {
  const config = sandboxConfigFromEnv({ SANDBOX_SEED: 'empty', SANDBOX_CONTROL: '1', SANDBOX_QUIET: '1' });
  const sandbox = createSandbox({ ...config, dbPath: join(dir, 'hold.sqlite') }, () => {});
  const server = serve({
    fetch: sandbox.app.fetch,
    port: 0,
    hostname: '127.0.0.1',
    createServer: createGuardedServer(badRequestAnswer, Object.entries(SECURITY_HEADERS)),
  });
  try {
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const account = await signIn(base, config.appKey);
    await fetch(`${base}/sandbox/control/plan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, siteLimit: SITES * RUNS * FORMS.length }),
    });
    for (const [form, name] of FORMS) {
      const held: number[] = [];
      const cpu: number[] = [];
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const body = JSON.stringify(Array.from({ length: SITES }, (_, i) => name(run, i)));
        const { ms, heldMs, cpuMs } = await measuredAdd(base, account, body);
        held.push(heldMs);
        cpu.push(cpuMs);
        times.push(ms);
      }
      console.log(
        `sandbox: accepted sites_add of 10,000 new sites (${form}) into an account raised past the plan: longest event-loop block median ${median(held).toFixed(0)} ms, max ${Math.max(...held).toFixed(0)} ms (CPU time in it: median ${median(cpu).toFixed(0)} ms, max ${Math.max(...cpu).toFixed(0)}; ${RUNS} runs, the account growing to ${(SITES * RUNS * FORMS.length).toLocaleString('en')}; target ≤ 50 ms); whole request median ${median(times).toFixed(0)} ms`,
      );
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    sandbox.close();
  }
}
