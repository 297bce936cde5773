import { expect, test } from '@playwright/test';
import { accountWith, siteNames, tableReady } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';

test.use({ locale: 'de-DE' });

test('shots', async ({ page }) => {
  const { session } = await accountWith(page.request, 'shots', [...siteNames('kunde', 30), 'bücher.example']);
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const [width, height] of [
    [1280, 900],
    [360, 780],
  ] as const) {
    await page.setViewportSize({ width, height });
    await openSignedIn(page, session, '/sites');
    await tableReady(page);
    await expect(page.getByTestId('sites-freshness')).toBeVisible();
    await page.screenshot({ path: `/tmp/sitesrm-shots/sites-${width}-dark-de.png` });
  }
});
