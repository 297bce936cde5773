/** The sites table at 1280 px fits its box: nothing scrolls sideways, so a focused row's outline is whole. */
import { expect, test } from '@playwright/test';
import { accountWith, siteNames, tableReady } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';
import { WIDE, attachShot } from './support/look.ts';

for (const scheme of ['light', 'dark'] as const) {
  test(
    `sites at 1280×800 (${scheme}): the table is not wider than its box, and a focused row shows whole`,
    scheme === 'dark' ? WIDE : {},
    async ({ page }, testInfo) => {
      const { session } = await accountWith(page.request, `width-${scheme}`, siteNames('alpine-dental-clinic', 20));
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1280, height: 800 });
      await openSignedIn(page, session, '/sites');
      await tableReady(page);
      const table = page.getByRole('table', { name: /Sites/ });
      const sizes = await table.evaluate((el) => {
        const box = el.parentElement as HTMLElement;
        // What sticks out on the right, should anything: named in the failure.
        const right = box.getBoundingClientRect().left + box.clientLeft + box.clientWidth;
        const out = [...box.querySelectorAll('*')]
          .filter((e) => e.getBoundingClientRect().right > right + 0.5)
          .slice(0, 3)
          .map((e) => `${e.tagName} ${e.getAttribute('aria-label') ?? ''}`);
        return { table: el.getBoundingClientRect().width, box: box.clientWidth, scroll: box.scrollWidth, out };
      });
      expect(sizes.scroll - sizes.box, JSON.stringify(sizes)).toBeLessThanOrEqual(0);
      // A row focused from the keyboard: its outline lies inside the box.
      const row = page.locator('tr[data-domain]').first();
      await row.focus();
      const [r, b] = await Promise.all([row.boundingBox(), table.locator('xpath=..').boundingBox()]);
      expect(r && b && r.x >= b.x && r.x + r.width <= b.x + b.width).toBe(true);
      await attachShot(page, testInfo, `sites-1280-${scheme}`);
    },
  );
}
