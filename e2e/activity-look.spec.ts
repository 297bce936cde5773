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

test('the Activity page works in a hoster panel’s frame, whose storage is blocked, down to 360 px', async ({
  page,
}, testInfo) => {
  await page.goto('/sandbox/embed-example');
  const inFrame = page.frameLocator('#dashboard iframe');
  await expect(inFrame.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in as the demo account' }).click();
  await expect(inFrame.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await inFrame.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  const log = inFrame.getByRole('table', { name: 'Activity log' });
  await expect(log.locator('tbody tr').first()).toContainText(/Ana Costa|Ben Fischer|Chloé Martin/);
  await inFrame.getByLabel('What').selectOption({ label: 'Scans' });
  await expect(log.locator('tbody tr').first()).toContainText('Started a scan');
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(log.locator('tbody tr').first()).toBeVisible();
  await page
    .locator('#dashboard iframe')
    .evaluate((frame) => window.scrollTo(0, frame.getBoundingClientRect().top + window.scrollY));
  await attachShot(page, testInfo, 'activity-embedded-360');
});
