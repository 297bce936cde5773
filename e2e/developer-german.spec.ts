/**
 * The developer page says what each method does in the user's language, from
 * our catalogue; the service's own description is shown as the service's; no
 * text cites a document partners do not have (a section number of the published API text).
 */
import { expect, test } from '@playwright/test';
import { openSignedIn, signInViaApi, uniqueEmail } from './support/session.ts';
import { attachShot } from './support/look.ts';

test.use({ locale: 'de-DE' });

test('German: a method’s description in German, the service’s labelled as the service’s, no spec citations', async ({
  page,
}, testInfo) => {
  const session = await signInViaApi(page.request, uniqueEmail('dev-de'));
  await openSignedIn(page, session, '/developer?method=signin');
  const article = page.getByRole('article', { name: 'signin' });
  await expect(article).toContainText(
    'Prüft das Einmalpasswort, legt den Benutzer an, wenn er neu ist, und stellt ein Schlüsselpaar aus.',
  );
  const service = article.locator('[data-field="service-description"]');
  await expect(service).toContainText(/^Beschreibung des Dienstes: Check the one-time password/);
  await expect(service.locator('[lang="en"]')).toHaveCount(1);
  await expect(page.locator('body')).not.toContainText('§');
  for (const tab of ['Schlüssel und Benutzer', 'Anfrage-Editor']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('body')).not.toContainText('§');
  }
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      await page.goto('/developer?method=signin');
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 800 });
      await expect(article).toBeVisible();
      await attachShot(page, testInfo, `developer-de-${width}-${scheme}`);
    }
  }
});
