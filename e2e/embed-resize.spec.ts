/**
 * Embedded at 360 px, the login frame reports its real content height from
 * the start, while the panel has not scrolled it into view (Chromium renders
 * an out-of-view frame of another site rarely): the panel sizes it once, and
 * it does not jump when scrolled to.
 */
import { expect, test } from '@playwright/test';

test('at 360 px the panel sizes the login frame to its content before it is scrolled into view', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  for (let load = 0; load < 3; load++) {
    await page.goto('/sandbox/embed-example');
    const iframe = page.locator('#dashboard iframe');
    const inFrame = page.frameLocator('#dashboard iframe');
    await expect(inFrame.getByRole('heading', { name: 'Sign in' })).toBeAttached();
    await expect(inFrame.getByRole('button', { name: 'Try the demo' })).toBeAttached();
    // Nothing scrolled: the panel's page stays at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const content = () => inFrame.locator('#root').evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
    await expect
      .poll(async () => (await iframe.evaluate((el) => el.clientHeight)) - (await content()), {
        message: `load ${load + 1}: the frame's height is its content's`,
      })
      .toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  }
});
