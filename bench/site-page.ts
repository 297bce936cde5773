/**
 * Site page benchmark: a 10,000-site demo account
 * (SANDBOX_DEMO_SITES) with 30 days of firewall history, on the real server
 * (`npm start`), in Chromium. The site page asks the server for its one site
 * (docs/workspace.md#the-read-model); its printable report still reads the
 * whole account's `sites_list?withscanreport&withfwhistory` (about 17 MB of
 * JSON; sites_list has no filter by site) for one site's history. Prints, as
 * medians of runs, for the site page and the site report of one demo site:
 * - navigation to the drawn firewall chart,
 * - the longest main-thread task from navigation to the chart
 *   (PerformanceObserver 'longtask'; target ≤ 200 ms).
 */
import { z } from 'zod';
import { type DemoStack, median, target, withDemoStack } from './demo-stack.ts';

const RUNS = 5;
/** A demo site with a report and 30 days of history (docs/sandbox.md names it). */
const DOMAIN = 'bakery-rose.example';

/** Recorded in the page from its start: when the chart's bars first show (performance.now()). */
const MARKS = `window.__marks = {};
  new MutationObserver(() => {
    const m = window.__marks;
    if (m.chart === undefined && document.querySelector('[data-testid="firewall-chart"] [data-chart="attacks"] .recharts-bar-rectangle')) m.chart = performance.now();
  }).observe(document, { childList: true, subtree: true });`;

const marks = z.object({ chart: z.number() });
const tasks = z.array(z.tuple([z.number(), z.number()]));

interface Run {
  chart: number;
  longest: number;
  longTasks: number;
}

async function load({ signedInPage }: DemoStack, url: string): Promise<Run> {
  const page = await signedInPage();
  await page.addInitScript(MARKS);
  await page.goto(url);
  await page.waitForFunction('window.__marks.chart !== undefined', undefined, { timeout: 120_000, polling: 100 });
  const m = marks.parse(await page.evaluate('window.__marks'));
  const during = tasks
    .parse(await page.evaluate('window.__longTasks'))
    .filter(([at]) => at <= m.chart)
    .map(([, ms]) => Math.round(ms));
  await page.close();
  return { chart: Math.round(m.chart), longest: Math.max(0, ...during), longTasks: during.length };
}

export async function benchSitePage(): Promise<void> {
  await withDemoStack('site page', async (stack) => {
    const { base } = stack;
    const pages = [
      ['site page', `${base}/sites/${DOMAIN}`],
      ['site report', `${base}/sites/${DOMAIN}/report`],
    ] as const;
    // The first answer also finishes the scans that fell due, and fills the sandbox's history cache: once, before measuring.
    await load(stack, pages[0][1]);
    for (const [name, url] of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await load(stack, url));
      const charts = runs.map((r) => r.chart);
      const longest = runs.map((r) => r.longest);
      console.log(
        `${name}: navigation to the firewall chart: median ${median(charts)} ms (min ${Math.min(...charts)}, max ${Math.max(...charts)}, ${RUNS} runs; ${target(500, 500)})`,
      );
      console.log(
        `${name}: longest main-thread task until the chart: median ${median(longest)} ms, worst ${Math.max(...longest)} ms (${runs.map((r) => `${r.longest}/${r.longTasks}`).join(', ')} longest/count; ${target(100, 200)})`,
      );
    }
  });
}
