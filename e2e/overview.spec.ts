/**
 * The overview: its counters against a count made here from the
 * API's own `sites_list` (the demo account, read only), each counter opening
 * the sites page filtered to as many sites, the fix of a "needs attention"
 * entry on an account of the test's own, an empty account, and the page as
 * people see it: axe, no sideways scroll, screenshots at 1280 and 360 px,
 * light and dark.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Site } from '../src/api/schemas.ts';
import { accountWith, apiOf } from './support/accounts.ts';
import { control, DEMO_EMAIL, openSignedIn, signInViaApi, uniqueEmail } from './support/session.ts';
import { VARIANTS, WIDE, attachShot, horizontalOverflow, seriousViolations, showAs } from './support/look.ts';

const DAY = 86_400;

/** The counters as the issue names them, counted from the API's answer (docs/partner-api.md#site-object, docs/partner-api.md#scan-report) without the dashboard's code. */
function expectedCounts(sites: readonly Site[], now: number) {
  const worst = (s: Site) => {
    const r = s.scanreport;
    if (!r) return 'never';
    if (r.incurable > 0) return 'incurable';
    if (r.threats > 0) return 'infected';
    if (r.doubt > 0) return 'suspicious';
    if (r.errors > 0) return 'errors';
    return 'clean';
  };
  const late = (s: Site) => !s.scanreport || (s.scanperiod > 0 && s.scanreport.date < now - s.scanperiod - DAY);
  const n = (test: (s: Site) => boolean) => sites.filter(test).length;
  return {
    Sites: sites.length,
    Infected: n((s) => worst(s) === 'infected'),
    Incurable: n((s) => worst(s) === 'incurable'),
    Suspicious: n((s) => worst(s) === 'suspicious'),
    'Scan errors': n((s) => worst(s) === 'errors'),
    'Never scanned or overdue': n(late),
    'Firewall off': n((s) => s.firewallstatus !== 1),
    'Cleanup off': n((s) => s.autotreatment !== 1),
  };
}
type Label = keyof ReturnType<typeof expectedCounts>;

const counter = (page: Page, label: Label) =>
  page.getByRole('link', { name: new RegExp(`^${label}: [\\d,]+\\. Show these sites$`) });

async function shownCounts(page: Page, labels: readonly Label[]): Promise<Record<string, number>> {
  const shown: Record<string, number> = {};
  for (const label of labels) shown[label] = Number((await counter(page, label).textContent())?.replace(/\D/g, ''));
  return shown;
}

test('the counters match a count of sites_list, and each opens the sites page filtered to as many sites', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const session = await signInViaApi(page.request, DEMO_EMAIL);
  const api = apiOf(session);
  await openSignedIn(page, session, '/');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  let expected = expectedCounts([], 0);
  // The demo account lives (scans finish, sites get infected): have the server read it again (Refresh),
  // count again, and read the page again, until both agree.
  await expect(async () => {
    await page.reload();
    await expect(counter(page, 'Sites')).toBeVisible();
    const read = page.waitForResponse(
      async (res) =>
        res.url().includes('/workspace/fleet/summary') &&
        ((await res.json()) as { refreshing: boolean }).refreshing === false,
    );
    await page.getByRole('button', { name: /Refresh/ }).click();
    await read;
    expected = expectedCounts(await api.sites_list({ withscanreport: true }), Date.now() / 1000);
    const labels = Object.keys(expected) as Label[];
    expect(await shownCounts(page, labels)).toEqual(expected);
  }).toPass({ timeout: 60_000 });
  expect(expected.Sites).toBeGreaterThan(0);
  expect(expected.Infected + expected.Incurable).toBeGreaterThan(0);

  const filters: [Label, string][] = [
    ['Infected', 'status=infected'],
    ['Incurable', 'status=incurable'],
    ['Suspicious', 'status=suspicious'],
    ['Scan errors', 'status=errors'],
    ['Never scanned or overdue', 'scan=due'],
    ['Firewall off', 'firewall=off'],
    ['Cleanup off', 'cleanup=off'],
  ];
  // From the overview and back, as staff go (Back is the app's own navigation: no page load each time).
  for (const [label, param] of filters) {
    await counter(page, label).click();
    await expect(page).toHaveURL(new RegExp(`/sites\\?${param}$`));
    const n = expected[label];
    await expect(page.getByText(n === 1 ? '1 site matches' : `${n} sites match`, { exact: true })).toBeVisible();
    if (n > 0 && n <= 20) await expect(page.locator('tr[data-domain]')).toHaveCount(n);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  }
  await counter(page, 'Sites').click();
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByText(`${expected.Sites} sites`, { exact: true })).toBeVisible();
});

test('needs attention: the worst first, and its action fixes the site', async ({ page }) => {
  const infected = 'infected-shop.example';
  const unguarded = 'unguarded.example';
  const { session, api } = await accountWith(page.request, 'overview-fix', [infected, unguarded]);
  for (const domain of [infected, unguarded]) await api.site_scan(domain);
  await expect
    .poll(async () => (await api.sites_list({ withscanreport: true })).filter((s) => s.scanreport).length, {
      timeout: 30_000,
    })
    .toBe(2);
  await api.site_setoption(unguarded, 'firewall', 'disable');

  await openSignedIn(page, session, '/');
  const attention = page.getByRole('region', { name: 'Needs attention' });
  const entries = attention.getByRole('listitem');
  await expect(entries).toHaveCount(2);
  // Infected without cleanup comes first, and cleanup is what fixes it; the firewall off after.
  await expect(entries.nth(0)).toContainText(infected);
  await expect(entries.nth(0)).toContainText(/threats? remaining/);
  await expect(entries.nth(0).getByRole('button', { name: `Enable cleanup, ${infected}` })).toBeVisible();
  await expect(entries.nth(1)).toContainText(unguarded);
  await expect(entries.nth(1)).toContainText('Firewall off');

  // By keyboard: the site fixed leaves the list, and the focus goes to the site now in its place.
  await attention.getByRole('button', { name: `Enable firewall, ${unguarded}` }).focus();
  await page.keyboard.press('Enter');
  await expect(entries).toHaveCount(1);
  await expect(entries.nth(0).getByRole('link', { name: infected })).toBeFocused();
  const site = (await api.sites_list({})).find((s) => s.domain === unguarded);
  expect(site?.firewallstatus).toBe(1);
  await expect(counter(page, 'Firewall off')).toHaveText('0');
  await expect(counter(page, 'Infected')).toHaveText('1');
});

test('a failed read says why in the catalogue’s words, and Retry reads again', async ({ page }) => {
  const { session } = await accountWith(page.request, 'overview-fail', ['retry.example']);
  await control(page.request, 'fail-next', { method: 'sites_list', code: 501, email: session.email });
  await openSignedIn(page, session, '/');
  await expect(page.getByRole('alert')).toContainText('The service had an internal error');
  await expect(page.getByRole('alert')).toContainText('Error code 501');
  await expect(counter(page, 'Sites')).toHaveCount(0);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(counter(page, 'Sites')).toHaveText('1');
});

test('an account without sites says how to add them', async ({ page }) => {
  const session = await signInViaApi(page.request, uniqueEmail('overview-empty'));
  await openSignedIn(page, session, '/');
  await expect(page.getByRole('heading', { name: 'No sites yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the sites page' }).click();
  await expect(page).toHaveURL(/\/sites$/);
});

for (const variant of VARIANTS) {
  const { width, scheme } = variant;
  test(
    `overview at ${width} px, ${scheme}: axe clean, no sideways scroll, screenshot`,
    WIDE,
    async ({ page }, testInfo) => {
      await showAs(page, variant);
      const session = await signInViaApi(page.request, DEMO_EMAIL);
      await openSignedIn(page, session, '/');
      await expect(counter(page, 'Sites')).toBeVisible();
      const chart = page.getByRole('region', { name: 'Firewall traffic, last 30 days' });
      // Drawn once near the screen (src/components/charts/firewall-chart.tsx): scrolled to, as a reader does.
      await chart.scrollIntoViewIfNeeded();
      await expect(chart.getByRole('img', { name: /all sites/ }).first()).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Most attacked sites' }).getByRole('listitem').first(),
      ).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await attachShot(page, testInfo, `overview-${width}-${scheme}`);
    },
  );
}
