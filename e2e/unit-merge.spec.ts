/**
 * Renaming a customer to another customer's e-mail merges the two: the
 * dialog says so and asks before anything changes.
 */
import { expect, test } from '@playwright/test';
import { accountWith } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';

function unitEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@customer.example`;
}

test('renaming to an existing customer says it merges them and asks first', async ({ page }) => {
  const unit = unitEmail('from');
  const other = unitEmail('into');
  const { session, api } = await accountWith(
    page.request,
    'units-merge',
    [
      { name: 'm1.example', share: unit },
      { name: 'm2.example', share: other },
      { name: 'm3.example', share: other },
    ],
    { agency: true },
  );
  await openSignedIn(page, session, `/units?unit=${encodeURIComponent(unit)}`);
  await page.getByRole('button', { name: 'Change e-mail…' }).click();
  const dialog = page.getByRole('dialog', { name: `Change the e-mail of ${unit}` });
  await dialog.getByLabel('New e-mail address').fill(other.toUpperCase());
  await dialog.getByRole('button', { name: 'Change e-mail' }).click();

  await expect(dialog.getByText(`${other} is already a customer`)).toBeVisible();
  await expect(dialog.getByText(`${other} has 2 sites.`, { exact: false })).toContainText(
    `every site of ${unit} moves to ${other}, and ${unit} is gone. It cannot be undone.`,
  );
  // Nothing changed yet; going back keeps what was typed.
  expect((await api.sites_list({ unit })).map((s) => s.domain)).toEqual(['m1.example']);
  await dialog.getByRole('button', { name: 'Choose another address' }).click();
  await expect(dialog.getByLabel('New e-mail address')).toHaveValue(other.toUpperCase());
  expect((await api.sites_list({ unit })).map((s) => s.domain)).toEqual(['m1.example']);

  await dialog.getByRole('button', { name: 'Change e-mail' }).click();
  await dialog.getByRole('button', { name: 'Merge the two customers' }).click();
  await expect(page.getByText(`${unit} is now ${other}`, { exact: true })).toBeVisible();
  expect((await api.sites_list({ unit: other })).map((s) => s.domain).sort()).toEqual([
    'm1.example',
    'm2.example',
    'm3.example',
  ]);
});
