/**
 * The sites and units pages as people see them: axe finds nothing
 * serious, nothing scrolls sideways at 360 px (a hoster panel iframe), and
 * screenshots at 1280 and 360 px, light and dark, are attached to the report.
 * The sites page shows the demo account (read only: every state the seed has).
 */
import { expect, test } from '@playwright/test';
import { accountWith } from './support/accounts.ts';
import { DEMO_EMAIL, openSignedIn, signInViaApi } from './support/session.ts';
import { VARIANTS, WIDE, attachShot, horizontalOverflow, seriousViolations, showAs } from './support/look.ts';

for (const variant of VARIANTS) {
  const { width, scheme } = variant;
  test(
    `sites page at ${width} px, ${scheme}: axe clean, no sideways scroll, screenshot`,
    WIDE,
    async ({ page }, testInfo) => {
      await showAs(page, variant);
      const session = await signInViaApi(page.request, DEMO_EMAIL);
      await openSignedIn(page, session, '/sites');
      await expect(page.locator('tr[data-domain]').first()).toBeVisible();
      // The demo has IDN names: their punycode shows too.
      await page.getByRole('searchbox', { name: 'Search sites' }).fill('xn--');
      await expect(page.locator('tr[data-domain]').first()).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search sites' }).fill('');
      await expect(page.locator('tr[data-domain]').nth(5)).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await attachShot(page, testInfo, `sites-${width}-${scheme}`);

      if (width === 360) {
        // Domain, status and one options control per row; the rest in the row detail.
        const first = page.locator('tr[data-domain]').first();
        const domain = (await first.getAttribute('data-domain')) ?? '';
        await expect(first.getByRole('switch', { name: `Firewall, ${domain}` })).toBeVisible();
        await expect(page.getByRole('switch', { name: `Automatic cleanup, ${domain}` })).toHaveCount(0);
        await page.getByRole('button', { name: `Details of ${domain}` }).click();
        await expect(page.getByRole('switch', { name: `Automatic cleanup, ${domain}` })).toBeVisible();
        await expect(page.getByRole('switch', { name: `Automatic patching, ${domain}` })).toBeVisible();
        await expect(page.getByRole('combobox', { name: `Scan period, ${domain}` })).toBeVisible();
        await expect(page.getByRole('button', { name: `Permissions, ${domain}` })).toBeVisible();
        await expect(page.getByRole('button', { name: `Scan now, ${domain}` })).toBeVisible();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);
        await attachShot(page, testInfo, `sites-${width}-${scheme}-detail`);
      }
    },
  );

  test(
    `units page at ${width} px, ${scheme}: axe clean, no sideways scroll, screenshot`,
    WIDE,
    async ({ page }, testInfo) => {
      await showAs(page, variant);
      const unit = `visual-${Date.now().toString(36)}@customer.example`;
      const { session } = await accountWith(
        page.request,
        'units-visual',
        [
          { name: 'kundenportal-müller.example', share: unit },
          { name: 'shop.visual.example', share: unit },
          'x.example',
        ],
        { agency: true },
      );
      await openSignedIn(page, session, '/units');
      await page.getByLabel('Look up a customer by e-mail').fill(unit);
      await page.getByRole('button', { name: 'Look up' }).click();
      await expect(page.getByRole('list', { name: `Sites shared with ${unit}` }).getByRole('listitem')).toHaveCount(2);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await attachShot(page, testInfo, `units-${width}-${scheme}`);
    },
  );
}

test(
  'the add sites dialog and a bulk change at 360 px: axe clean, no sideways scroll',
  WIDE,
  async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const { session } = await accountWith(page.request, 'visual-dialogs', ['one.example', 'two.example']);
    await openSignedIn(page, session, '/sites');
    await page.getByRole('checkbox', { name: 'Select all sites that match' }).check();
    await page.getByRole('button', { name: 'Change the selected sites' }).click();
    await page.getByRole('menuitem', { name: 'Turn automatic cleanup on', exact: true }).click();
    await expect(page.getByText('Finished')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await attachShot(page, testInfo, 'sites-360-bulk');

    await page.getByRole('button', { name: 'Add sites' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add sites' });
    await dialog.getByLabel('Sites to add').fill('new.example\nnot a site\nhttps://www.bücher.example/');
    await expect(dialog.getByText(/^Only letters, digits, hyphens and dots/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await attachShot(page, testInfo, 'sites-360-add');
  },
);
