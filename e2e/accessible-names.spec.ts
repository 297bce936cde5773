/**
 * WCAG 2.5.3 (label in name): a control's accessible name starts with the
 * words it shows, so a speech user can say what they see. Checked on the
 * sites' row menu and the overview's "Needs attention" actions.
 */
import { expect, test, type Locator } from '@playwright/test';
import { accountWith } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';

/** Each control's visible words (a trailing "…" aside) and whether its name starts with them. */
async function labelsInNames(controls: Locator): Promise<{ visible: string; name: string; ok: boolean }[]> {
  const found = [];
  for (const control of await controls.all()) {
    const visible = (await control.innerText()).replace(/\s+/g, ' ').replace(/…$/, '').trim();
    const name = (await control.getAttribute('aria-label')) ?? visible;
    found.push({ visible, name, ok: name.toLowerCase().startsWith(visible.toLowerCase()) });
  }
  return found;
}

test('the row menu and the overview’s fixes: each name starts with the visible words', async ({ page }) => {
  const infected = 'infected-names.example';
  const unguarded = 'unguarded-names.example';
  const { session, api } = await accountWith(page.request, 'names', [infected, unguarded]);
  for (const domain of [infected, unguarded]) await api.site_scan(domain);
  await expect
    .poll(async () => (await api.sites_list({ withscanreport: true })).filter((s) => s.scanreport).length, {
      timeout: 30_000,
    })
    .toBe(2);
  await api.site_setoption(unguarded, 'firewall', 'disable');

  await openSignedIn(page, session, '/');
  const attention = page.getByRole('region', { name: 'Needs attention' });
  await expect(attention.getByRole('listitem')).toHaveCount(2);
  const fixes = await labelsInNames(attention.getByRole('button'));
  expect(fixes.map((f) => f.visible)).toEqual(expect.arrayContaining(['Enable cleanup', 'Enable firewall']));
  expect(fixes.filter((f) => !f.ok)).toEqual([]);

  await page.goto('/sites');
  await page.getByRole('button', { name: `Actions for ${unguarded}` }).click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const menu = await labelsInNames(items);
  expect(menu.map((m) => m.visible)).toEqual(
    expect.arrayContaining(['Open site page', 'Share with a customer', 'Delete site']),
  );
  expect(menu.filter((m) => !m.ok)).toEqual([]);
});
