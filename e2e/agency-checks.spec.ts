/**
 * The agency form: values that cannot work are refused in the form, on their
 * field, keeping what was typed; after Save the focus stays on the Save button.
 */
import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, signInViaApi, uniqueEmail } from './support/session.ts';
import { attachShot } from './support/look.ts';

const field = (page: Page, name: RegExp) => page.getByRole('textbox', { name });

test('an http:// logo, a website that is no address and a phone with no digits are refused on their fields, as typed', async ({
  page,
}, testInfo) => {
  const session = await signInViaApi(page.request, uniqueEmail('agency-check'));
  await openSignedIn(page, session, '/agency');
  await field(page, /^Agency name/).fill('Northwind Hosting');
  await field(page, /^Contact e-mail/).fill('ops@northwind.example');
  await field(page, /^Logo URL/).fill('http://cdn.northwind.example/logo.png');
  await field(page, /^Website/).fill('not a site');
  await field(page, /^Phone/).fill('call me maybe');
  await page.getByRole('button', { name: 'Create agency profile' }).click();

  await expect(field(page, /^Phone/)).toHaveAccessibleDescription(/Enter a phone number with digits/);
  await expect(field(page, /^Website/)).toHaveAccessibleDescription(/Enter your website’s address/);
  await expect(field(page, /^Logo URL/)).toHaveAccessibleDescription(/must begin with https:\/\//);
  await expect(field(page, /^Phone/)).toBeFocused();
  // What was typed stays.
  await expect(field(page, /^Logo URL/)).toHaveValue('http://cdn.northwind.example/logo.png');
  await expect(field(page, /^Website/)).toHaveValue('not a site');
  await expect(field(page, /^Phone/)).toHaveValue('call me maybe');
  await expect(page.getByText('Agency profile created', { exact: true })).toHaveCount(0);
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 800 });
      await attachShot(page, testInfo, `agency-refused-${width}-${scheme}`, { fullPage: true });
    }
  }
});

test('after Save the focus stays on the Save button, not the page', async ({ page }) => {
  const session = await signInViaApi(page.request, uniqueEmail('agency-focus'));
  await openSignedIn(page, session, '/agency');
  await field(page, /^Agency name/).fill('Northwind Hosting');
  await field(page, /^Contact e-mail/).fill('ops@northwind.example');
  await page.getByRole('button', { name: 'Create agency profile' }).click();
  await expect(page.getByText('Agency profile created', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeFocused();

  await field(page, /^Phone/).fill('+41 44 123 45 67');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeFocused();
});
