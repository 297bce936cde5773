/**
 * The printable client reports (issue 8): white-labelled with the agency's
 * title, the period, the scan summary and the firewall chart, no navigation,
 * one page per site on A4 and on Letter (Chromium's own PDF, read back with
 * e2e/pdf-text.ts); reached by "Print report" on the site and unit pages;
 * axe clean; screenshots at 1280 and 360 px, light and dark.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { pdfPages } from './pdf-text.ts';
import { accountWith, attachShot } from './sites-support.ts';
import { DEMO_EMAIL, openSignedIn, signInViaApi } from './support.ts';

/** Text as printed, compared without the spacing and ligatures the PDF adds. */
function plain(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '');
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

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

test('a unit report: Print report on the unit page, one page per site, the agency title on the first', async ({
  page,
}) => {
  const agency = `Harbour Digital ${Date.now().toString(36)}`;
  const unit = `owner-${Date.now().toString(36)}@customer.example`;
  const sites = ['alpha-shop.example', 'beta-blog.example', 'gamma-café.example'];
  const { session, api } = await accountWith(
    page.request,
    'report-unit',
    [...sites.map((name) => ({ name, share: unit })), 'not-shared.example'],
    { agency: true },
  );
  await api.agency_update({ title: agency, email: session.email });
  await openSignedIn(page, session, `/units?unit=${encodeURIComponent(unit)}`);
  await page.getByRole('link', { name: 'Print report' }).click();
  await expect(page).toHaveURL(/\/units\/[^/]+\/report$/);
  await expect(page.getByTestId('agency-title')).toHaveText(agency);
  await expect(page.getByText(`For ${unit} · 3 websites`)).toBeVisible();
  for (const name of sites) await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'not-shared.example' })).toHaveCount(0);
  await chartsDrawn(page, 3);

  const pages = pdfPages(await page.pdf({ format: 'A4' })).map(plain);
  expect(pages).toHaveLength(3);
  expect(pages[0]).toContain(plain(agency));
  sites.forEach((name, i) => expect(pages[i]).toContain(plain(name)));
});

for (const scheme of ['light', 'dark'] as const) {
  for (const size of [
    { width: 1280, height: 900 },
    { width: 360, height: 780 },
  ] as const) {
    test(`the demo site report at ${size.width} px, ${scheme}: axe clean, no sideways scroll, screenshots`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      const session = await signInViaApi(page.request, DEMO_EMAIL);
      await openSignedIn(page, session, '/sites/bakery-rose.example/report');
      await expect(page.getByTestId('agency-title')).toHaveText('Northwind Hosting');
      await chartsDrawn(page, 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await attachShot(page, testInfo, `report-${size.width}-${scheme}`);
      if (size.width === 1280) {
        // As printed: white paper whatever the screen's theme.
        await page.emulateMedia({ media: 'print', colorScheme: scheme });
        await page.setViewportSize({ width: 718, height: 1000 });
        const body = await page.screenshot({ fullPage: true });
        await testInfo.attach(`report-print-${scheme}`, { body, contentType: 'image/png' });
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
      }
    });
  }
}
