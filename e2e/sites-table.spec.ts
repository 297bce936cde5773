/**
 * The sites table where staff spend their day: names readable and rows
 * compact at 1280×800, columns chosen once and kept, one scroll.
 */
import { expect, test, type Page } from '@playwright/test';
import { accountWith, siteNames, tableReady } from './support/accounts.ts';
import { DEMO_EMAIL, control, openSignedIn, signInViaApi } from './support/session.ts';

/** Site names shown whole (nothing cut) and rows wholly inside the window, as counted on the page. */
function measureRows(page: Page) {
  return page.evaluate(() => {
    const names = [...document.querySelectorAll<HTMLElement>('tr[data-domain] a[href^="/sites/"]')];
    const rows = [...document.querySelectorAll<HTMLElement>('tr[data-domain]')];
    const inView = rows.filter((r) => {
      const box = r.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    const inViewNames = inView.map((r) => r.querySelector<HTMLElement>('a[href^="/sites/"]'));
    return {
      rendered: names.length,
      whole: names.filter((a) => a.scrollWidth <= a.clientWidth).length,
      rowsInView: inView.length,
      wholeInView: inViewNames.filter((a) => a !== null && a.scrollWidth <= a.clientWidth).length,
    };
  });
}

test('1280×800, the demo: at least 12 rows fit, every name in view shows whole', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const session = await signInViaApi(page.request, DEMO_EMAIL);
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  await expect(page.locator('tr[data-domain]').nth(11)).toBeAttached();
  const counts = await measureRows(page);
  test.info().annotations.push({ type: 'measured', description: JSON.stringify(counts) });
  expect(counts.rowsInView, JSON.stringify(counts)).toBeGreaterThanOrEqual(12);
  expect(counts.wholeInView, JSON.stringify(counts)).toBe(counts.rowsInView);
});

test('1280 px: a 30-character name shows whole; permissions are not a column until shown', async ({ page }) => {
  const long = 'alpine-dental-clinic-zurich.ch'; // 30 characters
  expect(long).toHaveLength(30);
  const { session } = await accountWith(page.request, 'long-name', [long, ...siteNames('short', 3)]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  const name = page.locator(`tr[data-domain="${long}"] a[href^="/sites/"]`);
  await expect(name).toBeVisible();
  expect(await name.evaluate((a) => a.scrollWidth <= a.clientWidth)).toBe(true);
  await expect(page.getByRole('columnheader', { name: /Permissions/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Permissions, ${long}: 0` })).toHaveCount(0);
  // The scan period is a compact control: no taller than the row's other controls.
  const period = page.getByRole('combobox', { name: `Scan period, ${long}` });
  expect((await period.boundingBox())?.height).toBeLessThanOrEqual(32);
});

test('columns: hidden and shown from the Columns menu, kept on the device across a reload', async ({ page }) => {
  const domain = 'columns.example';
  const { session } = await accountWith(page.request, 'columns', [domain]);
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Columns' });
  await menu.getByRole('menuitemcheckbox', { name: 'Permissions' }).click();
  await menu.getByRole('menuitemcheckbox', { name: 'Auto patching' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Permissions, ${domain}: 0` })).toBeVisible();
  await expect(page.getByRole('switch', { name: /Automatic patching/ })).toHaveCount(0);

  await page.reload();
  await tableReady(page);
  await expect(page.getByRole('button', { name: `Permissions, ${domain}: 0` })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Auto patching/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Auto patching' })).not.toBeChecked();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Permissions' })).toBeChecked();
});

test('columns: with storage blocked (a panel’s frame) the choice still works, in memory', async ({ page }) => {
  const domain = 'blocked-storage.example';
  const { session } = await accountWith(page.request, 'columns-blocked', [domain]);
  // As Chromium does for a third-party frame with storage blocked: touching localStorage throws.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Threats' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: /Threats/ })).toHaveCount(0);
  // Another page and back: the choice is remembered for the session.
  await page.getByRole('link', { name: 'Overview' }).first().click();
  await page.getByRole('link', { name: 'Sites' }).first().click();
  await tableReady(page);
  await expect(page.getByRole('columnheader', { name: /Threats/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('one scroll: the page scrolls, not a box in it, and the table’s header sticks to the window', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { session } = await accountWith(page.request, 'one-scroll', siteNames('scroll', 80));
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  const table = page.getByRole('table', { name: 'Sites' });
  // No ancestor of the table scrolls on its own.
  const scrollers = await table.evaluate((el) => {
    const found: string[] = [];
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      const { overflowY } = getComputedStyle(e);
      if (overflowY === 'auto' || overflowY === 'scroll') found.push(`${e.tagName}.${e.className}`);
    }
    return found;
  });
  expect(scrollers).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await expect(page.locator('tr[data-domain="scroll-040.example"]')).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const header = page.getByRole('columnheader', { name: /^Site/ });
  await expect.poll(async () => Math.round((await header.boundingBox())?.y ?? -1)).toBe(0);
  // The last row is reached by scrolling the page to its end.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.locator('tr[data-domain="scroll-079.example"]')).toBeInViewport();
});

test('one scroll in a hoster panel: the frame is as tall as the list, the header sticks in the panel’s window', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/sandbox/embed-example');
  const inFrame = page.frameLocator('#dashboard iframe');
  await page.getByRole('button', { name: 'Sign in as the demo account' }).click();
  await expect(inFrame.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.getByRole('button', { name: 'Sites' }).click();
  await expect(inFrame.getByRole('table', { name: /Sites/ })).toBeVisible();
  // The list's whole height is in the frame (the panel's page scrolls), not a box of 36rem.
  const frameHeight = async () => (await page.locator('#dashboard iframe').boundingBox())?.height ?? 0;
  await expect.poll(frameHeight).toBeGreaterThan(60 * 36);
  // Scrolled down the panel's page: the rows there are rendered, and the header is in the window.
  const row = inFrame.locator('tr[data-domain]').nth(0);
  await expect(row).toBeVisible();
  const frameTop = (await page.locator('#dashboard iframe').boundingBox())?.y ?? 0;
  await page.evaluate((y) => window.scrollTo(0, y), Math.round(frameTop + 1500));
  const header = inFrame.getByRole('columnheader', { name: /^Site/ });
  await expect.poll(async () => Math.round((await header.boundingBox())?.y ?? -1)).toBeGreaterThanOrEqual(0);
  await expect.poll(async () => Math.round((await header.boundingBox())?.y ?? 9999)).toBeLessThan(80);
  await expect
    .poll(() =>
      inFrame.locator('tr[data-domain]').evaluateAll(
        (rows) =>
          rows.filter((r) => {
            const box = r.getBoundingClientRect();
            return box.height > 0;
          }).length,
      ),
    )
    .toBeGreaterThan(10);
});

test('filters: one row at 1280, "Never scanned" in one filter only, Customer, and Clear filters once one is set', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { session } = await accountWith(page.request, 'filters', siteNames('filter', 3));
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  const names = ['Status', 'Firewall', 'Automatic cleanup', 'Scan period', 'Scans', 'Customer'];
  const tops = new Set<number>();
  for (const name of names) {
    const box = await page.getByRole('combobox', { name, exact: true }).boundingBox();
    tops.add(Math.round(box?.y ?? -1));
  }
  expect([...tops]).toHaveLength(1);
  // "Never scanned" is offered once, in the scans filter.
  const offers = await page
    .getByRole('combobox')
    .evaluateAll((selects) =>
      selects
        .flatMap((s) => [...(s as HTMLSelectElement).options].map((o) => o.text))
        .filter((t) => /never scanned/i.test(t)),
    );
  expect(offers).toEqual(['Never scanned or overdue']);
  await expect(page.getByRole('combobox', { name: 'Customer', exact: true })).toHaveValue('');
  await expect(page.getByRole('option', { name: 'All customers' })).toHaveCount(1);

  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Firewall', exact: true }).selectOption('off');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('combobox', { name: 'Firewall', exact: true })).toHaveValue('any');
  await expect(page.locator('tr[data-domain]')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  // The button is gone with the filters: the focus is on the search box, not lost to the page.
  await expect(page.getByRole('searchbox')).toBeFocused();
});

test('a toggle says so with Undo, and in a filtered view its row stays, focus on its switch, until the view changes', async ({
  page,
}) => {
  const [a, b, c] = siteNames('toggle', 3) as [string, string, string];
  const { session, api } = await accountWith(page.request, 'toggle', [a, b, c]);
  await openSignedIn(page, session, '/sites?firewall=on');
  await tableReady(page);
  const firewall = page.getByRole('switch', { name: `Firewall, ${a}` });
  await firewall.focus();
  await page.keyboard.press('Space');
  const confirmation = page.getByRole('status').filter({ hasText: `The firewall of ${a}: Off` });
  await expect(confirmation).toBeVisible();
  // Still in the "firewall on" view, its switch still has the focus (not the next site's).
  await expect(page.locator('tr[data-domain]')).toHaveCount(3);
  await expect(firewall).not.toBeChecked();
  await expect(firewall).toBeFocused();
  await expect.poll(async () => (await api.sites_list({})).find((s) => s.domain === a)?.firewallstatus).toBe(0);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(firewall).toBeChecked();
  await expect.poll(async () => (await api.sites_list({})).find((s) => s.domain === a)?.firewallstatus).toBe(1);

  // Off again, then the user moves on (another sort): the row, no longer matching, leaves the view.
  await firewall.click();
  await expect(firewall).not.toBeChecked();
  await expect(page.locator('tr[data-domain]')).toHaveCount(3);
  await page.getByRole('button', { name: /^Status/ }).click();
  await expect(page.locator(`tr[data-domain="${a}"]`)).toHaveCount(0);
  await expect(page.locator('tr[data-domain]')).toHaveCount(2);
});

test('keyboard: one Tab stop per row, arrows reach its controls, and Back from a site page returns to its row', async ({
  page,
}) => {
  const [a, b, c] = siteNames('tabs', 3) as [string, string, string];
  const { session } = await accountWith(page.request, 'tabs', [a, b, c]);
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  // Screen readers are told how the keyboard moves in it.
  await expect(page.getByRole('table', { name: /Sites/ })).toHaveAccessibleDescription(/one Tab stop.*Up and Down/);
  const first = page.locator(`tr[data-domain="${a}"]`);
  await first.focus();
  // Tab leaves the table: no control of this row or the next is a Tab stop.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('table') === null)).toBe(true);

  // Right arrow walks the row's controls; Escape goes back to the row.
  await first.focus();
  const firewall = page.getByRole('switch', { name: `Firewall, ${a}` });
  for (let i = 0; i < 8 && !(await firewall.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(firewall).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(firewall).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(first).toBeFocused();

  // Enter opens the site; Back puts the focus on its row again.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(`tr[data-domain="${c}"]`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: c })).toBeVisible();
  await page.goBack();
  await expect(page.locator(`tr[data-domain="${c}"]`)).toBeFocused();
  // And a click on a site's name, then Back.
  await page.locator(`tr[data-domain="${b}"]`).getByRole('link', { name: b }).click();
  await expect(page.getByRole('heading', { name: b })).toBeVisible();
  await page.goBack();
  await expect(page.locator(`tr[data-domain="${b}"]`)).toBeFocused();
});

test('plan usage: "3 of 5 sites" in Add sites and on the overview, from the service’s site limit', async ({ page }) => {
  const { session } = await accountWith(page.request, 'plan-usage', siteNames('plan', 3));
  await control(page.request, 'plan', { email: session.email, siteLimit: 5 });
  await openSignedIn(page, session, '/');
  await expect(page.getByText('3 of 5 sites in your plan', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Sites' }).first().click();
  await tableReady(page);
  await page.getByRole('button', { name: 'Add sites' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add sites' });
  await expect(dialog.getByText('3 of 5 sites in your plan', { exact: true })).toBeVisible();
});

test('bulk: chosen and applied in one step; the progress is docked and does not push the table down', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { session, api } = await accountWith(page.request, 'bulk-dock', siteNames('dock', 4));
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  const table = page.getByRole('table', { name: 'Sites' });
  const top = async () => Math.round((await table.boundingBox())?.y ?? -1);
  const before = await top();
  await page.getByRole('checkbox', { name: 'Select all sites that match' }).click();
  await expect(page.getByText('4 sites selected')).toBeVisible();
  expect(await top()).toBe(before);
  // One step: the menu's item applies its change (no separate Apply).
  await page.getByRole('button', { name: 'Change the selected sites' }).click();
  await page.getByRole('menuitem', { name: 'Turn the firewall off', exact: true }).click();
  const progress = page.getByRole('region', { name: 'Turn the firewall off, 4 sites' });
  await expect(progress.getByText('Finished')).toBeVisible();
  expect(await top()).toBe(before);
  // Docked: inside the window, at its bottom.
  const box = await progress.boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(800);
  expect(box?.y ?? 0).toBeGreaterThan(400);
  await expect.poll(async () => (await api.sites_list({})).filter((s) => s.firewallstatus === 1).length).toBe(0);
});

test('two sorts in quick succession: the one asked for last is shown, even when the first answers later', async ({
  page,
}) => {
  const { session } = await accountWith(page.request, 'two-sorts', siteNames('two-sorts', 4));
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  // The first sort's rows come late (a slow moment of the server); the second's at once.
  await page.route(/\/workspace\/fleet\/sites\?sort=threats/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  const late = page.waitForResponse(/\/workspace\/fleet\/sites\?sort=threats/);
  const header = (name: string) => page.getByRole('columnheader', { name }).getByRole('button');
  await header('Threats').click();
  await header('Last scan').click();
  await expect(page.getByRole('columnheader', { name: 'Last scan' })).toHaveAttribute('aria-sort', /ending/);
  // The late answer in, and a frame after it: neither it nor the first sort's wait (200 ms) took anything back.
  await late;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await expect(page).toHaveURL(/sort=lastScan/);
  await expect(page.getByRole('columnheader', { name: 'Threats' })).toHaveAttribute('aria-sort', 'none');
});

test("a second click on a header, before the first one's rows are in, turns the order round", async ({ page }) => {
  const { session } = await accountWith(page.request, 'sort-twice', siteNames('sort-twice', 4));
  await openSignedIn(page, session, '/sites');
  await tableReady(page);
  // Slow answers: both clicks land while the first one's rows are on their way.
  await page.route(/\/workspace\/fleet\/sites\?sort=threats/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  const threats = page.getByRole('columnheader', { name: 'Threats' });
  // Two clicks a moment apart, as a quick double click lands (each in a task of its own, well within
  // the 200 ms the first waits for its rows): the second reads the order the first asked for.
  for (let i = 0; i < 2; i++) await threats.getByRole('button').evaluate((button: HTMLButtonElement) => button.click());
  await expect(threats).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=threats(?!.*desc=true)/);
  await expect(page.getByRole('columnheader', { name: 'Site', exact: true })).toHaveAttribute('aria-sort', 'none');
});

test('the dashboard’s own server out of reach reads as such, with Retry that brings the table back', async ({
  page,
}) => {
  const { session } = await accountWith(page.request, 'own-down', siteNames('own-down', 3));
  // The fleet's window cannot be read: the connection is refused (the server down, or the network).
  let down = true;
  await page.route(/\/workspace\/fleet\/sites/, (route) =>
    down ? route.abort('connectionrefused') : route.continue(),
  );
  await openSignedIn(page, session, '/sites');
  await expect(page.getByRole('heading', { name: 'Dashboard server unavailable' })).toBeVisible();
  await expect(page.getByText('The dashboard could not reach its own server', { exact: false })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  down = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await tableReady(page);
  await expect(page.locator('tr[data-domain]')).toHaveCount(3);
});
