/**
 * `npm run bench -- lighthouse [path…]`: Lighthouse (mobile and desktop presets)
 * on /login and every signed-in page, on the real server (`npm start`) with the
 * sandbox's default demo account (60 sites). Targets: performance ≥ 95 on
 * mobile and 100 on desktop, accessibility 100.
 *
 * Chromium runs with a persistent profile and a remote-debugging port, so the
 * tab Lighthouse opens shares the profile's storage: the demo account's keys are
 * put in localStorage ("remember this device", src/lib/session.ts) first, and
 * Lighthouse keeps them (`disableStorageReset`). /login is measured before that.
 * Lighthouse's mobile preset simulates a slow phone from the trace it records,
 * so the CPU the machine spends elsewhere shows in TBT: run it idle, and more
 * than once (`LIGHTHOUSE_RUNS=5 npm run bench -- lighthouse`: medians).
 */
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumExecutable } from '../test-support/chromium.ts';
import { freePort, temporaryDirectory, type RunningServer } from '../test-support/servers.ts';
import { demoSession, median, startSmallDemo } from './demo-stack.ts';

interface Scores {
  performance: number;
  accessibility: number;
  tbt: number;
  lcp: number;
  /** Accessibility audits that failed, by id. */
  findings: string[];
}

async function audit(url: string, port: number, preset: 'mobile' | 'desktop'): Promise<Scores> {
  const result = await lighthouse(
    url,
    {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const findings = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    tbt: value('total-blocking-time'),
    lcp: value('largest-contentful-paint'),
    findings,
  };
}

/**
 * Runs of each page and preset (LIGHTHOUSE_RUNS, default 1): the table gives the median of each
 * figure, and beside the performance score its range. Lighthouse's mobile preset multiplies the
 * CPU time it saw by four, so a machine shared with others moves a page's score by five points and
 * more from one run to the next: the targets are medians.
 */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 1);

/** Each figure's median over the runs (the accessibility score too: it does not move). */
function medianScores(runs: Scores[]): Scores {
  return {
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    tbt: median(runs.map((r) => r.tbt)),
    lcp: median(runs.map((r) => r.lcp)),
    findings: [],
  };
}

/** The signed-in pages, with a real site and customer (unit) of the demo account in their paths. */
async function signedInPaths(context: BrowserContext, base: string): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.goto(`${base}/sites`);
    const siteLink = page.locator('a[href^="/sites/"]').first();
    await siteLink.waitFor();
    const site = (await siteLink.getAttribute('href')) ?? '';
    // The units directory lists its customers as buttons; the one chosen links to its report.
    await page.goto(`${base}/units`);
    await page.locator('nav li button').first().click();
    const report = page.locator('a[href^="/units/"][href$="/report"]').first();
    await report.waitFor();
    const unitReport = (await report.getAttribute('href')) ?? '';
    return [
      '/',
      '/sites',
      site,
      `${site}/report`,
      '/units',
      unitReport,
      '/activity',
      '/agency',
      '/developer',
      '/sync-file',
    ];
  } finally {
    await page.close();
  }
}

export async function benchLighthouse(): Promise<void> {
  const only = process.argv.slice(3);
  const debugPort = await freePort();
  const dir = temporaryDirectory('lighthouse-bench-');
  let server: RunningServer | undefined;
  let context: BrowserContext | undefined;
  try {
    server = await startSmallDemo(dir.path);
    const base = server.origin;
    context = await chromium.launchPersistentContext(join(dir.path, 'profile'), {
      executablePath: chromiumExecutable(() => chromium.executablePath(), process.env, 'benches'),
      args: [
        `--remote-debugging-port=${debugPort}`,
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const rows: string[][] = [];
    const findings = new Map<string, string[]>();
    const measure = async (path: string) => {
      if (only.length > 0 && !only.includes(path)) return;
      const mobiles: Scores[] = [];
      const desktops: Scores[] = [];
      for (let run = 0; run < RUNS; run++) {
        mobiles.push(await audit(`${base}${path}`, debugPort, 'mobile'));
        desktops.push(await audit(`${base}${path}`, debugPort, 'desktop'));
      }
      const mobile = medianScores(mobiles);
      const desktop = medianScores(desktops);
      // With several runs, the range of the mobile score beside its median: the figure moves with the machine.
      const spread = (of: Scores[]) => {
        const all = of.map((x) => x.performance);
        return RUNS > 1 ? ` (${Math.min(...all)}–${Math.max(...all)})` : '';
      };
      rows.push([
        path,
        `${mobile.performance}${spread(mobiles)}`,
        `${desktop.performance}${spread(desktops)}`,
        `${mobile.accessibility}/${desktop.accessibility}`,
        `${Math.round(mobile.tbt)} / ${Math.round(desktop.tbt)}`,
        `${(mobile.lcp / 1000).toFixed(2)} / ${(desktop.lcp / 1000).toFixed(2)}`,
      ]);
      const failed = [...new Set([...mobiles, ...desktops].flatMap((x) => x.findings))];
      if (failed.length > 0) findings.set(path, failed);
      console.log(`lighthouse: ${rows.at(-1)?.join(' | ')}`);
    };

    await measure('/login');
    const session = await demoSession(base);
    const setup = await context.newPage();
    await setup.goto(`${base}/login`);
    await setup.evaluate((value) => localStorage.setItem('psd.session', value), session);
    await setup.close();
    for (const path of await signedInPaths(context, base)) await measure(path);

    const header = ['page', 'mobile perf', 'desktop perf', 'a11y m/d', 'TBT ms m/d', 'LCP s m/d'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
    console.log(
      `\nlighthouse (targets: performance ≥ 95 mobile, 100 desktop; accessibility 100)\n${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}\n${rows.map(line).join('\n')}`,
    );
    for (const [path, ids] of findings) console.log(`lighthouse: accessibility findings on ${path}: ${ids.join(', ')}`);
  } finally {
    await context?.close();
    await server?.stop();
    dir.remove();
  }
}
