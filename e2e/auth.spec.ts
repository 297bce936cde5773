import { expect, test } from '@playwright/test';
import { control, DEMO_EMAIL, latestOtp, signInByOtp, uniqueEmail } from './support.ts';

test('a guarded page sends to login, OTP login returns there, a reload stays signed in, sign out ends it', async ({
  page,
}) => {
  await page.goto('/units');
  await expect(page).toHaveURL(/\/login\?redirect=%2Funits|\/login\?redirect=\/units/);

  await signInByOtp(page, DEMO_EMAIL);
  await expect(page).toHaveURL(/\/units$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // The demo account has an agency record: its title is in the header.
  await expect(page.getByRole('banner')).toContainText('Northwind Hosting');

  await page.reload();
  await expect(page).toHaveURL(/\/units$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
  expect(stored).toContain(DEMO_EMAIL);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('E-mail address')).toBeVisible();
  const after = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
  expect(after).not.toContain(DEMO_EMAIL);

  // The page the user was on is not remembered after a sign-out: going back needs a login.
  await page.goto('/units');
  await expect(page).toHaveURL(/\/login/);
});

test('a new account signs up by OTP; the code, its countdown and the outbox are shown', async ({ page }) => {
  const email = uniqueEmail('new');
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByLabel('One-time code')).toBeFocused();
  await expect(page.getByText(/The code expires in \d+:\d\d/)).toBeVisible();
  // On the sandbox the login page shows the outbox, so a demo viewer sees the code.
  const code = await latestOtp(page.request, email);
  await expect(page.getByRole('region', { name: /outbox/i })).toContainText(code);

  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('a wrong code reads clearly and keeps what was typed', async ({ page }) => {
  const email = uniqueEmail('wrong');
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const code = await latestOtp(page.request, email);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('One-time code').fill(wrong);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('This code is not right. Check the latest e-mail.')).toBeVisible();
  await expect(page.getByLabel('One-time code')).toHaveValue(wrong);
  await expect(page.getByLabel('One-time code')).toHaveAttribute('aria-invalid', 'true');
});

test('a bad e-mail is refused before any call and keeps what was typed', async ({ page }) => {
  await page.goto('/login');
  let apiCalls = 0;
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) apiCalls++;
  });
  await page.getByLabel('E-mail address').fill('not-an-email');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('E-mail address')).toHaveValue('not-an-email');
  expect(apiCalls).toBe(0);
});

test('refused registration (111901) reads clearly', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill('someone@blocked.invalid');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('alert')).toContainText(/registration|register/i);
  await expect(page.getByLabel('E-mail address')).toHaveValue('someone@blocked.invalid');
});

test('an expired key (502) ends the session with a message and keeps the target', async ({ page }) => {
  const email = uniqueEmail('expire');
  await page.goto('/login?redirect=%2Fagency');
  await signInByOtp(page, email);
  await expect(page).toHaveURL(/\/agency$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await control(page.request, 'expire-key', { email });
  await page.reload();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByText(/Your session has ended/)).toBeVisible();
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/agency');

  // Signing in again goes back to the page the user was on.
  await signInByOtp(page, email);
  await expect(page).toHaveURL(/\/agency$/);
});

test('sign in with an API key and mac key, checked with api_keyinfo', async ({ page, request }) => {
  const email = uniqueEmail('apikey');
  // Keys made by signin through the proxy, as a partner's own integration would get them.
  await request.get(`/api/signup/${encodeURIComponent(email)}/`);
  const otp = await latestOtp(request, email);
  const signin = await (await request.get(`/api/signin/${encodeURIComponent(email)}/${otp}/`)).json();
  const { key, hmac } = signin.result.privatekey as { key: string; hmac: string };

  await page.goto('/login');
  await page.getByText('Sign in with an API key instead').click();
  await page.getByLabel('API key').fill(key);
  await page.getByLabel('Mac key (optional)').fill(`${hmac}0`);
  await page.getByRole('button', { name: /Sign in with (the|this|an)? ?key/i }).click();
  // A wrong mac key is refused and what was typed stays.
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('API key')).toHaveValue(key);

  await page.getByLabel('Mac key (optional)').fill(hmac);
  await page.getByRole('button', { name: /Sign in with (the|this|an)? ?key/i }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // The key never shows in the DOM or the URL.
  expect(await page.content()).not.toContain(key);
  expect(page.url()).not.toContain(key);
});
