/**
 * After a sign-out or a session that ended, the login page offers the demo
 * again ("Try the demo" and the demo hint) without a reload: for a prospect
 * it is the way in.
 */
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { control, openSignedIn, ownDemoSession, signInByOtp, uniqueEmail } from './support/session.ts';

async function demoOffered(scope: Page | FrameLocator): Promise<void> {
  await expect(scope.getByRole('button', { name: 'Try the demo' })).toBeVisible();
  await expect(scope.getByRole('note').filter({ hasText: 'demo@partner.example' })).toBeVisible();
}

test('signing out (standalone) offers the demo again without a reload', async ({ page }) => {
  // Opened signed in: the login page has not been shown in this page load.
  await openSignedIn(page, await ownDemoSession(page.request), '/');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await demoOffered(page);
});

test('a remembered session that ended offers the demo again without a reload', async ({ page }) => {
  const email = uniqueEmail('ended');
  await page.goto('/login');
  await signInByOtp(page, email, { remember: true });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await control(page.request, 'expire-key', { email });
  // The next request to the API is refused (502): the session ends where the user is. The sync file
  // page asks the API itself (the sites table and the overview read the server's read model, which
  // trusts a proved key for a minute: docs/workspace.md).
  // (The dashboard's own background check may end it first: the link is followed if still there.)
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('nav a[href="/sync-file"]')?.click());
  await expect(page.getByText(/Your session has ended/)).toBeVisible();
  await demoOffered(page);
});

// Signed in inside the frame (a panel that signed it in gets "Signed out" instead: e2e/embed-signed-out.spec.ts).
test('signing out of the embedded dashboard offers the demo again without a reload', async ({ page }) => {
  await page.goto('/sandbox/embed-example');
  const inFrame = page.frameLocator('#dashboard iframe');
  await expect(inFrame.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await inFrame.getByRole('button', { name: 'Try the demo' }).click();
  await expect(inFrame.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await inFrame.getByRole('button', { name: /^Account menu/ }).click();
  await inFrame.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(inFrame.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await demoOffered(inFrame);
});
