import { expect, test } from '@playwright/test';
import { freePort, startSecondServer, type RunningServer } from '../test-support/servers.ts';

/**
 * The dashboard in front of an upstream that is down: a second server (the real
 * `server/main.ts`, reusing the SPA build of the first) whose PARTNER_API_URL
 * points at a closed port. The user gets "Service unavailable" with Retry and
 * keeps what was typed, never a blank page.
 */
// One server for the file's tests: they run in order in one worker (the suite is otherwise fully parallel).
test.describe.configure({ mode: 'default' });
let server: RunningServer | undefined;
let origin = '';

test.beforeAll(async () => {
  server = await startSecondServer({
    PARTNER_API_URL: `http://127.0.0.1:${await freePort()}`,
    PARTNER_APP_KEY: 'test-app-key',
  });
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.stop();
});

test('an unreachable upstream reads "Service unavailable" with Retry and keeps the e-mail', async ({ page }) => {
  await page.goto(`${origin}/login`);
  await page.getByLabel('E-mail address').fill('someone@partner.example');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('alert')).toContainText(/unavailable/i);
  await expect(page.getByLabel('E-mail address')).toHaveValue('someone@partner.example');
  // Editing the address makes the old answer old news: the alert goes.
  await page.getByLabel('E-mail address').fill('someone@partner');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
  await expect(page.getByText(/unavailable/i)).toHaveCount(0);
});

test('without the embedded sandbox there is no demo hint', async ({ page }) => {
  const health = page.waitForResponse((res) => new URL(res.url()).pathname === '/sandbox/health');
  await page.goto(`${origin}/login`);
  await expect(page.getByLabel('E-mail address')).toBeVisible();
  await health;
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/Demo: sign in as/)).toHaveCount(0);
});

test('a stored session in front of a down upstream shows Retry, not a blank page', async ({ page }) => {
  await page.goto(`${origin}/login`);
  await page.evaluate(() =>
    sessionStorage.setItem(
      'psd.session',
      JSON.stringify({
        v: 1,
        apiKey: 'k'.repeat(48),
        macKey: 'm'.repeat(48),
        expires: 0,
        email: 'x@partner.example',
        kind: 'signin',
      }),
    ),
  );
  await page.goto(`${origin}/sites`);
  await expect(page.getByText('Service unavailable')).toBeVisible();
  const retry = page.getByRole('button', { name: /Retry/ });
  await expect(retry).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Retry asks the service again: a click that sends nothing would fail here.
  const asked = page.waitForRequest((req) => new URL(req.url()).pathname.startsWith('/api/'), { timeout: 30_000 });
  await retry.click();
  await asked;
  // The upstream is still down, so the answer is the same panel, not a blank page.
  await expect(page.getByText('Service unavailable')).toBeVisible();
  await expect(page.getByText(/Tried again at .*: still not working\./)).toBeVisible();
  await expect(retry).toBeEnabled();
});
