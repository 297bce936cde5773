import { expect, test } from '@playwright/test';
import { DEMO_EMAIL, openSignedIn, signInViaApi } from './support/session.ts';

for (const locale of ['en-US', 'de-DE'] as const) {
  test.describe(locale, () => {
    test.use({ locale });
    for (const [w, h] of [[1280, 800], [360, 780]] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        test(`shot ${locale} ${w} ${scheme}`, async ({ page }) => {
          await page.setViewportSize({ width: w, height: h });
          await page.emulateMedia({ colorScheme: scheme });
          const session = await signInViaApi(page.request, DEMO_EMAIL);
          await openSignedIn(page, session, '/sites');
          await expect(page.locator('tr[data-domain]').first()).toBeVisible();
          await page.screenshot({ path: `/tmp/shots/sites-${locale}-${w}-${scheme}.png` });
          if (w === 1280 && scheme === 'light') {
            await page.evaluate(() => window.scrollTo(0, 600));
            await page.locator('tr[data-domain] input[type=checkbox]').nth(14).click();
            await page.screenshot({ path: `/tmp/shots/sites-${locale}-${w}-scrolled-selected.png` });
          }
          if (w === 360) {
            await page.locator('tr[data-domain] button[aria-expanded]').first().click();
            await page.screenshot({ path: `/tmp/shots/sites-${locale}-${w}-${scheme}-detail.png`, fullPage: false });
          }
        });
      }
    }
  });
}
