/**
 * The site page: the scan report and the 30-day firewall chart of
 * demo sites in every state, compared with the API's own answer; days
 * without data labelled "no data"; the table view's numbers; Recharts never
 * loaded on /login; axe clean; screenshots at 1280 and 360 px, light and dark.
 * It reads the demo account only (docs/sandbox.md names the sites).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { FwHistory, Site } from '../src/api/schemas.ts';
import { accountWith, apiOf } from './support/accounts.ts';
import { DEMO_EMAIL, openSignedIn, signInViaApi, type E2eSession } from './support/session.ts';
import { VARIANTS, WIDE, attachShot, horizontalOverflow, seriousViolations, showAs } from './support/look.ts';

const INFECTED = 'bakery-rose.example';
const CLEAN = 'northwind-hosting.example';
const NEVER = 'studio-kowalska.example';
const REMOVED = 'parts.harbor-motors.example';
/** Firewall disabled 12 days ago: days with data, then days without. */
const DISABLED = 'harbor-motors.example';

const int = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const REPORT_FIELDS = [
  'threats',
  'incurable',
  'doubt',
  'treated',
  'detectedfiles',
  'malicious',
  'suspicious',
  'incurablefiles',
  'treatedfiles',
  'deletedfiles',
  'checkeddirs',
  'checkedfiles',
  'errors',
] as const;
const COLS = ['allowed', 'blocked', 'dos', 'injection', 'uploads', 'other', 'uniqueIps'] as const;

/** The demo account's sites as the API gives them to the test itself. */
async function demoSites(session: E2eSession): Promise<Site[]> {
  return apiOf(session).sites_list({ withscanreport: true, withfwhistory: true });
}

function siteOf(sites: readonly Site[], domain: string): Site {
  const site = sites.find((s) => s.domain === domain);
  if (!site) throw new Error(`${domain} is not in the demo account`);
  return site;
}

/**
 * The page's own answers for the site (the history it draws), read on their
 * way: the server's read of the fleet (`/workspace/fleet/site/<domain>`,
 * docs/workspace.md#the-read-model). `last` is the latest that had the site.
 */
async function historyAnswers(page: Page): Promise<{ last: () => { site: Site } | null }> {
  let last: { site: Site } | null = null;
  await page.route(/\/workspace\/fleet\/site\//, async (route) => {
    const response = await route.fetch();
    if (response.status() !== 200) return route.fulfill({ response });
    const json = (await response.json()) as { site: Site };
    last = json;
    await route.fulfill({ response, json });
  });
  return { last: () => last };
}

function pageHistory(body: { site: Site } | null, domain: string): FwHistory {
  const history = body?.site.domain === domain ? body.site.fwhistory : null;
  if (!history) throw new Error(`no history of ${domain} in the page's answer`);
  return history;
}

/** Until the server's read the page shows is settled (no read under way): the page asks again while one runs. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('fleet-freshness')).toHaveText(/^As of [^…]+$/);
}

async function openSite(page: Page, session: E2eSession, domain: string): Promise<FwHistory> {
  const answers = await historyAnswers(page);
  await openSignedIn(page, session, `/sites/${encodeURIComponent(domain)}`);
  await expect(page.getByRole('heading', { level: 1, name: domain })).toBeVisible();
  await settled(page);
  return pageHistory(answers.last(), domain);
}

/**
 * Scrolls to the page's firewall chart, as a reader does, and waits until it is drawn: a chart
 * draws once it comes near the screen (src/components/charts/firewall-chart.tsx).
 */
async function scrollToChart(page: Page): Promise<void> {
  await page.getByTestId('firewall-chart').first().scrollIntoViewIfNeeded();
  await expect(page.locator('[data-chart="attacks"] .recharts-surface')).toBeVisible();
}

/** The scan report section shows every field of the API's report. */
async function expectReport(page: Page, site: Site): Promise<void> {
  const section = page.getByTestId('scan-report');
  const report = site.scanreport;
  if (!report) throw new Error('no report');
  await expect(section).toHaveAttribute('data-state', 'report');
  for (const field of REPORT_FIELDS) {
    await expect(section.locator(`[data-field="${field}"] dd`), field).toHaveText(int.format(report[field]));
  }
  const bytes = section.locator('[data-field="bytes"]');
  await expect(bytes).toHaveAttribute('data-checked', String(report.checkedbytes));
  await expect(bytes).toHaveAttribute('data-total', String(report.totalbytes));
  const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format(
    report.checkedbytes / report.totalbytes,
  );
  await expect(bytes.getByRole('progressbar', { name: 'Data checked' })).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`\\(${percent.replace('.', '\\.')}\\)$`),
  );
  await expect(section.locator('[data-field="date"]')).toHaveAttribute(
    'datetime',
    new Date(report.date * 1000).toISOString(),
  );
  await expect(section.locator('[data-field="date"]')).toContainText(
    report.cure === 1 ? 'Scan with cleanup' : 'Scan without cleanup',
  );
  await expect(section).toContainText('The service keeps only the latest report of each site');
  await expect(section.locator('[data-field="id"]')).toHaveText(`Report ${report.id}`);
}

/** The table view has a row per day of the history, "no data" for null days, the same numbers otherwise. */
async function expectTable(page: Page, history: FwHistory, past: FwHistory): Promise<void> {
  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page).toHaveURL(/fw=table/);
  const table = page.getByTestId('firewall-table');
  const dates = Object.keys(history).sort();
  await expect(table.locator('tbody tr')).toHaveCount(dates.length);
  const today = dates.at(-1);
  for (const date of dates) {
    const row = table.locator(`tr[data-day="${date}"]`);
    const day = history[date];
    // The 29 past days do not change: the test's own answer must agree; today's grows, so the page's answer counts.
    if (date !== today) expect(past[date], date).toEqual(day);
    if (!day) {
      await expect(row, date).toContainText('no data');
      await expect(row.locator('td[data-col]')).toHaveCount(0);
      continue;
    }
    const cells = await row.locator('td[data-col]').allTextContents();
    expect(cells, date).toEqual(COLS.map((_, i) => int.format(day[i + 1] ?? -1)));
  }
}

test('an infected site: header, the whole scan report and the firewall table as the API gives them', async ({
  page,
}) => {
  const session = await signInViaApi(page.request, DEMO_EMAIL);
  const history = await openSite(page, session, INFECTED);
  const site = siteOf(await demoSites(session), INFECTED);
  expect(site.scanreport?.threats).toBeGreaterThan(0);
  await expect(page.getByText('Infected', { exact: true })).toBeVisible();
  await expectReport(page, site);
  // The alarm is in words too, not only in colour: for a screen reader, "Threats remaining, needs action".
  const threats = page.getByTestId('scan-report').locator('[data-field="threats"]');
  await expect(threats).toHaveAttribute('data-tone', 'danger');
  await expect(threats.locator('dt')).toHaveText('Threats remaining, needs action');
  await expect(page.getByTestId('scan-report').locator('[data-field="treated"]')).toHaveAttribute(
    'data-tone',
    'neutral',
  );
  await scrollToChart(page);
  await expect(
    page.getByRole('img', { name: new RegExp(`^Blocked requests per day by attack class.*${INFECTED}.*\\(UTC\\)$`) }),
  ).toBeVisible();
  await expect(page.getByText('Dates are calendar days in UTC.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Print report' })).toHaveAttribute('href', `/sites/${INFECTED}/report`);
  await expectTable(page, history, site.fwhistory ?? {});
  // The view is in the URL: a reload keeps the table.
  await page.reload();
  await expect(page.getByTestId('firewall-table')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
});

test('a clean site: zero threats, nothing in alarm colours, the chart and its totals', async ({ page }) => {
  const session = await signInViaApi(page.request, DEMO_EMAIL);
  const history = await openSite(page, session, CLEAN);
  const site = siteOf(await demoSites(session), CLEAN);
  expect(site.scanreport?.threats).toBe(0);
  await expect(page.getByText('Clean', { exact: true })).toBeVisible();
  await expectReport(page, site);
  const report = page.getByTestId('scan-report');
  await expect(report.locator('[data-tone="danger"]')).toHaveCount(0);
  await expect(report).not.toContainText('needs action');
  // Totals per class over the period, from the page's own answer.
  const days = Object.values(history).filter((d) => d !== null);
  const sum = (i: number) => days.reduce((a, d) => a + (d?.[i] ?? 0), 0);
  const chart = page.getByTestId('firewall-chart');
  await expect(chart.locator('[data-total="blocked"] dd')).toHaveText(int.format(sum(2)));
  await expect(chart.locator('[data-total="dos"] dd')).toHaveText(int.format(sum(3)));
  await expect(chart.locator('[data-total="injection"] dd')).toHaveText(int.format(sum(4)));
  await expect(chart.locator('[data-total="allowed"] dd')).toHaveText(int.format(sum(1)));
  await expectTable(page, history, site.fwhistory ?? {});
});

test('a site never scanned says so and offers a scan', async ({ page }) => {
  const session = await signInViaApi(page.request, DEMO_EMAIL);
  await openSite(page, session, NEVER);
  const site = siteOf(await demoSites(session), NEVER);
  expect(site.scanreport ?? null).toBeNull();
  const section = page.getByTestId('scan-report');
  await expect(section).toHaveAttribute('data-state', 'never');
  await expect(section).toContainText('Not scanned yet');
  await expect(section.getByRole('button', { name: `Scan now, ${NEVER}` })).toBeVisible();
  await expect(page.getByText('Never scanned', { exact: true })).toBeVisible();
});

/** The day's tooltip once the pointer rests at `fraction` of the attacks panel's width. */
async function hoverAt(page: Page, fraction: number) {
  const surface = page.locator('[data-chart="attacks"] .recharts-surface');
  await surface.scrollIntoViewIfNeeded();
  const box = await surface.boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2, { steps: 4 });
  return page.getByTestId('day-tooltip');
}

/** A full date in English (the browser's en-US), as the tooltip names a day. */
const FULL_DATE = /^\w+day, \w+ \d{1,2}, \d{4} \(UTC\)/;

test('days without data are gaps labelled "no data", never zeros: a removed and a disabled firewall', async ({
  page,
}) => {
  const session = await signInViaApi(page.request, DEMO_EMAIL);
  const sites = await demoSites(session);

  // Removed 40 days ago: no day of the 30 has data.
  const removed = await openSite(page, session, REMOVED);
  expect(siteOf(sites, REMOVED).firewallstatus).toBe(0);
  await expect(page.getByTestId('firewall-off')).toBeVisible();
  const dates = Object.keys(removed).sort();
  expect(Object.values(removed).filter((d) => d === null)).toHaveLength(dates.length);
  const chart = page.getByTestId('firewall-chart');
  await scrollToChart(page);
  await expect(chart).toContainText('No firewall data for these days');
  await expect(chart.locator('[data-chart="attacks"] svg text', { hasText: 'no data' }).first()).toBeVisible();
  // Both panels shaded and labelled; the totals say "no data", not zeros.
  await expect(chart.locator('[data-chart="allowed"] .recharts-reference-area').first()).toBeVisible();
  await expect(chart.locator('[data-chart="allowed"] svg text', { hasText: 'no data' }).first()).toBeVisible();
  const totals = chart.locator('[data-totals]');
  await expect(totals).toHaveAttribute('data-totals', 'no-data');
  await expect(totals).toContainText('Totals over the period');
  await expect(totals).toContainText('No data for any day of the period');
  await expect(chart.locator('[data-total]')).toHaveCount(0);
  // A day without data has its tooltip too: the pointer's, and the keyboard's.
  const tip = await hoverAt(page, 0.5);
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('no data');
  await expect(tip.locator('p').first()).toHaveText(FULL_DATE);
  await page.mouse.move(0, 0);
  await expect(tip).toBeHidden();
  const attacks = chart.locator('[data-chart="attacks"]');
  await attacks.focus();
  await expect(tip).toBeVisible();
  await expect(tip).toHaveAttribute('data-day', dates.at(-1) ?? '');
  await page.keyboard.press('Home');
  await expect(tip).toHaveAttribute('data-day', dates[0] ?? '');
  await expect(tip).toContainText('no data');
  await page.keyboard.press('ArrowRight');
  await expect(tip).toHaveAttribute('data-day', dates[1] ?? '');
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await expectTable(page, removed, siteOf(sites, REMOVED).fwhistory ?? {});
  await expect(page.getByTestId('firewall-table').locator('tfoot')).toHaveText(/^Total\s*no data$/);

  // Disabled 12 days ago: the totals add up the days with data, and say how many.
  const disabled = await openSite(page, session, DISABLED);
  const empty = Object.values(disabled).filter((d) => d === null).length;
  const days = Object.keys(disabled).length;
  expect(empty).toBeGreaterThan(0);
  expect(empty).toBeLessThan(days);
  await expect(page.getByTestId('firewall-chart')).toContainText(`${empty} days without data`);
  await scrollToChart(page);
  await expect(page.locator('[data-chart="attacks"] svg text', { hasText: 'no data' }).first()).toBeVisible();
  await expect(page.locator('[data-totals="sums"]')).toContainText(`Totals over the ${days - empty} days with data`);
  // The tooltip names the day in the reader's language, in UTC: a day with data has its numbers…
  const withData = await hoverAt(page, 0.2);
  await expect(withData).toBeVisible();
  await expect(withData.locator('p').first()).toHaveText(FULL_DATE);
  await expect(withData).toContainText('Blocked requests');
  // …and one of the last days, without data, says so.
  const without = await hoverAt(page, 0.85);
  await expect(without).toBeVisible();
  await expect(without).toContainText('no data');
  expect(disabled[(await without.getAttribute('data-day')) ?? '']).toBeNull();
  await expectTable(page, disabled, siteOf(sites, DISABLED).fwhistory ?? {});
  await expect(page.getByTestId('firewall-table').locator('tfoot th')).toHaveText(
    `Total, ${days - empty} days with data`,
  );
});

test.describe('a British browser', () => {
  test.use({ locale: 'en-GB' });

  test("reads the dates in its region's order, in English", async ({ page }) => {
    const session = await signInViaApi(page.request, DEMO_EMAIL);
    await openSignedIn(page, session, `/sites/${INFECTED}?fw=table`);
    const row = page.getByTestId('firewall-table').locator('tbody tr').first();
    const day = (await row.getAttribute('data-day')) ?? '';
    const at = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6)));
    const uk = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' } as const;
    // "27 Oct 2026", not "Oct 27, 2026".
    await expect(row.locator('time')).toHaveText(new Intl.DateTimeFormat('en-GB', uk).format(at));
    await expect(row.locator('time')).toHaveText(/^\d{1,2} \w+ \d{4}$/);
    await expect(page.getByRole('button', { name: 'Table' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('the sites page does not ask for the firewall history; the CSV has the 30 days', async ({ page }) => {
  const session = await signInViaApi(page.request, DEMO_EMAIL);
  const lists: string[] = [];
  const windows: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/sites_list/')) lists.push(req.url());
    if (req.url().includes('/workspace/fleet/sites')) windows.push(req.url());
  });
  await openSignedIn(page, session, '/sites');
  await expect(page.locator('tr[data-domain]').first()).toBeVisible();
  // The rows come from the server's read model, a window at a time.
  expect(windows.length).toBeGreaterThan(0);
  expect(lists.filter((u) => u.includes('withfwhistory'))).toEqual([]);

  const answers = await historyAnswers(page);
  await page.goto(`/sites/${INFECTED}`);
  await settled(page);
  const history = pageHistory(answers.last(), INFECTED);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^firewall-${INFECTED.replace(/\./g, '\\.')}-.*\\.csv$`));
  const lines = (await readFile(await file.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Date (UTC),Allowed requests,Blocked requests,DoS/DDoS,XSS/SQL injection,Suspicious uploads,Other suspicious activity,Unique IPs blocked',
  );
  const dates = Object.keys(history).sort();
  expect(lines).toHaveLength(dates.length + 1);
  const first = dates[0] ?? '';
  const day = history[first];
  expect(lines[1]).toBe(
    `${first.slice(0, 4)}-${first.slice(4, 6)}-${first.slice(6)},${day ? day.slice(1).join(',') : ',,,,,,'}`,
  );
});

test("the site page asks the server for its one site, never for the account's history", async ({ page }) => {
  const session = await signInViaApi(page.request, DEMO_EMAIL);
  const lists: string[] = [];
  const workers: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/sites_list/')) lists.push(req.url());
  });
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));

  const history = await openSite(page, session, INFECTED);
  await scrollToChart(page);
  // Neither the page nor a worker of it reads the account's sites_list for one site.
  expect(lists).toEqual([]);
  expect(workers).toEqual([]);
  // The chart has this site's days from the server's answer.
  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByTestId('firewall-table').locator('tbody tr')).toHaveCount(Object.keys(history).length);
  // The page says how fresh its data is.
  await expect(page.getByTestId('fleet-freshness')).toContainText(/As of \d{1,2}:\d{2}/);
});

test("the printable report of an account's site reads its one site from the server's read model, not the account", async ({
  page,
}) => {
  const session = await signInViaApi(page.request, DEMO_EMAIL);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  const requests: string[] = [];
  page.on('request', (req) => requests.push(new URL(req.url()).pathname + new URL(req.url()).search));
  await openSignedIn(page, session, `/sites/${INFECTED}/report`);
  await scrollToChart(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Website security report' })).toBeVisible();
  // Its site with 30 days of history, a few kilobytes: never the whole account's history (17 MB at 10,000 sites).
  expect(requests.filter((r) => r.startsWith(`/workspace/fleet/site/${INFECTED}`)).length).toBeGreaterThan(0);
  expect(requests.filter((r) => r.includes('/api/sites_list/') && r.includes('withfwhistory'))).toEqual([]);
  expect(workers).toEqual([]);
  // It says as of when, as the site page does.
  await expect(page.getByTestId('fleet-freshness')).toContainText(/As of \d{1,2}:\d{2}/);
});

test('"Open in full dashboard" opens the dashboard login URL in a new tab; the URL never enters the page', async ({
  page,
}) => {
  const domain = 'dashboard-open.example';
  const { session } = await accountWith(page.request, 'site-dashboard', [domain]);
  const dashboardCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/dashboard/')) dashboardCalls.push(req.url());
  });
  await openSignedIn(page, session, `/sites/${domain}`);
  await expect(page.getByRole('heading', { level: 1, name: domain })).toBeVisible();

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Open in full dashboard' }).click();
  const tab = await popup;
  await tab.waitForURL(/\/sandbox\/dashboard\?token=/);
  await expect(tab.getByText(/Signed in as/)).toBeVisible();
  const url = tab.url();
  expect(new URL(url).searchParams.get('token')).toBeTruthy();
  expect(dashboardCalls).toHaveLength(1);
  // The tab is cut off from the page (no opener), and the page holds the URL nowhere: no text, attribute or value.
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await expect(page.getByRole('button', { name: 'Open in full dashboard' })).toBeEnabled();
  const token = new URL(url).searchParams.get('token') ?? '';
  const holders = await page.evaluate(
    (needles) =>
      [...document.querySelectorAll('*')].flatMap((el) => {
        const values = [...el.attributes].map((a) => a.value);
        if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) values.push(el.value);
        if (el.children.length === 0) values.push(el.textContent ?? '');
        return values.some((v) => needles.some((n) => v.includes(n))) ? [el.outerHTML.slice(0, 120)] : [];
      }),
    [url, token],
  );
  expect(holders).toEqual([]);
  expect(await page.content()).not.toMatch(/token=|\/sandbox\/dashboard/);
  await tab.close();
});

test('delete from the site page: the confirmation names the site, then the site is gone and the page is the sites list', async ({
  page,
}) => {
  const doomed = 'doomed-shop.example';
  const kept = 'kept-shop.example';
  const { session, api } = await accountWith(page.request, 'site-delete', [doomed, kept]);
  await openSignedIn(page, session, `/sites/${doomed}`);
  await expect(page.getByRole('heading', { level: 1, name: doomed })).toBeVisible();

  await page.getByRole('button', { name: 'Delete site…' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete ${doomed}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This cannot be undone.');
  // Cancel first: nothing happens.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await api.sites_list()).map((s) => s.domain).sort()).toEqual([doomed, kept]);

  await page.getByRole('button', { name: 'Delete site…' }).click();
  await page
    .getByRole('alertdialog', { name: `Delete ${doomed}?` })
    .getByRole('button', { name: 'Delete site' })
    .click();
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByText(`${doomed} was deleted`, { exact: true })).toBeVisible();
  await expect(page.locator('tr[data-domain]')).toHaveCount(1);
  await expect(page.locator(`tr[data-domain="${kept}"]`)).toBeVisible();
  await expect(page.locator(`tr[data-domain="${doomed}"]`)).toHaveCount(0);
  expect((await api.sites_list()).map((s) => s.domain)).toEqual([kept]);
  // Its page is gone too: as of the server's read, which it reads again once to be sure, not the account's list.
  const lists: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/sites_list/')) lists.push(req.url());
  });
  await page.goto(`/sites/${doomed}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Site not found' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(`${doomed} is not a site of your account.`);
  await expect(page.getByTestId('fleet-freshness')).toContainText(/As of \d{1,2}:\d{2}/);
  expect(lists).toEqual([]);
});

test('Recharts is not loaded on /login; it is loaded, lazily, on a site page', async ({ page }) => {
  const scripts = new Map<string, string>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.set(res.url(), await res.text().catch(() => ''));
  });
  await page.goto('/login');
  await expect(page.getByLabel('E-mail address')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const onLogin = [...scripts];
  expect(onLogin.length).toBeGreaterThan(0);
  // Recharts' own class names are in its code: no script of /login has them.
  expect(onLogin.filter(([, body]) => body.includes('recharts-surface')).map(([url]) => url)).toEqual([]);
  // Signed out, nothing of the signed-in pages is fetched ahead (public/signed-in-preload.js).
  await expect(page.locator('link[rel="modulepreload"]:not([crossorigin])')).toHaveCount(0);

  const session = await signInViaApi(page.request, DEMO_EMAIL);
  scripts.clear();
  await openSignedIn(page, session, `/sites/${INFECTED}`);
  await scrollToChart(page);
  await page.waitForLoadState('networkidle');
  const withRecharts = [...scripts].filter(([, body]) => body.includes('recharts-surface')).map(([url]) => url);
  expect(withRecharts).toHaveLength(1);
  expect(withRecharts[0]).toMatch(/firewall-chart-graphic/);
  // A signed-in visit fetched the page's code, the chart's with it, alongside the entry, not a hop at a time
  // (public/signed-in-preload.js; Vite's own preloads, a hop later, carry `crossorigin`).
  await expect(
    page.locator('link[rel="modulepreload"]:not([crossorigin])[href*="firewall-chart-graphic"]'),
  ).toHaveCount(1);
  await expect(page.locator('link[rel="modulepreload"]:not([crossorigin])[href*="sites._domain"]')).toHaveCount(1);
});

test("an expired session in the browser fetches none of the signed-in pages' code ahead", async ({ page }) => {
  await page.addInitScript(() =>
    sessionStorage.setItem(
      'psd.session',
      JSON.stringify({ v: 1, apiKey: 'k', macKey: 'm', expires: 1, email: 'gone@spa.example', kind: 'signin' }),
    ),
  );
  await page.goto(`/sites/${INFECTED}`);
  await expect(page.getByLabel('E-mail address')).toBeVisible();
  await expect(page.locator('link[rel="modulepreload"]:not([crossorigin])')).toHaveCount(0);
});

test("live data: a scan started on the page brings its report in place, keeping the table view and the reader's place", async ({
  page,
}) => {
  const domain = 'infected-live.example';
  const { session, api } = await accountWith(page.request, 'site-live', [domain]);
  await page.setViewportSize({ width: 1280, height: 700 });
  await openSignedIn(page, session, `/sites/${domain}?fw=table`);
  const table = page.getByTestId('firewall-table');
  await expect(table).toBeVisible();
  await page
    .getByTestId('scan-report')
    .getByRole('button', { name: `Scan now, ${domain}` })
    .click();
  await expect(page.getByRole('progressbar', { name: `Scanning ${domain}` })).toBeAttached();
  // "Scanning…" (its name says so too) cannot be pressed again, and keeps the keyboard's focus meanwhile.
  const scanning = page.getByTestId('scan-report').getByRole('button', { name: `Scanning…, ${domain}` });
  await expect(scanning).toBeDisabled();
  await expect(scanning).toBeFocused();
  // While it runs, the reader scrolls down to the table.
  await table.locator('tbody tr').nth(10).scrollIntoViewIfNeeded();
  const before = await table.evaluate((el) => el.getBoundingClientRect().top);
  // The report arrives by the page's own background polling: no reload.
  await expect(page.getByTestId('scan-report')).toHaveAttribute('data-state', 'report', { timeout: 30_000 });
  const [site] = await api.sites_list({ withscanreport: true });
  const threats = site?.scanreport?.threats ?? 0;
  expect(threats).toBeGreaterThan(0);
  await expect(page.getByTestId('scan-report').locator('[data-field="threats"] dd')).toHaveText(int.format(threats));
  await expect(page).toHaveURL(/fw=table/);
  await expect(table).toBeVisible();
  // The report grew above the table; the browser's scroll anchoring keeps the table where the reader had it.
  const after = await table.evaluate((el) => el.getBoundingClientRect().top);
  expect(Math.abs(after - before)).toBeLessThan(40);
});

for (const variant of VARIANTS) {
  const { width, scheme } = variant;
  test(
    `site page at ${width} px, ${scheme}: axe clean, no sideways scroll, screenshots`,
    WIDE,
    async ({ page }, testInfo) => {
      const violations: string[] = [];
      page.on('console', (msg) => {
        if (/Content[- ]Security[- ]Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
      });
      await showAs(page, variant);
      const session = await signInViaApi(page.request, DEMO_EMAIL);
      await openSite(page, session, DISABLED);
      await scrollToChart(page);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await attachShot(page, testInfo, `site-${width}-${scheme}`);
      await page.getByTestId('firewall-chart').scrollIntoViewIfNeeded();
      await attachShot(page, testInfo, `site-${width}-${scheme}-chart`);
      await page.getByRole('button', { name: 'Table' }).click();
      await expect(page.getByTestId('firewall-table')).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('firewall-table').scrollIntoViewIfNeeded();
      await attachShot(page, testInfo, `site-${width}-${scheme}-table`);

      await openSite(page, session, NEVER);
      expect(await seriousViolations(page)).toEqual([]);
      await attachShot(page, testInfo, `site-${width}-${scheme}-never`);
      expect(violations).toEqual([]);
    },
  );
}
