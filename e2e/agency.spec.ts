import { expect, test, type Page } from '@playwright/test';
import { signedCall, signedResult } from './support/signed-request.ts';
import { openSignedIn, signInViaApi, uniqueEmail } from './support/session.ts';

const field = (page: Page, label: RegExp) => page.getByLabel(label);
const sharedSite = (n: string) => [{ name: `shared-${n}.example`, share: `customer-${n}@customer.example` }];

test('an agency profile is refused with messages next to the fields, created, shown in the header, updated and kept across a reload', async ({
  page,
}) => {
  const session = await signInViaApi(page.request, uniqueEmail('agency'));
  await openSignedIn(page, session, '/agency');
  await expect(page.getByRole('heading', { level: 1, name: 'Agency' })).toBeVisible();
  await expect(page.getByText(/Sharing sites with your customers \(units\) needs one/)).toBeVisible();

  // Invalid input is refused before anything is sent, each message next to its field.
  const writes: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/agency_update/')) writes.push(req.url());
  });
  await field(page, /^Contact e-mail/).fill('not-an-email');
  await field(page, /^Logo URL/).fill('ftp://logo.example/x.png');
  await field(page, /^SWIFT\/BIC/).fill('DEUT');
  await page.getByRole('button', { name: 'Create agency profile' }).click();
  await expect(field(page, /^Agency name/)).toBeFocused();
  await expect(field(page, /^Agency name/)).toHaveAccessibleDescription(/Enter the agency name\./);
  await expect(field(page, /^Contact e-mail/)).toHaveAccessibleDescription(/Enter a valid e-mail address/);
  await expect(field(page, /^Logo URL/)).toHaveAccessibleDescription(/beginning with http:\/\/ or https:\/\//);
  await expect(field(page, /^SWIFT\/BIC/)).toHaveAccessibleDescription(/8 or 11 letters and digits/);
  expect(writes).toEqual([]);

  // Corrected and completed: the profile is created.
  await field(page, /^Agency name/).fill('Northwind Hosting');
  await field(page, /^Contact e-mail/).fill('ops@northwind.example');
  await field(page, /^Logo URL/).fill('https://logo.invalid/northwind.png');
  // An image that does not load degrades to the shield, and says so.
  await expect(page.getByText('The image could not be loaded from this address.', { exact: false })).toBeVisible();
  await field(page, /^SWIFT\/BIC/).fill('deut de ff 500');
  await page.getByRole('combobox', { name: 'Country', exact: true }).fill('switz');
  await page.getByRole('option', { name: /Switzerland/ }).click();
  await page.getByLabel('Currency').selectOption('CHF');
  await page.getByRole('combobox', { name: 'Bank country' }).fill('DE');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Create agency profile' }).click();
  await expect(page.getByText('Agency profile created', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  // The header carries the agency's name now.
  await expect(page.getByRole('banner').getByRole('link').first()).toHaveAttribute('title', 'Northwind Hosting');
  expect(await signedResult(page.request, session, '/api/agency_view/')).toMatchObject({
    title: 'Northwind Hosting',
    country: 'CH',
    bank_country: 'DE',
    bank_currency: 'CHF',
    bank_swift: 'DEUTDEFF500',
  });

  // Updated, then a reload shows what was saved.
  await field(page, /^Phone/).fill('+41 44 123 45 67');
  await field(page, /^Address/).fill('Bahnhofstrasse 1\n8001 Zürich');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(field(page, /^Agency name/)).toHaveValue('Northwind Hosting');
  await expect(field(page, /^Phone/)).toHaveValue('+41 44 123 45 67');
  await expect(field(page, /^Address/)).toHaveValue('Bahnhofstrasse 1\n8001 Zürich');
  await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('Switzerland');
  await expect(page.getByLabel('Currency')).toHaveValue('CHF');
  await expect(field(page, /^SWIFT\/BIC/)).toHaveValue('DEUTDEFF500');
});

test('unsaved changes: leaving inside the app asks first, staying keeps them', async ({ page }) => {
  const session = await signInViaApi(page.request, uniqueEmail('agency-leave'));
  await openSignedIn(page, session, '/agency');
  await field(page, /^Agency name/).fill('Half typed');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(page).toHaveURL(/\/agency$/);
  await expect(field(page, /^Agency name/)).toHaveValue('Half typed');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/sites$/);
});

test('sharing a site needs the agency: refused without it, accepted with it, refused again once it is deleted', async ({
  page,
}) => {
  const session = await signInViaApi(page.request, uniqueEmail('agency-share'));
  const share = async (n: string) => signedResult(page.request, session, '/api/sites_add/', sharedSite(n));

  // Without an agency the entry has its own error (docs/partner-api.md#sites_add) and is not added; the page says why.
  expect(await share('a')).toEqual({ '0': expect.stringMatching(/agency/i) });
  await openSignedIn(page, session, '/agency');
  await expect(page.getByText(/Sharing sites with your customers \(units\) needs one/)).toBeVisible();

  await field(page, /^Agency name/).fill('Share Hosting');
  await field(page, /^Contact e-mail/).fill('ops@share.example');
  await page.getByRole('button', { name: 'Create agency profile' }).click();
  await expect(page.getByText('Agency profile created', { exact: true })).toBeVisible();
  await expect(page.getByText(/Sharing sites with your customers \(units\) needs one/)).toHaveCount(0);
  expect(await share('b')).toEqual({});

  // Deleted after a confirmation that says what stops working.
  await page.getByRole('button', { name: 'Delete agency profile' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete the agency profile?' });
  await expect(dialog).toContainText('sites can no longer be shared with your customers (units)');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete agency profile' }).click();
  await expect(page.getByText('Agency profile deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create agency profile' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link').first()).toHaveAttribute(
    'title',
    'Partner Security Dashboard',
  );
  const view = await (await signedCall(page.request, session, '/api/agency_view/')).json();
  expect(view).toMatchObject({ error: 123900 });
  expect(await share('c')).toEqual({ '0': expect.stringMatching(/agency/i) });
  await page.reload();
  await expect(page.getByText(/Sharing sites with your customers \(units\) needs one/)).toBeVisible();
});
