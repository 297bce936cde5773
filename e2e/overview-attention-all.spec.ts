/**
 * "Needs attention" shows the most urgent sites first and every one of them
 * when asked.
 */
import { expect, test } from '@playwright/test';
import { accountWith } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';

test('needs attention: more than 10 sites, "Show all" lists every one', async ({ page }) => {
  const domains = Array.from({ length: 13 }, (_, i) => `attention-${String(i + 1).padStart(2, '0')}.example`);
  const { session } = await accountWith(page.request, 'overview-all', domains);
  await openSignedIn(page, session, '/');
  const attention = page.getByRole('region', { name: 'Needs attention' });
  const entries = attention.getByRole('listitem');
  await expect(entries).toHaveCount(10);
  await expect(attention.getByText('The 10 most urgent of 13 sites that need attention.')).toBeVisible();

  await attention.getByRole('button', { name: 'Show all 13' }).click();
  await expect(entries).toHaveCount(13);
  for (const domain of domains) await expect(attention.getByRole('link', { name: domain })).toBeVisible();
  // Focus goes to the first site the list gained.
  await expect(entries.nth(10).getByRole('link')).toBeFocused();

  await attention.getByRole('button', { name: 'Show the 10 most urgent only' }).click();
  await expect(entries).toHaveCount(10);
});
