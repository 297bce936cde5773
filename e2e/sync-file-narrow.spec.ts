/**
 * The sync file page in German at 360 px (a phone, a hoster panel's column):
 * the long bulk buttons wrap inside their card; the page never scrolls sideways.
 */
import { expect, test } from '@playwright/test';
import { accountWith } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';
import { WIDE, attachShot } from './support/look.ts';

test.use({ locale: 'de-DE' });

for (const scheme of ['light', 'dark'] as const) {
  test(
    `German, 360 px (${scheme}): "Die 3 noch nie gescannten Websites scannen" stays inside its card`,
    scheme === 'dark' ? WIDE : {},
    async ({ page }, testInfo) => {
      const { session } = await accountWith(page.request, `sync-de-${scheme}`, [
        'one.example',
        'two.example',
        'three.example',
      ]);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 360, height: 720 });
      await openSignedIn(page, session, '/sync-file');
      const button = page.getByRole('button', { name: 'Die 3 noch nie gescannten Websites scannen' });
      await expect(button).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
      // Its words wrap inside it, not out of it.
      expect(await button.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await button.scrollIntoViewIfNeeded();
      await attachShot(page, testInfo, `sync-file-de-360-${scheme}`);
    },
  );
}
