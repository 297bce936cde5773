/**
 * The team's workspace in two browsers: colleagues signed in to one account
 * (each with a key of their own) see the same customers, the same Customer
 * column and the same patching state, with who set it; the Units page
 * reconciles on demand; what a browser kept before is offered once.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { accountWith, apiOf, tableReady } from './support/accounts.ts';
import { openSignedIn, signInViaApi, type E2eSession } from './support/session.ts';

async function pageOf(browser: Browser, session: E2eSession, path: string): Promise<Page> {
  // Wide enough for the Customer column (narrower, the filter, the search and the site page name the customer).
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  await openSignedIn(page, session, path);
  return page;
}

test('two colleagues see the same customers, Customer column and patching', async ({ browser, request }) => {
  const { session: ana } = await accountWith(request, 'team', ['one.example', 'two.example'], { agency: true });
  const ben = await signInViaApi(request, ana.email);
  const customer = `shop-${Date.now().toString(36)}@customer.example`;

  const first = await pageOf(browser, ana, '/sites');
  await tableReady(first);
  const patching = first.getByRole('switch', { name: 'Automatic patching, one.example (state unknown)' });
  await patching.click();
  await expect(first.getByRole('switch', { name: 'Automatic patching, one.example' })).toBeChecked();
  // A share through the proxy with the same (now proved) key: the workspace records it as it passes.
  await apiOf(ana).sites_add([{ name: 'one.example', share: customer }]);
  await first.reload();
  await expect(first.locator('tr[data-domain="one.example"]').getByRole('link', { name: customer })).toBeVisible();

  const second = await pageOf(browser, ben, '/sites');
  await tableReady(second);
  await expect(second.getByRole('columnheader', { name: /Customer/ })).toBeVisible();
  await expect(second.locator('tr[data-domain="one.example"]').getByRole('link', { name: customer })).toBeVisible();
  await expect(second.locator('tr[data-domain="two.example"]')).toContainText('None known');
  const seen = second.getByRole('switch', { name: 'Automatic patching, one.example' });
  await expect(seen).toBeChecked();
  await expect(seen).toHaveAccessibleDescription(new RegExp(`Set by ${ana.email.replace(/[.]/g, '\\.')} on `));

  // The search finds a site by its customer's e-mail.
  await second.getByRole('searchbox', { name: 'Search sites' }).fill(customer.slice(0, 8));
  await expect(second.locator('tr[data-domain]')).toHaveCount(1);
  // The Customer filter: the sites the workspace knows a customer of, and those it knows none of.
  await second.getByRole('searchbox', { name: 'Search sites' }).fill('');
  const customerFilter = second.getByRole('combobox', { name: 'Customer', exact: true });
  await customerFilter.selectOption({ label: 'Shared with a customer' });
  await expect(second.locator('tr[data-domain]')).toHaveCount(1);
  await expect(second.locator('tr[data-domain="one.example"]')).toBeVisible();
  await customerFilter.selectOption({ label: 'No customer known' });
  await expect(second.locator('tr[data-domain="two.example"]')).toBeVisible();
  await expect(second.locator('tr[data-domain]')).toHaveCount(1);
  await customerFilter.selectOption({ label: 'All customers' });
  await expect(second.locator('tr[data-domain]')).toHaveCount(2);
  await second.getByRole('searchbox', { name: 'Search sites' }).fill(customer.slice(0, 8));
  await expect(second.locator('tr[data-domain]')).toHaveCount(1);

  await second.goto('/units');
  const list = second.getByRole('navigation', { name: 'Customers' });
  await expect(list.getByRole('button', { name: new RegExp(customer) })).toContainText(
    'Shared with from this dashboard',
  );
  // The background reconcile waits a minute after a page opens: this one is on demand.
  await expect(second.getByTestId('last-reconciled')).toHaveText('Not reconciled yet');
  await second.getByRole('button', { name: 'Reconcile now' }).click();
  await expect(second.getByTestId('last-reconciled')).toHaveText(/^Last reconciled /);
  await expect(list.getByRole('button', { name: new RegExp(customer) })).toContainText('1 site · checked');

  // The site page and the first colleague's Units page say the same.
  await first.goto('/sites/one.example');
  await expect(first.locator('dl').getByText(customer)).toBeVisible();
  await first.goto('/units');
  await expect(first.getByTestId('last-reconciled')).toHaveText(/^Last reconciled /);
});

test('what this browser kept before is offered once: Import, then gone from the browser', async ({ page, request }) => {
  const { session } = await accountWith(request, 'import', []);
  const kept = `kept-${Date.now().toString(36)}@customer.example`;
  await openSignedIn(page, session, '/units');
  await expect(page.getByText('No customers yet.', { exact: false })).toBeVisible();
  await page.evaluate(
    ([email, unit]) => {
      localStorage.setItem(`psd.units.${email}`, JSON.stringify([{ email: unit, source: 'lookup', added: 1 }]));
      // When a scan period was set here goes to the workspace without a question.
      localStorage.setItem(`psd.period-set.${email}`, JSON.stringify({ 'a.example': Math.floor(Date.now() / 1000) }));
    },
    [session.email, kept],
  );
  await page.reload();
  await expect
    .poll(() => page.evaluate((email) => localStorage.getItem(`psd.period-set.${email}`), session.email))
    .toBeNull();
  const notice = page.getByRole('region', { name: 'Customers kept in this browser' });
  await expect(notice).toContainText('This browser kept 1 customer');
  await notice.getByRole('button', { name: 'Import' }).click();
  await expect(notice).toBeHidden();
  const list = page.getByRole('navigation', { name: 'Customers' });
  await expect(list.getByRole('button', { name: new RegExp(kept) })).toContainText('Imported from a browser');
  expect(await page.evaluate((email) => localStorage.getItem(`psd.units.${email}`), session.email)).toBeNull();
  await page.reload();
  await expect(list.getByRole('button', { name: new RegExp(kept) })).toBeVisible();
  await expect(notice).toBeHidden();
});
