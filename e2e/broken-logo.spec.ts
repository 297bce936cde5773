/** A logo that does not load is tried once a session, not on every page the user opens. */
import { expect, test } from '@playwright/test';
import { apiOf } from './support/accounts.ts';
import { openSignedIn, signInViaApi, uniqueEmail } from './support/session.ts';

test('a broken logo is fetched once in a session, not again on each navigation or a reload', async ({ page }) => {
  const session = await signInViaApi(page.request, uniqueEmail('broken-logo'));
  const logo = `https://logo.invalid/broken-${Date.now().toString(36)}.png`;
  await apiOf(session).agency_update({ title: 'Broken Logo Hosting', email: session.email, logourl: logo });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url() === logo) asked.push(request.url());
  });

  await openSignedIn(page, session, '/');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect.poll(() => asked.length).toBe(1);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [link, heading] of [
    ['Agency', 'Agency'],
    ['Sites', 'Sites'],
    ['Overview', 'Overview'],
    ['Agency', 'Agency'],
  ] as const) {
    await nav.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  // The agency page says the image could not be loaded, from what the session knows.
  await expect(page.getByText('The image could not be loaded from this address.', { exact: false })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Agency' })).toBeVisible();
  await expect(page.getByText('The image could not be loaded from this address.', { exact: false })).toBeVisible();
  expect(asked).toHaveLength(1);
});
