/**
 * How the Activity page looks on the demo account (whose workspace is
 * seeded with a team's log): 1280 and 360 px, light and dark, in English and
 * German; nothing scrolls sideways and axe finds nothing serious.
 */
import { expect, test } from '@playwright/test';
import { attachShot, horizontalOverflow, seriousViolations, showAs, VARIANTS, WIDE } from './support/look.ts';
import { DEMO_EMAIL, openSignedIn, signInViaApi } from './support/session.ts';

for (const locale of ['en-GB', 'de-DE'] as const) {
  test(`the Activity page in ${locale}, four variants`, WIDE, async ({ browser, request }, testInfo) => {
    const session = await signInViaApi(request, DEMO_EMAIL);
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await openSignedIn(page, session, '/activity');
    const table = page.getByRole('table', { name: locale === 'en-GB' ? 'Activity log' : 'Aktivitätsprotokoll' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    for (const variant of VARIANTS) {
      await showAs(page, variant);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await attachShot(page, testInfo, `activity-${locale}-${variant.width}-${variant.scheme}`, { fullPage: true });
    }
    await context.close();
  });
}
