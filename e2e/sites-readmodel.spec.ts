/**
 * The sites table on the server's read model (docs/workspace.md#the-read-model):
 * it asks for windows of the rows in view, never the whole fleet from
 * `sites_list`; the dashboard's own change shows at once and stays; a
 * selection of every matching site covers the rows not loaded.
 */
import { expect, test, type Page } from '@playwright/test';
import { accountWith, siteNames, tableReady } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';

/** Every request the page makes, as URLs. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** A read of the whole fleet from the API: sites_list with reports, not of one unit. */
const wholeFleet = (url: string) => url.includes('/api/sites_list/') && !/[?&]unit=/.test(url);
/** A window of the read model's sites table from this place on. */
const windowFrom = (offset: number) => (url: string) =>
  url.includes('/workspace/fleet/sites') && new URL(url).searchParams.get('offset') === String(offset);

const scrollToEnd = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

test('the table asks for the window in view, never the whole fleet; a toggle shows at once and stays', async ({
  page,
}) => {
  const { session } = await accountWith(page.request, 'window', siteNames('window', 230));
  const urls = requestsOf(page);
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  await expect(page.getByText('230 sites', { exact: true })).toBeVisible();
  await expect(page.getByTestId('sites-freshness')).toHaveText(/^as of \d{1,2}:\d{2}/);
  expect(urls.some(windowFrom(200))).toBe(false);

  // The last rows are in the third window: asked for once scrolled there.
  await scrollToEnd(page);
  const last = page.getByRole('switch', { name: 'Firewall, window-229.example' });
  await expect(last).toBeVisible();
  expect(urls.some(windowFrom(200))).toBe(true);

  // A change from the dashboard: at once in the row, and still so from the read model after a reload.
  await expect(last).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().includes('/api/site_setoption/'));
  await last.click();
  await expect(last).not.toBeChecked();
  await saved;
  await page.reload();
  await tableReady(page);
  await scrollToEnd(page);
  await expect(last).toBeVisible();
  await expect(last).not.toBeChecked();

  await page.goto('/sites?firewall=off');
  await expect(page.getByText('1 site matches', { exact: true })).toBeVisible();
  await expect(page.locator('tr[data-domain]')).toHaveCount(1);
  expect(urls.filter(wholeFleet)).toEqual([]);
});

test('select all takes every matching site, the rows not loaded too; export has them all', async ({ page }) => {
  const { session } = await accountWith(page.request, 'every', siteNames('every', 230));
  // A filtered, sorted view of more rows than the first window's 100.
  await openSignedIn(page, session, '/sites?q=every-&sort=domain&desc=true&firewall=on');
  await tableReady(page);
  await expect(page.getByText('230 sites match', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select every-229.example' }).click();
  const bar = page.getByRole('region', { name: 'Change the selected sites' });
  await bar.getByRole('button', { name: 'Select all 230 that match' }).click();
  await expect(bar.getByRole('status')).toHaveText('230 sites selected');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const path = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const lines = (await readFile(path, 'utf8')).trim().split('\r\n');
  expect(lines).toHaveLength(231);
  expect(lines[1]).toMatch(/^every-229\.example,/);
  expect(lines.at(-1)).toMatch(/^every-000\.example,/);
});
