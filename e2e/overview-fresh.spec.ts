/**
 * The overview and the site page read the fleet as the server last read it
 * (docs/workspace.md#the-read-model), and say how fresh that is: a write made
 * from the dashboard shows at once, without a read; a change made at the
 * service by another key (not through this dashboard) shows once Refresh has
 * read the fleet again.
 */
import { expect, test, type Page } from '@playwright/test';
import { accountWith, apiOf } from './support/accounts.ts';
import { openSignedIn, signInViaApi, type E2eSession } from './support/session.ts';

const firewallOff = (page: Page) => page.getByRole('link', { name: /^Firewall off: \d+\. Show these sites$/ });
const freshness = (page: Page) => page.getByTestId('fleet-freshness');
/** The freshness line once no read is under way: "As of 11:42 AM". */
const AS_OF = /^As of \d{1,2}:\d{2}( [AP]M)?$/;

/**
 * A change made at the service by another key of the account (a partner's
 * script, say), which the dashboard's server has never seen: its writes are
 * not applied to what the server knows (it records the writes of keys it has
 * proved only), so they show once the fleet is read again.
 */
async function changeElsewhere(page: Page, session: E2eSession, domain: string, value: 'enable' | 'disable') {
  const other = await signInViaApi(page.request, session.email);
  expect(other.apiKey).not.toBe(session.apiKey);
  await apiOf(other).site_setoption(domain, 'firewall', value);
}

test('a firewall switched off on the site page counts on the overview at once, without a read', async ({ page }) => {
  const domain = 'switched.example';
  const { session } = await accountWith(page.request, 'fresh-write', [domain, 'other.example']);
  await openSignedIn(page, session, '/');
  await expect(firewallOff(page)).toHaveText('0');
  await expect(freshness(page)).toHaveText(AS_OF);
  const asOf = await freshness(page).textContent();

  await page.getByRole('region', { name: 'Needs attention' }).getByRole('link', { name: domain }).click();
  await expect(page.getByRole('heading', { level: 1, name: domain })).toBeVisible();
  await expect(freshness(page)).toHaveText(asOf ?? '');
  const toggle = page.getByRole('switch', { name: `Firewall, ${domain}` });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId('firewall-off')).toBeVisible();

  await page.getByRole('link', { name: 'Overview' }).first().click();
  await expect(firewallOff(page)).toHaveText('1');
  // The same read as before: the write was applied to what the server knows, not read again.
  await expect(freshness(page)).toHaveText(asOf ?? '');
  // And a reload reads it from the server, not from the page's memory.
  await page.reload();
  await expect(firewallOff(page)).toHaveText('1');
});

test('a change made at the service by another key shows after Refresh, on the overview and the site page', async ({
  page,
}) => {
  const domain = 'direct.example';
  const { session } = await accountWith(page.request, 'fresh-direct', [domain]);
  await openSignedIn(page, session, '/');
  await expect(firewallOff(page)).toHaveText('0');
  await expect(freshness(page)).toHaveText(AS_OF);

  await changeElsewhere(page, session, domain, 'disable');
  // What the server knows is fresh (READMODEL_REFRESH_SECONDS): reloading shows the same figure.
  await page.reload();
  await expect(freshness(page)).toHaveText(AS_OF);
  await expect(firewallOff(page)).toHaveText('0');

  const refresh = page.getByRole('button', { name: /Refresh/ });
  await refresh.click();
  await expect(firewallOff(page)).toHaveText('1');
  await expect(freshness(page)).toHaveText(AS_OF);
  await expect(refresh).toBeFocused();

  // The site page: the same way, with its own freshness line and Refresh.
  await changeElsewhere(page, session, domain, 'enable');
  await page.goto(`/sites/${domain}`);
  const toggle = page.getByRole('switch', { name: `Firewall, ${domain}` });
  await expect(toggle).not.toBeChecked();
  await expect(freshness(page)).toHaveText(AS_OF);
  await page.getByRole('button', { name: /Refresh/ }).click();
  await expect(toggle).toBeChecked();
});
