/**
 * A customer's report opens with a table of its sites, and keeps the scan
 * report's staff notes (report number, what the service keeps) out.
 */
import { expect, test } from '@playwright/test';
import { DEMO_EMAIL, openSignedIn, signInViaApi } from './support/session.ts';

test('a unit report opens with a summary table of its sites and leaves out the scan report jargon (demo, read only)', async ({
  page,
}) => {
  const session = await signInViaApi(page.request, DEMO_EMAIL);
  await openSignedIn(page, session, '/units/owner@bakery-rose.example/report');
  const main = page.getByRole('main');
  const summary = main.getByRole('region', { name: 'Your websites at a glance' });
  await expect(summary).toBeVisible();
  // The summary comes before the first site's section.
  const first = await main.locator('section').first().getAttribute('data-testid');
  expect(first).toBe('report-summary');

  const table = summary.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Website',
    'State',
    'Firewall',
    'Automatic cleanup',
    'Last scan',
  ]);
  const rows = table.getByRole('rowheader');
  const sections = main.locator('section[data-site]');
  await expect(sections.first()).toBeVisible();
  const domains = await sections.evaluateAll((els) => els.map((el) => el.getAttribute('data-site') ?? ''));
  expect(domains).toContain('bakery-rose.example');
  expect(domains.length).toBeGreaterThan(1);
  await expect(rows).toHaveText(domains);
  // Each row's state is what remains, in words.
  await expect(table.getByRole('row', { name: /^bakery-rose\.example/ })).toContainText(
    /threats? remaining: needs action|Clean/,
  );
  // A row leads to its site's part of the report.
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(/#site-/);

  await expect(page.locator('[data-testid="scan-report"][data-state="report"]').first()).toBeVisible();
  await expect(main).not.toContainText('The service keeps only the latest report');
  await expect(main.locator('[data-field="id"]')).toHaveCount(0);
  await expect(main).not.toContainText(/Report \d+/);
});

test('on a phone the summary is one block per site, each value with its label, nothing cut off (demo, read only)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const session = await signInViaApi(page.request, DEMO_EMAIL);
  await openSignedIn(page, session, '/units/owner@bakery-rose.example/report');
  const summary = page.getByRole('main').getByRole('region', { name: 'Your websites at a glance' });
  const lastScan = summary.locator('td[data-label="Last scan"]').first();
  await expect(lastScan).toBeVisible();
  // Every value is inside the summary's width: no box to scroll sideways, no cell past the edge.
  const fits = await summary.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const scroller = el.querySelector('div');
    const cells = [...el.querySelectorAll('tbody td, tbody th')].map((c) => c.getBoundingClientRect());
    return (
      (scroller === null || scroller.scrollWidth <= scroller.clientWidth) &&
      cells.every((c) => c.right <= box.right + 1)
    );
  });
  expect(fits).toBe(true);
  // The label is said with the value (generated from data-label).
  const label = await lastScan.evaluate((el) => getComputedStyle(el, '::before').content);
  expect(label).toBe('"Last scan"');
});
