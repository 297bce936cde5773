/**
 * "Share more sites…" lists every site not shared with the customer yet,
 * sorted by name, and a search narrows it.
 */
import { expect, test } from '@playwright/test';
import { accountWith } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';

test('share more: every site offered, sorted by name, searchable', async ({ page }) => {
  const unit = `picker-${Date.now().toString(36)}@customer.example`;
  // 60 sites, added in a scrambled order.
  const names = Array.from({ length: 60 }, (_, i) => `pick-${String(i).padStart(2, '0')}.example`);
  const scrambled = names.map((n, i) => names[(i * 37) % names.length] ?? n);
  const { session } = await accountWith(
    page.request,
    'units-picker',
    [{ name: 'zz-already.example', share: unit }, ...scrambled],
    { agency: true },
  );
  await openSignedIn(page, session, `/units?unit=${encodeURIComponent(unit)}`);
  await page.getByRole('button', { name: 'Share more sites…' }).click();
  const dialog = page.getByRole('dialog', { name: `Share sites with ${unit}` });
  const list = dialog.getByRole('list', { name: 'Sites you can share, by name' });
  await expect(list.getByRole('checkbox')).toHaveCount(60);
  expect(await list.getByRole('listitem').allTextContents()).toEqual(names);

  await dialog.getByRole('searchbox', { name: 'Search your sites' }).fill('pick-5');
  await expect(list.getByRole('listitem')).toHaveText(names.slice(50));
  await list.getByRole('checkbox', { name: 'pick-59.example' }).check();
  await dialog.getByRole('button', { name: 'Share 1 site' }).click();
  await expect(page.getByText('1 site shared.', { exact: true })).toBeVisible();
});
