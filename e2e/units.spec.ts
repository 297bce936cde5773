/**
 * The units page: the directory the team's workspace keeps, look-up by
 * e-mail (142900: no such unit), a unit's sites, share more, unshare, rename,
 * delete with and without its sites. Each test has an account of its own.
 */
import { expect, test, type Page } from '@playwright/test';
import { accountWith } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';

function unitEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@customer.example`;
}

/** Looks a unit up by e-mail on the units page. */
async function lookUp(page: Page, email: string): Promise<void> {
  await page.getByLabel('Look up a customer by e-mail').fill(email);
  await page.getByRole('button', { name: 'Look up' }).click();
}

test('the directory says where it comes from; look-up finds a unit or says there is none (142900)', async ({
  page,
}) => {
  const unit = unitEmail('found');
  const { session } = await accountWith(page.request, 'units-lookup', [{ name: 'a-unit-site.example', share: unit }], {
    agency: true,
  });
  await openSignedIn(page, session, '/units');
  await expect(page.getByRole('heading', { level: 1, name: 'Units' })).toBeVisible();
  await expect(page.getByText('Where this list comes from')).toBeVisible();
  await expect(page.getByText(/keeps the list for everyone on/)).toBeVisible();
  await expect(page.getByText('No customers yet.', { exact: false })).toBeVisible();

  const nobody = unitEmail('nobody');
  await lookUp(page, nobody);
  await expect(page.getByText(`The service has no customer with the e-mail ${nobody}.`)).toBeVisible();

  await lookUp(page, unit.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`unit=${encodeURIComponent(unit).replace(/\./g, '\\.')}`));
  const list = page.getByRole('navigation', { name: 'Customers' });
  await expect(list.getByRole('button', { name: new RegExp(unit) })).toContainText('Looked up');
  const sites = page.getByRole('list', { name: `Sites shared with ${unit}` });
  await expect(sites.getByRole('link', { name: 'a-unit-site.example' })).toBeVisible();
  // Found: its sites have the focus (and are in view), not the form.
  await expect(page.getByRole('heading', { name: `Sites shared with ${unit}` })).toBeFocused();

  // Kept by the team's workspace: still there after a reload; opened from the address, it takes no focus.
  await page.goto(`/units?unit=${encodeURIComponent(unit)}`);
  await expect(sites.getByRole('link', { name: 'a-unit-site.example' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Sites shared with ${unit}` })).not.toBeFocused();
  await page.goto('/units');
  // Chosen from the list by keyboard: the focus goes to its sites.
  await list.getByRole('button', { name: new RegExp(unit) }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Sites shared with ${unit}` })).toBeFocused();
});

test('share more sites with a unit, then unshare one', async ({ page }) => {
  const unit = unitEmail('share');
  const { session, api } = await accountWith(
    page.request,
    'units-share',
    [{ name: 'first.example', share: unit }, 'second.example', 'third.example'],
    { agency: true },
  );
  await openSignedIn(page, session, `/units?unit=${encodeURIComponent(unit)}`);
  const sites = page.getByRole('list', { name: `Sites shared with ${unit}` });
  await expect(sites.getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: 'Share more sites…' }).click();
  const dialog = page.getByRole('dialog', { name: `Share sites with ${unit}` });
  await dialog.getByRole('searchbox', { name: 'Search your sites' }).fill('second');
  await dialog.getByRole('checkbox', { name: 'second.example' }).check();
  await dialog.getByRole('button', { name: 'Share 1 site' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('1 site shared.', { exact: true })).toBeVisible();
  await expect(sites.getByRole('listitem')).toHaveCount(2);
  expect((await api.sites_list({ unit })).map((s) => s.domain).sort()).toEqual(['first.example', 'second.example']);

  await page.getByRole('button', { name: `Stop sharing first.example with ${unit}` }).click();
  await expect(page.getByText(`first.example is no longer shared with ${unit}`, { exact: true })).toBeVisible();
  await expect(sites.getByRole('listitem')).toHaveCount(1);
  expect((await api.sites_list({ unit })).map((s) => s.domain)).toEqual(['second.example']);
  // Unshared, not deleted.
  expect(await api.sites_list({})).toHaveLength(3);
});

test('rename a unit: the e-mail is validated, its sites follow the new one', async ({ page }) => {
  const unit = unitEmail('old');
  const renamed = unitEmail('new');
  const { session, api } = await accountWith(
    page.request,
    'units-rename',
    [
      { name: 'r1.example', share: unit },
      { name: 'r2.example', share: unit },
    ],
    { agency: true },
  );
  await openSignedIn(page, session, `/units?unit=${encodeURIComponent(unit)}`);
  await page.getByRole('button', { name: 'Change e-mail…' }).click();
  const dialog = page.getByRole('dialog', { name: `Change the e-mail of ${unit}` });
  const field = dialog.getByLabel('New e-mail address');
  await field.fill('not an e-mail');
  await dialog.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(field).toHaveAccessibleDescription(/Enter an e-mail address like name@example.com/);
  await field.fill(renamed);
  await dialog.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(page.getByText(`${unit} is now ${renamed}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Sites shared with ${renamed}` })).toBeVisible();
  await expect(page.getByRole('list', { name: `Sites shared with ${renamed}` }).getByRole('listitem')).toHaveCount(2);
  expect((await api.sites_list({ unit: renamed })).map((s) => s.domain).sort()).toEqual(['r1.example', 'r2.example']);
});

test('delete a unit without its sites: they stay in the account, unshared', async ({ page }) => {
  const unit = unitEmail('keep');
  const { session, api } = await accountWith(
    page.request,
    'units-delete',
    [{ name: 'stays-1.example', share: unit }, { name: 'stays-2.example', share: unit }, 'other.example'],
    { agency: true },
  );
  await openSignedIn(page, session, `/units?unit=${encodeURIComponent(unit)}`);
  await expect(page.getByRole('list', { name: `Sites shared with ${unit}` }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete customer…' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete the customer ${unit}?` });
  await expect(
    dialog.getByRole('checkbox', { name: 'Also delete their 2 sites (it cannot be undone)' }),
  ).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Delete customer', exact: true }).click();
  await expect(page.getByText(`${unit} was deleted`, { exact: true })).toBeVisible();
  await expect(page.getByText('Choose a customer to see their sites.')).toBeVisible();
  expect((await api.sites_list({})).map((s) => s.domain).sort()).toEqual([
    'other.example',
    'stays-1.example',
    'stays-2.example',
  ]);
});

test('delete a unit with its sites: the confirmation counts them, and they leave the account', async ({ page }) => {
  const unit = unitEmail('gone');
  const { session, api } = await accountWith(
    page.request,
    'units-delete-sites',
    [{ name: 'gone-1.example', share: unit }, { name: 'gone-2.example', share: unit }, 'other.example'],
    { agency: true },
  );
  // The unit's sites are held back: until they are counted, Delete (the confirmation needs the count) and
  // Share more (it offers the sites not yet shared) wait.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/api/sites_list') && url.searchParams.has('unit'),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  await openSignedIn(page, session, `/units?unit=${encodeURIComponent(unit)}`);
  const remove = page.getByRole('button', { name: 'Delete customer…' });
  await expect(page.getByText('Loading…')).toBeVisible();
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription('Available once the customer’s sites are counted.');
  const shareMore = page.getByRole('button', { name: 'Share more sites…' });
  await expect(shareMore).toBeDisabled();
  await expect(shareMore).toHaveAccessibleDescription('Available once the customer’s sites are counted.');
  release();
  await expect(page.getByRole('list', { name: `Sites shared with ${unit}` }).getByRole('listitem')).toHaveCount(2);
  await expect(remove).toBeEnabled();
  await expect(shareMore).toBeEnabled();
  await remove.click();
  const dialog = page.getByRole('alertdialog', { name: `Delete the customer ${unit}?` });
  await dialog.getByRole('checkbox', { name: 'Also delete their 2 sites (it cannot be undone)' }).check();
  await dialog.getByRole('button', { name: 'Delete customer and 2 sites' }).click();
  await expect(page.getByText(`${unit} was deleted`, { exact: true })).toBeVisible();
  expect((await api.sites_list({})).map((s) => s.domain)).toEqual(['other.example']);
});

test('forget a unit: it leaves this list only; one the service no longer knows can be forgotten too', async ({
  page,
}) => {
  const kept = unitEmail('forget');
  const gone = unitEmail('elsewhere');
  const { session, api } = await accountWith(
    page.request,
    'units-forget',
    [
      { name: 'forget-1.example', share: kept },
      { name: 'forget-2.example', share: gone },
    ],
    { agency: true },
  );
  await openSignedIn(page, session, '/units');
  const list = page.getByRole('navigation', { name: 'Customers' });
  await lookUp(page, kept);
  await expect(page.getByRole('list', { name: `Sites shared with ${kept}` }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Remove from this list' }).click();
  await expect(list.getByRole('button', { name: new RegExp(kept) })).toBeHidden();
  // The service is not changed.
  expect((await api.sites_list({ unit: kept })).map((s) => s.domain)).toEqual(['forget-1.example']);

  // Deleted elsewhere after this browser looked it up: the warning offers the same.
  await lookUp(page, gone);
  await expect(list.getByRole('button', { name: new RegExp(gone) })).toBeVisible();
  await api.unit_delete(gone, { withsites: false });
  await page.reload();
  const warning = page.getByText('The service has no customer with this e-mail any more', { exact: false });
  await expect(warning).toBeVisible();
  await page.getByRole('button', { name: 'Remove from this list' }).click();
  await expect(list.getByRole('button', { name: new RegExp(gone) })).toBeHidden();
  await expect(warning).toBeHidden();
});
