/**
 * The sites page: per-row options and actions, add sites, bulk
 * changes, export and the URL state, each test on an account of its own.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { accountWith, siteNames, tableReady, workspaceOfSession } from './support/accounts.ts';
import { seriousViolations } from './support/look.ts';
import { control, openSignedIn } from './support/session.ts';

/** The answer to the next site_setoption call of the page. */
function optionSaved(page: Page) {
  return page.waitForResponse((r) => r.url().includes('/api/site_setoption/'));
}

test('each switch and the scan period select change the option, and the change survives a reload', async ({ page }) => {
  const domain = 'options-a.example';
  const { session, api } = await accountWith(page.request, 'options', [domain]);
  await openSignedIn(page, session, '/sites');
  await tableReady(page);

  const firewall = page.getByRole('switch', { name: `Firewall, ${domain}` });
  const cleanup = page.getByRole('switch', { name: `Automatic cleanup, ${domain}` });
  const patching = page.getByRole('switch', { name: `Automatic patching, ${domain}` });
  const period = page.getByRole('combobox', { name: `Scan period, ${domain}` });
  await expect(firewall).toBeChecked();
  await expect(cleanup).not.toBeChecked();
  // The API does not report automatic patching: the switch says it does not know, to the eye (the half
  // thumb) and to a screen reader (its name; ARIA has no third state for a switch, which reads as off).
  await expect(patching).toHaveAccessibleName(`Automatic patching, ${domain} (state unknown)`);
  await expect(patching).toHaveAccessibleDescription(/Unknown/);

  let saved = optionSaved(page);
  await firewall.click();
  await expect(firewall).not.toBeChecked();
  await saved;
  saved = optionSaved(page);
  await cleanup.click();
  await expect(cleanup).toBeChecked();
  await saved;
  saved = optionSaved(page);
  await patching.click();
  await expect(patching).toBeChecked();
  await saved;
  saved = optionSaved(page);
  await period.selectOption('day');
  await saved;

  await page.reload();
  await tableReady(page);
  await expect(firewall).not.toBeChecked();
  await expect(cleanup).toBeChecked();
  await expect(patching).toBeChecked();
  await expect(patching).toHaveAccessibleName(`Automatic patching, ${domain}`);
  await expect(patching).toHaveAccessibleDescription(/last set from this dashboard/);
  await expect(period).toHaveValue('day');

  const [site] = await api.sites_list({ withscanreport: true });
  expect(site).toMatchObject({ firewallstatus: 0, autotreatment: 1, scanperiod: 86400 });
});

test('permissions are a number, validated, naming no bit', async ({ page }) => {
  const domain = 'perm.example';
  const { session, api } = await accountWith(page.request, 'perm', [domain]);
  await openSignedIn(page, session, '/sites');
  // Not a column until shown (the Columns menu).
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Permissions' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Permissions, ${domain}` }).click();
  const dialog = page.getByRole('dialog', { name: `Permissions of ${domain}` });
  const field = dialog.getByLabel('Permissions number');
  await field.fill('twelve');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(field).toHaveAccessibleDescription(/whole number/);
  await field.fill('12');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Permissions, ${domain}: 12` })).toBeVisible();
  const [site] = await api.sites_list({});
  expect(site?.permissions).toBe(12);
});

test('an option the key may not use (145904) shows as unavailable with the reason, not as a failure', async ({
  page,
}) => {
  const domain = 'plan-less.example';
  const { session } = await accountWith(page.request, 'unavailable', [domain]);
  await control(page.request, 'plan', { email: session.email, features: [] });
  await openSignedIn(page, session, '/sites');
  const cleanup = page.getByRole('switch', { name: `Automatic cleanup, ${domain}` });
  await cleanup.click();
  await expect(page.getByText('Automatic cleanup is not available with your key', { exact: true })).toBeVisible();
  await expect(cleanup).toBeDisabled();
  await expect(cleanup).not.toBeChecked();
  await expect(cleanup).toHaveAccessibleDescription(/Not available with your key or plan/);
  // Not a row failure to retry.
  await expect(page.getByRole('row', { name: new RegExp(domain) }).getByRole('alert')).toHaveCount(0);
});

test('a failed change rolls back and the row says why in the catalogue’s words', async ({ page }) => {
  const domain = 'rollback.example';
  const { session } = await accountWith(page.request, 'rollback', [domain]);
  await openSignedIn(page, session, '/sites');
  const firewall = page.getByRole('switch', { name: `Firewall, ${domain}` });
  await expect(firewall).toBeChecked();
  await control(page.request, 'fail-next', { method: 'site_setoption', code: 145903, email: session.email });
  await firewall.click();
  await expect(page.getByRole('alert').filter({ hasText: `The firewall of ${domain} was not changed` })).toBeVisible();
  await expect(firewall).toBeChecked();
});

test('remove firewall asks first, then uninstalls it', async ({ page }) => {
  const domain = 'remove-fw.example';
  const { session, api } = await accountWith(page.request, 'remove', [domain]);
  await openSignedIn(page, session, '/sites');
  await page.getByRole('button', { name: `Actions for ${domain}` }).click();
  await page.getByRole('menuitem', { name: `Remove firewall, ${domain}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Remove the firewall from ${domain}?` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await api.sites_list({}))[0]?.firewallstatus).toBe(1);

  await page.getByRole('button', { name: `Actions for ${domain}` }).click();
  await page.getByRole('menuitem', { name: `Remove firewall, ${domain}` }).click();
  await dialog.getByRole('button', { name: 'Remove firewall' }).click();
  await expect(page.getByText(`The firewall was removed from ${domain}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: `Firewall, ${domain}` })).not.toBeChecked();
  expect((await api.sites_list({}))[0]?.firewallstatus).toBe(0);
});

test('scan now shows scanning until the new report, then its result and a toast; 146901 explains the sync file', async ({
  page,
}) => {
  const infected = 'infected-scan.example';
  const nosync = 'nosync-scan.example';
  const { session } = await accountWith(page.request, 'scan', [infected, nosync]);
  await openSignedIn(page, session, '/sites');
  const row = page.locator(`tr[data-domain="${infected}"]`);
  await expect(row.getByText('Never scanned')).toBeVisible();

  await page.getByRole('button', { name: `Actions for ${infected}` }).click();
  await page.getByRole('menuitem', { name: `Scan now, ${infected}` }).click();
  await expect(row.getByText('Scanning…')).toBeVisible();
  await expect(row.getByText('Infected')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Scan of ${infected} finished`, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Actions for ${nosync}` }).click();
  await page.getByRole('menuitem', { name: `Scan now, ${nosync}` }).click();
  const note = page.locator(`tr[data-note-for="${nosync}"]`).getByRole('alert');
  await expect(note).toContainText('The synchronization file is not on this site');
  await note.getByRole('link', { name: 'Open the sync file page' }).click();
  await expect(page).toHaveURL(/\/sync-file$/);
  // The sync file page lists the site, refused, with a re-check that asks the service again.
  const missing = page.getByRole('list', { name: 'Sites that miss the file' }).getByRole('listitem');
  await expect(missing).toHaveCount(1);
  await expect(missing).toContainText(`${nosync}Refused`);
  // The failed scan's notice (12 s) sits in the corner over the list's buttons: closed, as a mouse user would.
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: `${nosync} could not be scanned` })
    .getByRole('button', { name: 'Dismiss' })
    .click();
  await missing.getByRole('button', { name: `Re-check ${nosync}` }).click();
  await expect(missing).toContainText('Still missing');
});

test('delete asks first, naming the site', async ({ page }) => {
  const domain = 'delete-me.example';
  const { session, api } = await accountWith(page.request, 'delete', [domain, 'keep-me.example']);
  await openSignedIn(page, session, '/sites');
  await page.getByRole('button', { name: `Actions for ${domain}` }).click();
  await page.getByRole('menuitem', { name: `Delete site, ${domain}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete ${domain}?` });
  await dialog.getByRole('button', { name: 'Delete site' }).click();
  await expect(page.locator(`tr[data-domain="${domain}"]`)).toHaveCount(0);
  // The row leaves as soon as the page has asked; the service may answer a moment later.
  await expect.poll(async () => (await api.sites_list({})).map((s) => s.domain)).toEqual(['keep-me.example']);
});

test('add sites: good, bad, duplicate, IDN and full-URL lines; the bad one keeps its error inline', async ({
  page,
}) => {
  const { session, api } = await accountWith(page.request, 'add', []);
  await openSignedIn(page, session, '/sites');
  await expect(page.getByRole('heading', { name: 'No sites yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add sites' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Add sites' });
  const lines = [
    'good-one.example',
    'not_a domain',
    'https://full-url.example/shop?x=1',
    'bücher-e2e.example',
    'GOOD-ONE.example',
    'xn--mnchen-3ya.example',
  ];
  await dialog.getByLabel('Sites to add').fill(lines.join('\n'));
  const preview = dialog.getByRole('region', { name: 'Check before adding' });
  await expect(preview.locator('tr[data-line="2"]')).toContainText('Only letters, digits, hyphens and dots');
  await expect(preview.locator('tr[data-line="1"]')).toContainText('The same site is on line 5 too');
  await expect(dialog.getByText('4 sites to add')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add 4 sites' }).click();
  await expect(dialog.getByText('4 sites added.')).toBeVisible();
  // The bad line stays in the box, with its reason next to it.
  await expect(dialog.getByLabel('Sites to add')).toHaveValue('not_a domain');
  await expect(preview.locator('tr[data-line="1"]')).toContainText('Only letters, digits, hyphens and dots');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const listed = (await api.sites_list({})).map((s) => s.domain).sort();
  expect(listed).toEqual(['bücher-e2e.example', 'full-url.example', 'good-one.example', 'münchen.example']);
  for (const domain of listed) await expect(page.locator(`tr[data-domain="${domain}"]`)).toBeVisible();
});

test('a full plan (141900) says how many were added and how many did not fit', async ({ page }) => {
  const { session } = await accountWith(page.request, 'plan-full', ['one.example']);
  await control(page.request, 'plan', { email: session.email, siteLimit: 3 });
  await openSignedIn(page, session, '/sites');
  await page.getByRole('button', { name: 'Add sites' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add sites' });
  await dialog.getByLabel('Sites to add').fill(siteNames('fit', 4).join('\n'));
  await dialog.getByRole('button', { name: 'Add 4 sites' }).click();
  await expect(dialog.getByText('2 sites added.')).toBeVisible();
  await expect(dialog.getByText('Your plan has no room for more sites: 2 sites did not fit.')).toBeVisible();
  await expect(dialog.getByLabel('Sites to add')).toHaveValue(/fit-00\d.example\nfit-00\d.example/);
});

test('share needs the agency record: the dialog says so and links to the agency page', async ({ page }) => {
  const domain = 'shared-site.example';
  const bare = await accountWith(page.request, 'share-noagency', [domain]);
  await openSignedIn(page, bare.session, '/sites');
  await page.getByRole('button', { name: `Actions for ${domain}` }).click();
  await page.getByRole('menuitem', { name: `Share with a customer, ${domain}` }).click();
  const noAgency = page.getByRole('dialog', { name: `Share ${domain} with a customer` });
  await expect(noAgency.getByText('Sharing needs your agency profile')).toBeVisible();
  await expect(noAgency.getByRole('link', { name: 'Open the agency page' })).toHaveAttribute('href', '/agency');
});

test('share with a unit, see the unit’s sites, unshare', async ({ page }) => {
  const domain = 'shared-site.example';
  const unit = `owner-${Date.now().toString(36)}@customer.example`;
  const { session, api } = await accountWith(page.request, 'share', [domain, 'other.example'], { agency: true });
  await openSignedIn(page, session, '/sites');
  await page.getByRole('button', { name: `Actions for ${domain}` }).click();
  await page.getByRole('menuitem', { name: `Share with a customer, ${domain}` }).click();
  const dialog = page.getByRole('dialog', { name: `Share ${domain} with a customer` });
  await dialog.getByLabel('Customer’s e-mail address').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(dialog.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
  await dialog.getByLabel('Customer’s e-mail address').fill(unit);
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText(`Shared with ${unit}`, { exact: true })).toBeVisible();
  expect((await api.sites_list({ unit })).map((s) => s.domain)).toEqual([domain]);

  // The unit is in the directory now: the filter offers it.
  await page.getByRole('combobox', { name: 'Customer' }).selectOption(unit);
  await expect(page).toHaveURL(new RegExp(`unit=${encodeURIComponent(unit).replace(/\./g, '\\.')}`));
  await expect(page.locator('tr[data-domain="other.example"]')).toHaveCount(0);
  await page.getByRole('button', { name: `Actions for ${domain}` }).click();
  await page.getByRole('menuitem', { name: `Stop sharing with ${unit}, ${domain}` }).click();
  await expect(page.getByText(`${domain} is no longer shared with ${unit}`, { exact: true })).toBeVisible();
  await expect(page.locator(`tr[data-domain="${domain}"]`)).toHaveCount(0);
  expect(await api.sites_list({ unit })).toEqual([]);
});

test('a directory too large to list: the Customer filter finds one customer, the directory is never read whole', async ({
  page,
}) => {
  const unit = `needle-${Date.now().toString(36)}@customer.example`;
  const { session, api } = await accountWith(page.request, 'many-customers', ['other-shop.example'], {
    agency: true,
  });
  // 250 customers looked up, then one a site is shared with: past the 200 the select lists.
  const others = Array.from({ length: 250 }, (_, i) => `customer-${String(i).padStart(3, '0')}@hoster.example`);
  await workspaceOfSession(session).addUnits(others, 'lookup');
  expect(await api.sites_add([{ name: 'needle-shop.example', share: unit }])).toEqual({});
  const directoryReads: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/workspace/units' && !url.searchParams.has('q')) directoryReads.push(url.href);
  });
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  const filter = page.getByRole('combobox', { name: 'Customer' });
  await expect(filter.getByRole('option', { name: 'Find a customer…' })).toHaveCount(1);
  await expect(filter.getByRole('option')).toHaveCount(4);

  await filter.selectOption({ label: 'Find a customer…' });
  const dialog = page.getByRole('dialog', { name: 'Show one customer’s sites' });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('searchbox', { name: 'Customer’s e-mail' });
  await expect(box).toBeFocused();
  await expect(dialog.getByRole('status')).toHaveText('The first 50 of 251 that match: type more to find the others.');
  await box.fill('nobody-here');
  await expect(dialog.getByRole('status')).toHaveText('No customer this dashboard knows of contains “nobody-here”.');
  await box.fill('NEEDLE');
  await expect(dialog.getByRole('status')).toHaveText('1 customer matches.');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: `${unit} 1 site` }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`unit=${encodeURIComponent(unit).replace(/\./g, '\\.')}`));
  await expect(page.locator('tr[data-domain="needle-shop.example"]')).toBeVisible();
  await expect(page.locator('tr[data-domain="other-shop.example"]')).toHaveCount(0);
  // The chosen customer is the filter's value; focus is back on it.
  await expect(filter).toHaveValue(unit);
  await expect(filter).toBeFocused();
  // Back to every site: the page is made anew, the filter keeps the focus.
  await filter.selectOption({ label: 'All customers' });
  await expect(page.locator('tr[data-domain="other-shop.example"]')).toBeVisible();
  await expect(filter).toHaveValue('');
  await expect(filter).toBeFocused();
  expect(directoryReads).toEqual([]);
});

test('bulk: firewall off on 50 sites with a progress bar; one injected failure is retried', async ({ page }) => {
  const domains = siteNames('bulk', 50);
  const { session, api } = await accountWith(page.request, 'bulk', domains);
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  // Virtualised: not every row is in the DOM.
  expect(await page.locator('tr[data-domain]').count()).toBeLessThan(50);

  // One, then a range with shift, then all that match.
  await page.getByRole('checkbox', { name: 'Select bulk-000.example' }).click();
  await page.getByRole('checkbox', { name: 'Select bulk-004.example' }).click({ modifiers: ['Shift'] });
  await expect(page.getByText('5 sites selected')).toBeVisible();
  await page.getByRole('button', { name: 'Select all 50 that match' }).click();
  await expect(page.getByText('50 sites selected')).toBeVisible();

  await control(page.request, 'fail-next', { method: 'site_setoption', code: 145903, email: session.email });
  await page.getByRole('button', { name: 'Change the selected sites' }).click();
  await page.getByRole('menuitem', { name: 'Turn the firewall off', exact: true }).click();
  const progress = page.getByRole('progressbar', { name: 'Turn the firewall off, 50 sites' });
  await expect(progress).toBeVisible();
  await expect(page.getByText('49 done')).toBeVisible();
  await expect(page.getByText('1 failed')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Sites that failed' })).toContainText(
    'bulk-000.example: The setting could not be applied',
  );
  await page.getByRole('button', { name: 'Retry the failed site' }).click();
  await expect(page.getByRole('progressbar', { name: 'Turn the firewall off, 1 sites' })).toBeVisible();
  await expect(page.getByText('Finished')).toBeVisible();
  await expect(page.getByText('1 done')).toBeVisible();

  await expect.poll(async () => (await api.sites_list({})).filter((s) => s.firewallstatus === 1).length).toBe(0);
});

test('bulk: an option the key may not use (145904) is not available, not failed, and stays so after a reload', async ({
  page,
}) => {
  const domains = siteNames('noplan', 3);
  const { session } = await accountWith(page.request, 'bulk-unavailable', domains);
  await control(page.request, 'plan', { email: session.email, features: [] });
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  await page.getByRole('checkbox', { name: 'Select all sites that match' }).click();
  await page.getByRole('button', { name: 'Change the selected sites' }).click();
  await page.getByRole('menuitem', { name: 'Turn automatic cleanup on', exact: true }).click();
  await expect(page.getByText('Finished')).toBeVisible();
  await expect(page.getByText('3 not available with your key')).toBeVisible();
  const apart = page.getByRole('group', { name: 'Sites not changed: not available with your key' });
  await expect(apart).toContainText('Automatic cleanup is not available with your key or plan');
  await expect(apart.getByRole('listitem')).toHaveCount(3);
  // Not failures to retry.
  await expect(page.getByRole('group', { name: 'Sites that failed' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  // Nor offered again from the selection bar.
  await page.getByRole('button', { name: 'Change the selected sites' }).click();
  await expect(
    page.getByRole('menuitem', { name: 'Turn automatic cleanup on (not available with your key)' }),
  ).toBeDisabled();
  await page.keyboard.press('Escape');
  // Every row shows the option unavailable, as after a row's own refusal, and still after a reload.
  const cleanup = page.getByRole('switch', { name: `Automatic cleanup, ${domains[1] ?? ''}` });
  await expect(cleanup).toBeDisabled();
  await expect(cleanup).toHaveAccessibleDescription(/Not available with your key or plan/);
  await page.reload();
  await tableReady(page);
  await expect(cleanup).toBeDisabled();
  await expect(cleanup).toHaveAccessibleDescription(/Not available with your key or plan/);
  await page.getByRole('checkbox', { name: 'Select all sites that match' }).click();
  await page.getByRole('button', { name: 'Change the selected sites' }).click();
  await expect(
    page.getByRole('menuitem', { name: 'Turn automatic cleanup on (not available with your key)' }),
  ).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: 'Turn the firewall off', exact: true })).toBeEnabled();
});

test('bulk scan: a site without the sync file (146901) leads to the sync file page, as its row does', async ({
  page,
}) => {
  const nosync = 'nosync-bulk.example';
  const { session } = await accountWith(page.request, 'bulk-scan', [nosync]);
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  await page.getByRole('checkbox', { name: `Select ${nosync}` }).click();
  await page.getByRole('button', { name: 'Change the selected sites' }).click();
  await page.getByRole('menuitem', { name: 'Scan now', exact: true }).click();
  const failed = page.getByRole('group', { name: 'Sites that failed' });
  await expect(failed).toContainText(`${nosync}: The synchronization file is not on this site`);
  await failed.getByRole('link', { name: 'Open the sync file page' }).click();
  await expect(page).toHaveURL(/\/sync-file$/);
});

test('export downloads the filtered view as CSV with UTF-8 names', async ({ page }) => {
  const { session, api } = await accountWith(page.request, 'export', ['café-export.example', 'other.example'], {
    agency: true,
  });
  // Shared with a key the team's workspace knows (as the dashboard's own are): its customer is kept.
  await workspaceOfSession(session).me();
  expect(await api.sites_add([{ name: 'plain-export.example', share: 'owner@export-customer.example' }])).toEqual({});
  await openSignedIn(page, session, '/sites?q=export');
  await tableReady(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const text = await readFile(file, 'utf8');
  const rows = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(rows[0]).toBe(
    'Site,Punycode,Status,Threats,Last scan,Next scan,Firewall,Auto cleanup,Auto patching,Scan period,Permissions,Customer',
  );
  expect(rows).toHaveLength(3);
  expect(rows[1]).toMatch(
    /^café-export\.example,xn--caf-export-.*\.example,Never scanned,,,\S+,on,off,unknown,Weekly,0,$/,
  );
  // The customer as the team knows it, whether or not the table shows its column.
  expect(rows[2]).toMatch(/^plain-export\.example,plain-export\.example,.*,owner@export-customer\.example$/);
});

test('search, filters, sort and unit live in the URL: restored on reload, Back works, bad values fall back', async ({
  page,
}) => {
  const { session } = await accountWith(page.request, 'url', [
    'alpha-one.example',
    'alpha-two.example',
    'beta.example',
  ]);
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  await page.getByRole('searchbox', { name: 'Search sites' }).fill('alpha');
  await expect(page).toHaveURL(/q=alpha/);
  await page.getByRole('combobox', { name: 'Firewall' }).first().selectOption('on');
  await page.getByRole('button', { name: /^Site/ }).click();
  await expect(page).toHaveURL(/desc=true/);

  await page.reload();
  await tableReady(page);
  await expect(page.getByRole('searchbox', { name: 'Search sites' })).toHaveValue('alpha');
  await expect(page.getByRole('combobox', { name: 'Firewall', exact: true })).toHaveValue('on');
  await expect(page.getByRole('columnheader', { name: /^Site/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.locator('tr[data-domain]')).toHaveText([/alpha-two/, /alpha-one/]);

  await page.goBack();
  await expect(page.getByRole('columnheader', { name: /^Site/ })).toHaveAttribute('aria-sort', 'ascending');

  await page.goto('/sites?status=bogus&sort=nope&desc=maybe&unit=not-an-email&q=beta');
  await tableReady(page);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('any');
  await expect(page.locator('tr[data-domain]')).toHaveText([/beta/]);

  // Clear filters resets every filter, the scans filter too (the sort and the unit are not filters).
  await page.goto('/sites?q=nothing-like-this&scan=due&firewall=off&sort=status');
  await expect(page.getByRole('heading', { name: 'No site matches' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Scans' })).toHaveValue('due');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.locator('tr[data-domain]')).toHaveCount(3);
  await expect(page.getByRole('combobox', { name: 'Scans' })).toHaveValue('any');
  await expect(page.getByRole('combobox', { name: 'Firewall', exact: true })).toHaveValue('any');
  await expect(page.getByRole('searchbox', { name: 'Search sites' })).toHaveValue('');
  await expect(page.getByText('3 sites', { exact: true })).toBeVisible();
  await expect.poll(() => [...new URL(page.url()).searchParams.keys()]).toEqual(['sort']);
});

test('scrolled far down, the page keeps the list’s height and stays where it was scrolled', async ({ page }) => {
  const { session } = await accountWith(page.request, 'scroll', siteNames('scroll', 80));
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  // The page scrolls (one scroll); the first row (the keyboard's place) stays in the DOM however far it scrolls.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await expect(page.locator('tr[data-domain="scroll-040.example"]')).toBeVisible();
  // Ten frames later: the same place and height (the rows not rendered still take their space).
  const frames = await page.evaluate(async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      seen.add(`${Math.round(window.scrollY)} of ${document.documentElement.scrollHeight}`);
    }
    return [...seen];
  });
  expect(frames).toHaveLength(1);
  expect(frames[0]).toMatch(new RegExp(` of ${height}$`));
  await expect(page.locator('tr[data-domain="scroll-000.example"]')).toHaveCount(1);
});

test('a search from far down the list updates the rows in view, it does not make them anew', async ({ page }) => {
  const { session } = await accountWith(page.request, 'reuse', siteNames('reuse', 80));
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await expect(page.locator('tr[data-domain="reuse-040.example"]')).toBeVisible();
  // The new list's answer comes after the URL has caught up with the box (300 ms), as from a busy
  // server: that must not scroll the page up and draw the old list's first rows in between.
  await page.route(/\/workspace\/fleet\/sites\?.*q=-00/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  // Mark the rows' elements, then narrow the list to ten sites, which end far above.
  await page.evaluate(() =>
    document.querySelectorAll('tbody[data-index]').forEach((row) => row.setAttribute('data-was', '')),
  );
  // Typed where it is, from far down: focusing the box would first scroll the page up to it, and the
  // rows (asked of the server) would change only after that scroll.
  await page.getByRole('searchbox', { name: 'Search sites' }).evaluate((box: HTMLInputElement) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(box, '-00');
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await expect(page.locator('tr[data-domain]')).toHaveCount(10);
  await expect(page.locator('tr[data-domain]').first()).toHaveAttribute('data-domain', 'reuse-000.example');
  // The ten rows are the elements that were in view, with the new sites (a keystroke is cheaper so).
  await expect(page.locator('tbody[data-index][data-was]')).toHaveCount(10);
});

test('keyboard: arrows move between rows, Space selects, Enter opens the site page', async ({ page }) => {
  const { session } = await accountWith(page.request, 'keys', siteNames('key', 3));
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  const first = page.locator('tr[data-domain="key-000.example"]');
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('tr[data-domain="key-001.example"]')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Select key-001.example' })).toBeChecked();
  await page.keyboard.press('End');
  await expect(page.locator('tr[data-domain="key-002.example"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sites\/key-002\.example$/);
  await expect(page.getByRole('heading', { name: 'key-002.example' })).toBeVisible();
});
