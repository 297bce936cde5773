/**
 * Overview benchmark: a 10,000-site demo account (SANDBOX_DEMO_SITES)
 * with 30 days of firewall history, on the real server (`npm start`), in
 * Chromium. The page asks the server for the fleet's figures, summed from its
 * read model (docs/workspace.md#the-read-model); the first visit waits for
 * the server's first read of the fleet (the warm-up). Prints, as medians of runs:
 * - navigation to the counters, and to the drawn firewall chart: a first
 *   visit (no browser cache), a returning one (the browser's cache), and a
 *   click from the sites table,
 * - the longest main-thread task from navigation to the chart (PerformanceObserver
 *   'longtask'; target ≤ 200 ms),
 * - the gzip size of the chart chunk (Recharts).
 */
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { type DemoStack, longTasksBetween, median, SCROLL_TO_CHART, target, withDemoStack } from './demo-stack.ts';

const RUNS = 5;

/** Recorded in the page from its start: when the counters and the chart's bars first show (performance.now()). */
const MARKS = `window.__marks = {};
  new MutationObserver(() => {
    const m = window.__marks;
    if (m.counters === undefined && document.querySelector('[data-counter="sites"]')) m.counters = performance.now();
    if (m.chart === undefined && document.querySelector('[data-testid="firewall-chart"] [data-chart="attacks"] .recharts-bar-rectangle')) m.chart = performance.now();
    ${SCROLL_TO_CHART}
  }).observe(document, { childList: true, subtree: true });`;

const marks = z.object({ counters: z.number(), chart: z.number() });

interface Run {
  counters: number;
  chart: number;
  longest: number;
  longTasks: number;
  scripts: Map<string, Buffer>;
}

async function load(
  { base, signedInPage }: DemoStack,
  timeout = 120_000,
  visit: 'cold' | 'warm' = 'cold',
): Promise<Run> {
  const page = await signedInPage(undefined, visit);
  await page.addInitScript(MARKS);
  const scripts = new Map<string, Buffer>();
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script' || /\.js$/.test(new URL(res.url()).pathname)) {
      scripts.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
    }
  });
  await page.goto(`${base}/`);
  await page.waitForFunction('window.__marks.chart !== undefined', undefined, { timeout, polling: 100 });
  const m = marks.parse(await page.evaluate('window.__marks'));
  const during = await longTasksBetween(page, 0, m.chart);
  await page.close();
  return {
    counters: Math.round(m.counters),
    chart: Math.round(m.chart),
    longest: Math.max(0, ...during),
    longTasks: during.length,
    scripts,
  };
}

/** From the sites table to the overview by the navigation's link, as staff move about: the click to the counters and chart. */
async function inApp({ base, signedInPage }: DemoStack): Promise<Run> {
  const page = await signedInPage(undefined, 'warm');
  await page.addInitScript(MARKS);
  await page.goto(`${base}/sites`);
  await page.locator('tr[data-domain]').first().waitFor();
  const clicked = z.number().parse(await page.evaluate('window.__marks = {}; performance.now()'));
  await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).first().click();
  await page.waitForFunction('window.__marks.chart !== undefined', undefined, { timeout: 120_000, polling: 100 });
  const m = marks.parse(await page.evaluate('window.__marks'));
  const during = await longTasksBetween(page, clicked, m.chart);
  await page.close();
  return {
    counters: Math.round(m.counters - clicked),
    chart: Math.round(m.chart - clicked),
    longest: Math.max(0, ...during),
    longTasks: during.length,
    scripts: new Map(),
  };
}

function gzipKiB(body: Buffer | undefined): string {
  return body ? `${(gzipSync(body, { level: 9 }).byteLength / 1024).toFixed(1)} KiB gzip` : 'not loaded';
}

export async function benchOverview(): Promise<void> {
  await withDemoStack('overview', async (stack) => {
    const { base, signedInPage } = stack;
    // The first answer also finishes the scans that fell due, and fills the sandbox's history cache: once, before
    // measuring. It waits for the server's first read of the fleet (minutes at 100,000 sites on a busy machine).
    const warm = await load(stack, 600_000);
    const days = await (async () => {
      const page = await signedInPage();
      await page.goto(`${base}/`);
      await page.getByRole('button', { name: 'Table' }).click();
      const rows = await page.locator('[data-testid="firewall-chart"] tbody tr').count();
      await page.close();
      return rows;
    })();

    console.log(`overview: ${days} days in the fleet's firewall table`);
    const visits = [
      ['first visit (navigation, no browser cache)', () => load(stack)],
      ['returning visit (navigation, browser cache)', () => load(stack, 120_000, 'warm')],
      ['from the sites table (a click)', () => inApp(stack)],
    ] as const;
    await load(stack, 120_000, 'warm');
    for (const [visit, measure] of visits) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure());
      const counters = runs.map((r) => r.counters);
      const charts = runs.map((r) => r.chart);
      const longest = runs.map((r) => r.longest);
      const range = (xs: number[]) => `min ${Math.min(...xs)}, max ${Math.max(...xs)}, ${RUNS} runs`;
      console.log(
        `overview, ${visit}: to the counters: median ${median(counters)} ms (${range(counters)}; ${target(500, 1000)})`,
      );
      console.log(
        `overview, ${visit}: to the firewall chart: median ${median(charts)} ms (${range(charts)}; ${target(800, 1500)})`,
      );
      console.log(
        `overview, ${visit}: longest main-thread task until the chart: median ${median(longest)} ms, worst ${Math.max(...longest)} ms (${runs.map((r) => `${r.longest}/${r.longTasks}`).join(', ')} longest/count; ${target(100, 200)})`,
      );
    }
    const find = (re: RegExp) => [...warm.scripts].find(([url]) => re.test(new URL(url).pathname))?.[1];
    console.log(
      `overview: chart chunk (Recharts, firewall-chart-graphic): ${gzipKiB(find(/firewall-chart-graphic-[^/]*\.js$/))}`,
    );
  });
}
