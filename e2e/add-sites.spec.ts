/**
 * Add sites reads a line as a site, then optionally a separator (comma,
 * semicolon or tab) and the customer's e-mail; anything else is a line to fix,
 * shown as typed with its reason, never a guess at another site.
 */
import { expect, test } from '@playwright/test';
import { accountWith } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';

test('add sites: semicolon, comma and spreadsheet (tab) lines in one box; an e-mail alone or a user part is to fix', async ({
  page,
}) => {
  const { session, api } = await accountWith(page.request, 'add', [], { agency: true });
  const unit = `owner-${Date.now().toString(36)}@customer.example`;
  await openSignedIn(page, session, '/sites');
  await page.getByRole('button', { name: 'Add sites' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Add sites' });
  const lines = [
    `shop.example;${unit}`,
    `shop2.example,${unit}`,
    `shop3.example\t${unit}`,
    'shop5.example\t',
    'admin@shop4.example',
    'https://user@host.example/',
  ];
  await dialog.getByLabel('Sites to add').fill(lines.join('\n'));
  const preview = dialog.getByRole('region', { name: 'Check before adding' });
  for (const [line, site] of [
    [1, 'shop.example'],
    [2, 'shop2.example'],
    [3, 'shop3.example'],
  ] as const) {
    await expect(preview.locator(`tr[data-line="${line}"]`)).toContainText(site);
    await expect(preview.locator(`tr[data-line="${line}"]`)).toContainText(`Will be added and shared with ${unit}`);
  }
  await expect(preview.locator('tr[data-line="4"]')).toContainText('shop5.exampleWill be added');
  await expect(preview.locator('tr[data-line="5"]')).toContainText(
    'admin@shop4.exampleThis is an e-mail address, not a site',
  );
  await expect(preview.locator('tr[data-line="6"]')).toContainText(
    'https://user@host.example/An address with a user name (user@…) is not a site',
  );
  await expect(preview.getByText('customer.example', { exact: true })).toHaveCount(0);
  await expect(dialog.getByText('4 sites to add · 2 lines to fix')).toBeVisible();

  await dialog.getByRole('button', { name: 'Add 4 sites' }).click();
  await expect(dialog.getByText('4 sites added.')).toBeVisible();
  // The lines to fix stay in the box as they were typed.
  await expect(dialog.getByLabel('Sites to add')).toHaveValue('admin@shop4.example\nhttps://user@host.example/');
  expect((await api.sites_list({})).map((s) => s.domain).sort()).toEqual([
    'shop.example',
    'shop2.example',
    'shop3.example',
    'shop5.example',
  ]);
  expect((await api.sites_list({ unit })).map((s) => s.domain).sort()).toEqual([
    'shop.example',
    'shop2.example',
    'shop3.example',
  ]);
});
