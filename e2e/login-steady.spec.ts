import { expect, test } from '@playwright/test';

/**
 * The login page does not move under the user: whether it offers the demo (the
 * sandbox's /sandbox/health) is known before its content shows, so "Try the demo"
 * and the demo e-mail do not push the form down when the answer comes. The
 * answer is held until the page's header shows, as on a slow connection.
 */
test('the login page does not move when the demo offer comes', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/sandbox/health', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/login');
  await expect(page.getByRole('banner')).toBeVisible();
  // Painted with the header before the answer is let through.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  release();
  await expect(page.getByRole('button', { name: 'Try the demo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use the demo e-mail' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0);
});
