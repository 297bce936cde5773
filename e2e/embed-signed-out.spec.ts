/**
 * Signing out inside a frame the panel signed in: the panel hears
 * `signed-out`, and the frame says "Signed out" instead of offering a login
 * form (the panel signs it in again).
 */
import { expect, test } from '@playwright/test';

test('embedded Sign out in a frame the panel signed in: the panel is told, the frame says Signed out', async ({
  page,
}) => {
  await page.goto('/sandbox/embed-example');
  const events = page.locator('#events');
  const inFrame = page.frameLocator('#dashboard iframe');
  await expect(inFrame.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in as the demo account' }).click();
  await expect(inFrame.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(events).toContainText('signed-in');
  await expect(events).not.toContainText('signed-out');

  await inFrame.getByRole('button', { name: /^Account menu/ }).click();
  await inFrame.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(events).toContainText('signed-out');
  await expect(inFrame.getByRole('heading', { level: 1, name: 'Signed out' })).toBeVisible();
  await expect(inFrame.getByText('Your control panel signs you in again')).toBeVisible();
  await expect(inFrame.getByRole('textbox')).toHaveCount(0);
  await expect(inFrame.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);

  // The panel signs the frame in again.
  await page.getByRole('button', { name: 'Sign in as the demo account' }).click();
  await expect(inFrame.getByRole('heading', { name: 'Overview' })).toBeVisible();
});
