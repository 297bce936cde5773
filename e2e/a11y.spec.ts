import { expect, test } from '@playwright/test';
import { signInByOtp, uniqueEmail } from './support/session.ts';
import { WIDE, seriousViolations } from './support/look.ts';

for (const scheme of ['light', 'dark'] as const) {
  test(
    `axe finds nothing serious on the login page and the shell (${scheme})`,
    scheme === 'dark' ? WIDE : {},
    async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/login');
      await expect(page.getByLabel('E-mail address')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByLabel('E-mail address').fill(uniqueEmail(`axe-${scheme}`));
      await page.getByRole('button', { name: 'Send me a code' }).click();
      await expect(page.getByLabel('One-time code')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/login');
      await signInByOtp(page, uniqueEmail(`axe-shell-${scheme}`));
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
}

test('the shell works at 360 px wide (a hoster panel iframe) and by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 720 });
  await page.goto('/login');
  await signInByOtp(page, uniqueEmail('narrow'));
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  // Nothing is wider than the viewport.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The skip link is the first stop of the keyboard path from the top of the page: a page
  // loaded afresh (after the sign-in's navigation, focus is on the heading, and Tab goes on
  // into the page's own links, such as the overview's).
  await page.reload();
  await expect(page.getByRole('main')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText(/skip/i);
});

const PAGES = [
  { label: 'Overview', path: /\/$/ },
  { label: 'Sites', path: /\/sites$/ },
  { label: 'Units', path: /\/units$/ },
  { label: 'Activity', path: /\/activity$/ },
  { label: 'Agency', path: /\/agency$/ },
  { label: 'Sync file', path: /\/sync-file$/ },
  { label: 'Developer', path: /\/developer$/ },
] as const;

test('at 360 px every page is reachable from the Menu, by click and by keyboard; the brand reads whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 720 });
  await page.goto('/login');
  await signInByOtp(page, uniqueEmail('menu'));
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link')).toHaveCount(0);

  // The product name (no agency record) fits in its lines, not cut off.
  const brand = page.getByRole('banner').getByRole('link').first();
  await expect(brand).toHaveAttribute('title', 'Partner Security Dashboard');
  const clipped = await brand.getByTestId('agency-brand-title').evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  expect(clipped).toBe(false);

  for (const { label, path } of PAGES) {
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const link = nav.getByRole('link', { name: label, exact: true });
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  }

  // By keyboard: Enter opens the list, Tab walks it in order, Enter follows a link.
  for (const [i, { label, path }] of PAGES.entries()) {
    await menu.focus();
    await page.keyboard.press('Enter');
    for (let t = 0; t <= i; t++) await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: label })).toBeFocused();
  }

  // Escape closes the list and gives focus back to the button.
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('no Content-Security-Policy violation while signing in', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  const res = await page.goto('/login');
  expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
  await signInByOtp(page, uniqueEmail('csp'));
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(violations).toEqual([]);
});
