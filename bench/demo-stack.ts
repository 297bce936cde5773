/**
 * What the browser benches share (sites, overview, site page): the real server
 * (`npm start`) on a fresh sandbox with a demo account of DEMO_SITES sites
 * (SANDBOX_DEMO_SITES), Chromium, and pages signed in as the demo account that
 * record their long tasks from the start.
 */
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { z } from 'zod';
import { chromiumExecutable } from '../test-support/chromium.ts';
import { freePort, startServer, temporaryDirectory, type RunningServer } from '../test-support/servers.ts';

/** 10,000 unless SANDBOX_DEMO_SITES says otherwise (`SANDBOX_DEMO_SITES=100000 npm run bench -- overview`). */
export const DEMO_SITES = Number(process.env.SANDBOX_DEMO_SITES || 10_000);

/** The embedded sandbox with its 60-site demo on loopback, whatever server settings the shell holds; its database in `dir`. */
export async function startSmallDemo(dir: string): Promise<RunningServer> {
  const port = await freePort();
  return startServer({
    script: 'server/main.ts',
    settings: { PORT: String(port), HOST: '127.0.0.1', SANDBOX_DB: join(dir, 'db.sqlite'), SANDBOX_QUIET: '1' },
    port,
    health: '/healthz',
  });
}

/** The read model's target for this fleet's size: up to 10,000 sites the first, beyond it the second. */
export function target(at10k: number, at100k: number): string {
  return `target ≤ ${(DEMO_SITES <= 10_000 ? at10k : at100k).toLocaleString('en')} ms`;
}
/**
 * For the page's init script, in its MutationObserver over `window.__marks` (`m`): a reader who goes
 * straight to the chart, which draws once near the screen (src/components/charts/firewall-chart.tsx),
 * scrolled to as soon as its card shows, in the next frame's layout.
 */
export const SCROLL_TO_CHART = `const card = document.querySelector('[data-testid="firewall-chart"]');
    if (card && !m.scrolled) { m.scrolled = true; requestAnimationFrame(() => card.scrollIntoView({ block: 'center' })); }`;
const DEMO = 'demo@partner.example';

const longTasks = z.array(z.tuple([z.number(), z.number()]));

/** The durations (ms, rounded) of the page's long tasks that started from `from` to `to` (performance.now()). */
export async function longTasksBetween(page: Page, from: number, to: number): Promise<number[]> {
  return longTasks
    .parse(await page.evaluate('window.__longTasks'))
    .filter(([at]) => at >= from && at <= to)
    .map(([, ms]) => Math.round(ms));
}

const outbox = z.array(z.looseObject({ otp: z.string().optional() }));
const signin = z.looseObject({
  result: z.looseObject({
    privatekey: z.looseObject({ key: z.string(), hmac: z.string() }),
    keydata: z.looseObject({ expires: z.number() }),
  }),
});

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/** The demo account's keys, as the dashboard stores them (`psd.session`, src/lib/session.ts). */
export async function demoSession(base: string): Promise<string> {
  await fetch(`${base}/api/signup/${encodeURIComponent(DEMO)}/`);
  const mails = outbox.parse(await (await fetch(`${base}/sandbox/outbox?to=${encodeURIComponent(DEMO)}`)).json());
  const otp = mails.find((m) => m.otp)?.otp ?? '';
  const answer = signin.parse(await (await fetch(`${base}/api/signin/${encodeURIComponent(DEMO)}/${otp}/`)).json());
  const { key, hmac } = answer.result.privatekey;
  return JSON.stringify({
    v: 1,
    apiKey: key,
    macKey: hmac,
    expires: answer.result.keydata.expires,
    email: DEMO,
    kind: 'signin',
  });
}

export interface DemoStack {
  /** The server's origin, e.g. http://127.0.0.1:41234. */
  base: string;
  browser: Browser;
  /**
   * A new page signed in as the demo account, recording long tasks (`window.__longTasks`) from its start;
   * 1280×800 unless given. A first visit's (`cold`, the default): a browser context of its own, no HTTP
   * cache, no compiled code; a returning visit's (`warm`): one browser profile on disk for the whole
   * bench, whose HTTP cache and V8 code cache earlier pages filled, as a colleague's browser has them
   * the day after. (A second in-memory context, as Playwright makes them, keeps no code cache: the
   * browser compiled every script anew and the "returning" visit measured a first one, 20–35 % slower.)
   */
  signedInPage(viewport?: { width: number; height: number }, visit?: 'cold' | 'warm'): Promise<Page>;
}

/** Runs `bench` against a fresh server with the demo account and Chromium, and removes both after. */
export async function withDemoStack(name: string, bench: (stack: DemoStack) => Promise<void>): Promise<void> {
  const port = await freePort();
  const dir = temporaryDirectory(`${name}-bench-`);
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let returning: BrowserContext | undefined;
  try {
    const seeded = Date.now();
    server = await startServer({
      script: 'server/main.ts',
      settings: {
        PORT: String(port),
        HOST: '127.0.0.1',
        SANDBOX_DB: join(dir.path, 'db.sqlite'),
        SANDBOX_DEMO_SITES: String(DEMO_SITES),
        SANDBOX_QUIET: '1',
      },
      port,
      health: '/healthz',
    });
    const base = server.origin;
    const session = await demoSession(base);
    console.log(
      `${name}: demo account with ${DEMO_SITES.toLocaleString('en')} sites ready in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const executablePath = chromiumExecutable(() => chromium.executablePath(), process.env, 'benches');
    const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
    const launched = await chromium.launch({ executablePath, args });
    browser = launched;
    const start = `sessionStorage.setItem('psd.session', ${JSON.stringify(session)});
           window.__longTasks = [];
           new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
             .observe({ type: 'longtask', buffered: true });`;
    // bypassCSP: the bench's own probes (waitForFunction) evaluate strings, which the dashboard's CSP forbids.
    const warm = await chromium.launchPersistentContext(join(dir.path, 'profile'), {
      executablePath,
      args,
      bypassCSP: true,
    });
    returning = warm;
    await warm.addInitScript(start);
    await bench({
      base,
      browser: launched,
      async signedInPage(viewport = { width: 1280, height: 800 }, visit = 'cold') {
        if (visit === 'warm') {
          const page = await warm.newPage();
          await page.setViewportSize(viewport);
          return page;
        }
        const page = await launched.newPage({ viewport, bypassCSP: true });
        await page.addInitScript(start);
        return page;
      },
    });
  } finally {
    await returning?.close();
    await browser?.close();
    await server?.stop();
    dir.remove();
  }
}

/**
 * Waits for the server's first read of the fleet (the read model) to end, so what follows is measured on
 * it, not beside a read of the whole account: at most three minutes (100,000 sites: about 50 s idle).
 */
export async function firstReadDone({ base, signedInPage }: DemoStack, name: string): Promise<void> {
  const page = await signedInPage();
  await page.goto(`${base}/sites`);
  await page.locator('tr[data-domain]').first().waitFor({ timeout: 180_000 });
  const settled = await page
    .waitForFunction(
      `!(document.querySelector('[data-testid=sites-freshness]')?.textContent ?? 'updating').includes('updating')`,
      undefined,
      { timeout: 180_000, polling: 500 },
    )
    .then(
      () => true,
      () => false,
    );
  if (!settled) console.log(`${name}: the read model was still reading the fleet after 3 minutes; measured meanwhile`);
  await page.close();
}
