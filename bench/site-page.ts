/**
 * Site page benchmark: a 10,000-site demo account
 * (SANDBOX_DEMO_SITES) with 30 days of firewall history, on the real server
 * (`npm start`), in Chromium. The site page asks the server for its one site
 * (docs/workspace.md#the-read-model), and so does its printable report. Prints, as
 * medians of runs, for the site page and the site report of one demo site:
 * - navigation to the drawn firewall chart: a first visit (no browser cache),
 *   a returning one (the browser's cache), and a click from the sites table,
 * - the longest main-thread task meanwhile (PerformanceObserver 'longtask'),
 * - the tab's JavaScript heap after the sites table, the overview and three
 *   site pages in one tab.
 */
import { z } from 'zod';
import {
  type DemoStack,
  DEMO_SITES,
  firstReadDone,
  longTasksBetween,
  median,
  SCROLL_TO_CHART,
  target,
  withDemoStack,
} from './demo-stack.ts';

/** The heap's target for this fleet's size. */
const DEMO_SITES_TARGET_MB = () => (DEMO_SITES <= 10_000 ? 100 : 150);

const RUNS = 5;
/** A demo site with a report and 30 days of history (docs/sandbox.md names it). */
const DOMAIN = 'bakery-rose.example';

/** Recorded in the page from its start: when the chart's bars first show (performance.now()). */
const MARKS = `window.__marks = {};
  new MutationObserver(() => {
    const m = window.__marks;
    if (m.chart === undefined && document.querySelector('[data-testid="firewall-chart"] [data-chart="attacks"] .recharts-bar-rectangle')) m.chart = performance.now();
    ${SCROLL_TO_CHART}
  }).observe(document, { childList: true, subtree: true });`;

const marks = z.object({ chart: z.number() });

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
  const during = await longTasksBetween(page, 0, m.chart);
  await page.close();
  return { chart: Math.round(m.chart), longest: Math.max(0, ...during), longTasks: during.length };
}

/** From the sites table (searched for the site) to the site page by its link, as staff move about: the click to the chart. */
async function inApp({ base, signedInPage }: DemoStack): Promise<Run> {
  const page = await signedInPage(undefined, 'warm');
  await page.addInitScript(MARKS);
  await page.goto(`${base}/sites?q=${DOMAIN}`);
  const link = page.locator(`tr[data-domain="${DOMAIN}"] a[href="/sites/${DOMAIN}"]`).first();
  // A search over 100,000 sites while the server reads the fleet again may take a while.
  await link.waitFor({ timeout: 120_000 });
  const clicked = z.number().parse(await page.evaluate('window.__marks = {}; performance.now()'));
  await link.click();
  await page.waitForFunction('window.__marks.chart !== undefined', undefined, { timeout: 120_000, polling: 100 });
  const m = marks.parse(await page.evaluate('window.__marks'));
  const during = await longTasksBetween(page, clicked, m.chart);
  await page.close();
  return { chart: Math.round(m.chart - clicked), longest: Math.max(0, ...during), longTasks: during.length };
}

/**
 * The tab's JavaScript heap, as staff use it: the sites table, the overview by its link, then three site pages
 * from the table's links (back to the table between them), all in one tab; after a full collection (CDP).
 */
async function tabHeap({ base, signedInPage }: DemoStack): Promise<number> {
  const page = await signedInPage(undefined, 'warm');
  await page.addInitScript(MARKS);
  await page.goto(`${base}/sites`);
  const rows = page.locator('tr[data-domain]');
  await rows.first().waitFor({ timeout: 120_000 });
  await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).first().click();
  // Its chart, drawn once scrolled to (the init script scrolls only at a page's load).
  await page.locator('[data-testid="firewall-chart"]').first().scrollIntoViewIfNeeded();
  await page.locator('[data-testid="firewall-chart"] [data-chart="attacks"] .recharts-bar-rectangle').first().waitFor();
  await page.getByRole('navigation').getByRole('link', { name: 'Sites' }).first().click();
  for (let i = 0; i < 3; i++) {
    await rows.nth(i).waitFor();
    // The row's own link: a name beyond ASCII (älv-academy…) is percent-encoded in its href.
    await rows.nth(i).locator('a[href^="/sites/"]').first().click();
    await page.locator('[data-testid="firewall-chart"]').first().waitFor();
    await page.goBack();
  }
  await rows.first().waitFor();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await page.close();
  return usedSize / 2 ** 20;
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
    await firstReadDone(stack, 'site page');
    await load(stack, site, 'warm');
    report('site page, first visit (navigation, no browser cache)', await runs(() => load(stack, site)));
    report('site page, returning visit (navigation, browser cache)', await runs(() => load(stack, site, 'warm')));
    report('site page, from the sites table (a click)', await runs(() => inApp(stack)));
    report('site report, first visit', await runs(() => load(stack, `${site}/report`)));
    const heaps: number[] = [];
    for (let i = 0; i < 3; i++) heaps.push(await tabHeap(stack));
    console.log(
      `tab's JavaScript heap after the sites table, the overview and 3 site pages (one tab, after a full collection): median ${median(heaps).toFixed(1)} MiB (${heaps.map((h) => h.toFixed(1)).join(', ')}; target ≤ ${DEMO_SITES_TARGET_MB()} MB)`,
    );
  });
}
