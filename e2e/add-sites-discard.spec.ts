/**
 * Add sites keeps a pasted list from an accidental Escape or click outside
 * (it asks first), and says which sites it added, not only how many.
 */
import { expect, test } from '@playwright/test';
import { accountWith } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';

test('Escape and a click outside ask before throwing away the list; Keep editing keeps it', async ({ page }) => {
  const { session } = await accountWith(page.request, 'add-discard', []);
  await openSignedIn(page, session, '/sites');
  await page.getByRole('button', { name: 'Add sites' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Add sites' });
  const box = dialog.getByLabel('Sites to add');
  await box.fill('keep-1.example\nkeep-2.example');

  await page.keyboard.press('Escape');
  const question = dialog.getByRole('alert').filter({ hasText: 'Throw away the sites in the box?' });
  await expect(question).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(box).toHaveValue('keep-1.example\nkeep-2.example');

  // A click outside the dialog (on the overlay, top left).
  await page.mouse.click(5, 5);
  await expect(question).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Throw away and close' }).click();
  await expect(dialog).toBeHidden();

  // An empty box closes at once.
  await page.getByRole('button', { name: 'Add sites' }).last().click();
  await expect(dialog.getByLabel('Sites to add')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('after adding, the dialog lists the sites it added', async ({ page }) => {
  const { session } = await accountWith(page.request, 'add-list', [], { agency: true });
  const unit = `owner-${Date.now().toString(36)}@customer.example`;
  await openSignedIn(page, session, '/sites');
  await page.getByRole('button', { name: 'Add sites' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Add sites' });
  await dialog.getByLabel('Sites to add').fill(`listed-1.example\nlisted-2.example,${unit}\nadmin@nope.example`);
  await dialog.getByRole('button', { name: 'Add 2 sites' }).click();
  await expect(dialog.getByText('2 sites added.')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Sites added' }).getByRole('listitem')).toHaveText([
    'listed-1.example',
    `listed-2.example, shared with ${unit}`,
  ]);
  // The line to fix is still in the box: closing with Escape asks.
  await page.keyboard.press('Escape');
  await expect(dialog.getByText('Throw away the sites in the box?')).toBeVisible();
});
