/** A wrong code in German is said in German: the service's English detail never stands in for our words. */
import { expect, test } from '@playwright/test';
import { latestOtp, uniqueEmail } from './support/session.ts';

test.use({ locale: 'de-DE' });

test('German: a wrong code says the tries left in German, with no English of the service', async ({ page }) => {
  const email = uniqueEmail('de-wrong');
  await page.goto('/login');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Code senden' }).click();
  const field = page.getByLabel('Einmalcode');
  await expect(field).toBeVisible();
  const code = await latestOtp(page.request, email);
  await field.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(
    page.getByText('Dieser Code ist nicht richtig: noch 4 Versuche. Prüfen Sie den Code in der neuesten E-Mail.'),
  ).toBeVisible();
  await expect(field).toHaveAccessibleDescription(/Dieser Code ist nicht richtig/);
  await expect(field).not.toHaveAccessibleDescription(/one-time password|tries left/i);
});
