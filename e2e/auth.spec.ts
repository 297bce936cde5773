import { expect, test } from '@playwright/test';
import {
  control,
  DEMO_EMAIL,
  latestOtp,
  newestMailId,
  SANDBOX_APP_KEY,
  signInByOtp,
  uniqueEmail,
} from './support/session.ts';

test('a guarded page sends to login, OTP login returns there, a reload stays signed in, sign out ends it', async ({
  page,
}) => {
  await page.goto('/units');
  await expect(page).toHaveURL(/\/login\?redirect=%2Funits|\/login\?redirect=\/units/);

  // An account of its own: tests run in parallel, and a demo sign-in elsewhere would void this code.
  const email = uniqueEmail('guarded');
  await signInByOtp(page, email);
  await expect(page).toHaveURL(/\/units$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/units$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
  expect(stored).toContain(email);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('E-mail address')).toBeVisible();
  const after = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
  expect(after).not.toContain(email);

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
  // The tries left the service counted, in our words, said once (on the field, not again in an alert).
  await expect(
    page.getByText('This code is not right: 4 tries left. Check the code in the latest e-mail.'),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel('One-time code')).toHaveValue(wrong);
  await expect(page.getByLabel('One-time code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/The code expires in \d+:\d\d/)).toBeVisible();
});

test('five wrong codes use the code up: the reason shows, the countdown stops, a new code works', async ({ page }) => {
  const email = uniqueEmail('tries');
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const field = page.getByLabel('One-time code');
  await expect(field).toBeVisible();
  const code = await latestOtp(page.request, email);
  const wrong = code === '000000' ? '111111' : '000000';
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  for (let left = 4; left >= 1; left--) {
    await field.fill(wrong);
    await signIn.click();
    await expect(page.getByText(`This code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left.`)).toBeVisible();
  }
  await field.fill(wrong);
  await signIn.click();
  await expect(page.getByText(/^Too many wrong codes: this code no longer works/)).toHaveCount(1);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // The code is spent: no countdown, the outbox no longer offers it, a new code is the way on.
  await expect(page.getByText(/The code expires in/)).toHaveCount(0);
  const outbox = page.getByRole('region', { name: /outbox/i });
  await expect(outbox).toContainText('No longer valid');
  await expect(outbox.getByRole('button', { name: /Use code/ })).toHaveCount(0);
  // The field says what to do next, and that way on is there to take.
  await expect(field).toHaveAccessibleDescription(/Send a new code, then enter it here\./);
  const resend = page.getByRole('button', { name: 'Send a new code' });
  await expect(resend).toBeEnabled();

  const seen = await newestMailId(page.request, email);
  await resend.click();
  await expect(page.getByText(`A new code is on its way to ${email}.`)).toBeVisible();
  await expect(page.getByText(/The code expires in \d+:\d\d/)).toBeVisible();
  await expect(page.getByText(/Too many wrong codes/)).toHaveCount(0);
  const fresh = await latestOtp(page.request, email, seen);
  await outbox.getByRole('button', { name: `Use code ${fresh}` }).click();
  await expect(field).toHaveValue(fresh);
  await signIn.click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('on the sandbox the login page names the demo e-mail and fills it in on request', async ({ page }) => {
  await page.goto('/login');
  const hint = page.getByRole('note').filter({ hasText: `Demo: sign in as ${DEMO_EMAIL}` });
  await expect(hint).toContainText('the code appears below');
  let apiCalls = 0;
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) apiCalls++;
  });
  await hint.getByRole('button', { name: 'Use the demo e-mail' }).click();
  await expect(page.getByLabel('E-mail address')).toHaveValue(DEMO_EMAIL);
  await expect(page.getByLabel('E-mail address')).toBeFocused();
  // Filled in, not sent: sending the code stays the user's step.
  await expect(page.getByRole('button', { name: 'Send me a code' })).toBeVisible();
  expect(apiCalls).toBe(0);
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
  // Said once, on the field it is about (not again as an alert).
  await expect(page.getByText('Registration is not allowed', { exact: false })).toHaveCount(1);
  await expect(page.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel('E-mail address')).toHaveValue('someone@blocked.invalid');

  // A later mistake caught before sending replaces it; nothing old lingers.
  await page.getByLabel('E-mail address').fill('not-an-email');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
  await expect(page.getByText(/Registration is not allowed/)).toHaveCount(0);
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
  // A wrong mac key is refused, said once on the field, and what was typed stays.
  await expect(page.getByText(/The service did not accept this key/)).toHaveCount(1);
  await expect(page.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('API key')).toHaveValue(key);

  await page.getByLabel('Mac key (optional)').fill(hmac);
  await page.getByRole('button', { name: /Sign in with (the|this|an)? ?key/i }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // The key never shows in the DOM or the URL.
  expect(await page.content()).not.toContain(key);
  expect(page.url()).not.toContain(key);
});

test('the application key is refused: it is not linked to a partner account', async ({ page }) => {
  await page.goto('/login');
  await page.getByText('Sign in with an API key instead').click();
  await page.getByLabel('API key').fill(SANDBOX_APP_KEY);
  await page.getByRole('button', { name: 'Sign in with this key' }).click();
  await expect(
    page.getByText('This key is not linked to a partner account: use a key made by signing in.'),
  ).toBeVisible();
  await expect(page.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('API key')).toHaveValue(SANDBOX_APP_KEY);
  await expect(page).toHaveURL(/\/login/);
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
  expect(stored).not.toContain(SANDBOX_APP_KEY);
});
