/**
 * Bulk "Scan now" is finished when the scans are: until then it says they
 * started, while the rows say "Scanning…".
 */
import { expect, test } from '@playwright/test';
import { accountWith, siteNames, tableReady } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';

test('bulk Scan now says the scans started, and finished only when no row is scanning any more', async ({ page }) => {
  const domains = siteNames('bulkscan', 3);
  const { session } = await accountWith(page.request, 'bulkscan', domains);
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  await page.getByRole('checkbox', { name: 'Select all sites that match' }).check();
  await page.getByRole('button', { name: 'Change the selected sites' }).click();
  await page.getByRole('menuitem', { name: 'Scan now', exact: true }).click();

  const region = page.getByRole('region', { name: 'Scan now, 3 sites' });
  await expect(region.getByText('3 scans started')).toBeVisible();
  const finished = region.getByText('Finished: every scan has finished.');
  const scanningRows = page.locator('tr[data-domain]').filter({ hasText: 'Scanning' });
  // Whenever the panel says finished, no row still says it is scanning.
  await expect
    .poll(async () => {
      const done = await finished.isVisible();
      const scanning = await scanningRows.count();
      if (done && scanning > 0) return 'finished while rows scan';
      return done ? 'finished' : 'waiting';
    })
    .toBe('finished');
});
