import { expect, test } from '@playwright/test';
import { signInByOtp, uniqueEmail } from './support/session.ts';

test('a blocked pop-up offers "Open the dashboard", and the login URL never enters the page', async ({ page }) => {
  await page.goto('/login');
  await signInByOtp(page, uniqueEmail('dashboard'));
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // A pop-up blocker refuses the first new tab.
  await page.evaluate(() => {
    const open = window.open.bind(window);
    let refused = false;
    window.open = (...args: Parameters<typeof window.open>) => {
      if (refused) return open(...args);
      refused = true;
      return null;
    };
  });
  const dashboardCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/dashboard/')) dashboardCalls.push(req.url());
  });

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Open full dashboard' }).click();
  await expect(page.getByText('Your browser blocked the new tab.')).toBeVisible();
  // No 24-hour login link was asked for, nor put in the page.
  expect(dashboardCalls).toEqual([]);
  expect(await page.content()).not.toMatch(/token=|\/sandbox\/dashboard/);

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Open the dashboard' }).click();
  const tab = await popup;
  await tab.waitForURL(/\/sandbox\/dashboard\?token=/);
  await expect(tab.getByText(/Signed in as/)).toBeVisible();
  await expect(page.getByText('Your browser blocked the new tab.')).toHaveCount(0);
  expect(dashboardCalls).toHaveLength(1);
  expect(await page.content()).not.toMatch(/token=|\/sandbox\/dashboard/);
});
