/**
 * Site page benchmark: a 10,000-site demo account
 * (SANDBOX_DEMO_SITES) with 30 days of firewall history, on the real server
 * (`npm start`), in Chromium. The site page asks the server for its one site
 * (docs/workspace.md#the-read-model); its printable report still reads the
 * whole account's `sites_list?withscanreport&withfwhistory` (about 17 MB of
 * JSON; sites_list has no filter by site) for one site's history. Prints, as
 * medians of runs, for the site page and the site report of one demo site:
 * - navigation to the drawn firewall chart: a first visit (no browser cache),
 *   a returning one (the browser's cache), and a click from the sites table,
 * - the longest main-thread task meanwhile (PerformanceObserver 'longtask').
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

async function load({ signedInPage }: DemoStack, url: string, visit: 'cold' | 'warm' = 'cold'): Promise<Run> {
  const page = await signedInPage(undefined, visit);
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

/** From the sites table (searched for the site) to the site page by its link, as staff move about: the click to the chart. */
async function inApp({ base, signedInPage }: DemoStack): Promise<Run> {
  const page = await signedInPage(undefined, 'warm');
  await page.addInitScript(MARKS);
  await page.goto(`${base}/sites?q=${DOMAIN}`);
  const link = page.locator(`tr[data-domain="${DOMAIN}"] a[href="/sites/${DOMAIN}"]`).first();
  await link.waitFor();
  const clicked = z.number().parse(await page.evaluate('window.__marks = {}; performance.now()'));
  await link.click();
  await page.waitForFunction('window.__marks.chart !== undefined', undefined, { timeout: 120_000, polling: 100 });
  const m = marks.parse(await page.evaluate('window.__marks'));
  const during = tasks
    .parse(await page.evaluate('window.__longTasks'))
    .filter(([at]) => at >= clicked && at <= m.chart)
    .map(([, ms]) => Math.round(ms));
  await page.close();
  return { chart: Math.round(m.chart - clicked), longest: Math.max(0, ...during), longTasks: during.length };
}

function report(name: string, runs: readonly Run[]): void {
  const charts = runs.map((r) => r.chart);
  const longest = runs.map((r) => r.longest);
  console.log(
    `${name}: to the firewall chart: median ${median(charts)} ms (min ${Math.min(...charts)}, max ${Math.max(...charts)}, ${runs.length} runs; ${target(500, 500)})`,
  );
  console.log(
    `${name}: longest main-thread task until the chart: median ${median(longest)} ms, worst ${Math.max(...longest)} ms (${runs.map((r) => `${r.longest}/${r.longTasks}`).join(', ')} longest/count; ${target(100, 200)})`,
  );
}

async function runs(measure: () => Promise<Run>): Promise<Run[]> {
  const out: Run[] = [];
  for (let i = 0; i < RUNS; i++) out.push(await measure());
  return out;
}

export async function benchSitePage(): Promise<void> {
  await withDemoStack('site page', async (stack) => {
    const { base } = stack;
    const site = `${base}/sites/${DOMAIN}`;
    // The first answer also finishes the scans that fell due, and fills the sandbox's history cache: once, before
    // measuring; the returning visits' browser cache is filled by it too.
    await load(stack, site, 'warm');
    report('site page, first visit (navigation, no browser cache)', await runs(() => load(stack, site)));
    report('site page, returning visit (navigation, browser cache)', await runs(() => load(stack, site, 'warm')));
    report('site page, from the sites table (a click)', await runs(() => inApp(stack)));
    report('site report, first visit', await runs(() => load(stack, `${site}/report`)));
  });
}
