/**
 * The printable client reports: white-labelled with the agency's
 * title, the period, the scan summary and the firewall chart, no navigation,
 * one page per site on A4 and on Letter, each page with the agency and period (Chromium's own PDF, read back with
 * e2e/pdf-text.ts); reached by "Print report" on the site and unit pages;
 * axe clean; screenshots at 1280 and 360 px, light and dark.
 */
import { expect, test, type Page } from '@playwright/test';
import { pdfPages } from './support/pdf-text.ts';
import { accountWith } from './support/accounts.ts';
import { DEMO_EMAIL, openSignedIn, signInViaApi } from './support/session.ts';
import { VARIANTS, WIDE, attachShot, horizontalOverflow, seriousViolations, showAs } from './support/look.ts';

/** Text as printed, compared without the spacing and ligatures the PDF adds. */
function plain(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '');
}

/** The caption of a drawn chart's attacks panel (src/components/charts/chart-messages.ts): on paper only once drawn. */
const ATTACKS_PANEL = 'Blocked requests by attack class (bars, left scale) and unique IPs blocked (line, right scale)';

/** The report has drawn its charts (they load lazily): what prints is complete. */
async function chartsDrawn(page: Page, count: number): Promise<void> {
  await expect(page.locator('[data-chart="attacks"] .recharts-surface')).toHaveCount(count);
  await expect(page.locator('[data-chart="attacks"] .recharts-cartesian-axis-tick').first()).toBeAttached();
}

test('a site report: Print report on the site page, the agency title, no navigation, one page on A4 and Letter', async ({
  page,
}) => {
  const agency = `Fjord Web ${Date.now().toString(36)}`;
  const domain = 'report-site.example';
  const { session, api } = await accountWith(page.request, 'report-site', [domain]);
  await api.agency_update({ title: agency, email: session.email, website: 'https://fjord.example' });
  await openSignedIn(page, session, `/sites/${domain}`);
  await page.getByRole('link', { name: 'Print report' }).click();
  await expect(page).toHaveURL(new RegExp(`/sites/${domain.replace(/\./g, '\\.')}/report$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Website security report' })).toBeVisible();
  await expect(page.getByTestId('agency-title')).toHaveText(agency);
  await expect(page.getByText(`For ${domain}`)).toBeVisible();
  await expect(page.getByText(/^Period: \w+ \d+, \d{4} to \w+ \d+, \d{4} \(UTC\)/)).toBeVisible();
  await expect(page).toHaveTitle(`${agency}: security report, ${domain}`);
  // No navigation: neither the shell's links nor its header.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sites' })).toHaveCount(0);
  // A new site has no report yet: the summary says so, without offering a scan on paper.
  await expect(page.getByTestId('scan-report')).toContainText('Not scanned yet');
  await chartsDrawn(page, 1);

  // The Print button opens the browser's print dialog.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: 'Print report' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');

  for (const format of ['A4', 'Letter'] as const) {
    const pages = pdfPages(await page.pdf({ format }));
    expect(pages, format).toHaveLength(1);
    const text = plain(pages[0] ?? '');
    expect(text).toContain(plain(agency));
    expect(text).toContain(plain('Website security report'));
    expect(text).toContain(plain(domain));
    expect(text).toContain(plain('Firewall, last 30 days'));
    // The controls are not printed.
    expect(text).not.toContain(plain('Print report'));
    expect(text).not.toContain(plain('Download CSV'));
  }

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1, name: domain })).toBeVisible();
});

/** A 1×1 PNG, the agency's logo as its (routed) https address answers. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a unit report: Print report on the unit page, a summary page, then one page per site, each with the agency title, logo and period', async ({
  page,
}) => {
  const agency = `Harbour Digital ${Date.now().toString(36)}`;
  const unit = `owner-${Date.now().toString(36)}@customer.example`;
  const sites = ['alpha-shop.example', 'beta-blog.example', 'gamma-café.example'];
  const logo = 'https://logo.harbour.example/logo.png';
  const { session, api } = await accountWith(
    page.request,
    'report-unit',
    [...sites.map((name) => ({ name, share: unit })), 'not-shared.example'],
    { agency: true },
  );
  await api.agency_update({ title: agency, email: session.email, logourl: logo });
  await page.route(logo, (route) => route.fulfill({ contentType: 'image/png', body: LOGO_PNG }));
  await openSignedIn(page, session, `/units?unit=${encodeURIComponent(unit)}`);
  await page.getByRole('link', { name: 'Print report' }).click();
  await expect(page).toHaveURL(/\/units\/[^/]+\/report$/);
  await expect(page.getByTestId('agency-title')).toHaveText(agency);
  await expect(page.getByText(`For ${unit} · 3 websites`)).toBeVisible();
  for (const name of sites) await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'not-shared.example' })).toHaveCount(0);
  // The last site's chart, far down the page, is not drawn until scrolled to, or printed.
  const last = page.locator(`section[data-site="${sites.at(-1) ?? ''}"]`);
  await expect(last.getByTestId('firewall-chart')).toContainText('Loading the chart…');
  await expect(last.locator('[data-chart="attacks"]')).toHaveCount(0);
  const period = (await page.getByText(/^Period: /).textContent())?.split(' · ')[0] ?? '';
  expect(period).toMatch(/^Period: \w+ \d+, \d{4} to \w+ \d+, \d{4} \(UTC\)$/);
  // The sites' pages (after the summary's) are headed on paper only: the screen has the report's header above them.
  const heads = page.getByTestId('report-page-head');
  await expect(heads).toHaveCount(3);
  for (const head of await heads.all()) await expect(head).toBeHidden();
  // The logo on the first page and, small, atop each later one.
  await expect(page.locator('main img')).toHaveCount(4);

  for (const format of ['A4', 'Letter'] as const) {
    const pages = pdfPages(await page.pdf({ format })).map(plain);
    expect(pages, format).toHaveLength(4);
    expect(pages[0], `${format} page 1`).toContain(plain('Your websites at a glance'));
    sites.forEach((name, i) => {
      expect(pages[i + 1], `${format} page ${i + 2}`).toContain(plain(name));
      expect(pages[i + 1], `${format} page ${i + 2}`).toContain(plain(agency));
      expect(pages[i + 1], `${format} page ${i + 2}`).toContain(plain(period));
      // Each site's chart is on its page: printing drew those not yet scrolled to.
      expect(pages[i + 1], `${format} page ${i + 2}`).toContain(plain(ATTACKS_PANEL));
    });
  }
  await chartsDrawn(page, 3);
  await page.emulateMedia({ media: 'print' });
  for (const head of await heads.all()) {
    await expect(head).toBeVisible();
    await expect(head.locator('img')).toHaveAttribute('src', logo);
  }
});

test('full scan reports still print one page per site after the summary, on A4 and on Letter (demo account, read only)', async ({
  page,
}) => {
  const session = await signInViaApi(page.request, DEMO_EMAIL);
  await openSignedIn(page, session, '/units/owner@bakery-rose.example/report');
  await expect(page.getByTestId('agency-title')).toHaveText('Northwind Hosting');
  const sections = page.locator('section[data-site]');
  await expect(sections.first()).toBeVisible();
  const domains = await sections.evaluateAll((els) => els.map((el) => el.getAttribute('data-site') ?? ''));
  expect(domains).toContain('bakery-rose.example');
  await expect(page.locator('[data-testid="scan-report"][data-state="report"]').first()).toBeVisible();
  for (const format of ['A4', 'Letter'] as const) {
    // With more than one site, the summary has the first page.
    const first = domains.length > 1 ? 1 : 0;
    const pages = pdfPages(await page.pdf({ format })).map(plain);
    expect(pages, format).toHaveLength(domains.length + first);
    domains.forEach((domain, i) => {
      expect(pages[i + first], `${format} page ${i + first + 1}`).toContain(plain(domain));
      expect(pages[i + first], `${format} page ${i + first + 1}`).toContain(plain('Northwind Hosting'));
      expect(pages[i + first], `${format} page ${i + first + 1}`).toContain(plain('Period:'));
      expect(pages[i + first], `${format} page ${i + first + 1}`).toContain(plain(ATTACKS_PANEL));
    });
  }
  // Printing drew every chart, those not yet scrolled to with the others.
  await chartsDrawn(page, domains.length);
});

for (const variant of VARIANTS) {
  const { width, scheme } = variant;
  test(
    `the demo site report at ${width} px, ${scheme}: axe clean, no sideways scroll, screenshots`,
    WIDE,
    async ({ page }, testInfo) => {
      const violations: string[] = [];
      page.on('console', (msg) => {
        if (/Content[- ]Security[- ]Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
      });
      await showAs(page, variant);
      const session = await signInViaApi(page.request, DEMO_EMAIL);
      await openSignedIn(page, session, '/sites/bakery-rose.example/report');
      await expect(page.getByTestId('agency-title')).toHaveText('Northwind Hosting');
      // Drawn once near the screen (src/components/charts/firewall-chart.tsx): scrolled to, as a reader does.
      await page.getByTestId('firewall-chart').scrollIntoViewIfNeeded();
      await chartsDrawn(page, 1);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await attachShot(page, testInfo, `report-${width}-${scheme}`);
      expect(violations).toEqual([]);
      if (width === 1280) {
        // As printed: white paper whatever the screen's theme.
        await page.emulateMedia({ media: 'print', colorScheme: scheme });
        await page.setViewportSize({ width: 718, height: 1000 });
        const body = await page.screenshot({ fullPage: true });
        await testInfo.attach(`report-print-${scheme}`, { body, contentType: 'image/png' });
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
      }
    },
  );
}
