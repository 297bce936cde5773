import { expect, test } from '@playwright/test';
import { openSignedIn, signInViaApi, uniqueEmail } from './support/session.ts';

test('a session made through the API opens the dashboard signed in, and signing out ends it', async ({ page }) => {
  const session = await signInViaApi(page.request, uniqueEmail('api-session'));
  await openSignedIn(page, session, '/sites');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page).toHaveURL(/\/sites$/);
  await page.getByRole('button', { name: /account/i }).click();
  await page.getByRole('menuitem', { name: /sign out/i }).click();
  await expect(page).toHaveURL(/\/login/);
  // The key was deleted by signout (docs/partner-api.md#signout): the service refuses it now.
  const refused = await page.request.get('/api/api_keyinfo/', { headers: { 'X-Apikey': session.apiKey } });
  expect(await refused.json()).toMatchObject({ error: 502 });
});
