/** "N sites added." is said in the dialog while it is open; the page's toast comes once it is closed, never under it. */
import { expect, test } from '@playwright/test';
import { accountWith } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';

test('the "sites added" toast does not open under the Add sites dialog; it confirms on the page once closed', async ({
  page,
}) => {
  const { session } = await accountWith(page.request, 'add-toast', ['existing.example']);
  await openSignedIn(page, session, '/sites');
  await page.getByRole('button', { name: 'Add sites' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add sites' });
  await dialog.getByLabel('Sites to add').fill('toast-1.example\ntoast-2.example\nbad name');
  await dialog.getByRole('button', { name: 'Add 2 sites' }).click();
  await expect(dialog.getByText('2 sites added.')).toBeVisible();
  // Said in the dialog: no toast under it.
  const toasts = page.locator('li[data-swipe-direction]');
  // (A toast leaves by itself after a while: counted at once, not waited for.)
  expect(await toasts.count()).toBe(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 sites added.', { exact: true })).toBeVisible();
});
