import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The sandbox's demo account (docs/sandbox.md). */
export const DEMO_EMAIL = 'demo@partner.example';

/** Each test signs in with an account of its own, so no test depends on another's leftovers. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.example`;
}

interface OutboxMail {
  to: string;
  subject: string;
  otp?: string;
}

/** The newest one-time password for the address, from the sandbox outbox page. */
export async function latestOtp(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/sandbox/outbox?to=${encodeURIComponent(email)}`);
      const mails = (await res.json()) as OutboxMail[];
      code = mails.find((m) => m.otp)?.otp;
      return code;
    })
    .toBeTruthy();
  return code ?? '';
}

/** The sandbox's test control surface (SANDBOX_CONTROL=1 in playwright.config.ts). */
export async function control(request: APIRequestContext, action: string, body: unknown): Promise<void> {
  const res = await request.post(`/sandbox/control/${action}`, { data: body });
  expect(res.status(), await res.text()).toBe(200);
}

/** Sign in through the login page by e-mail and the code from the outbox. */
export async function signInByOtp(page: Page, email: string, opts: { remember?: boolean } = {}): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const code = await latestOtp(page.request, email);
  await page.getByLabel('One-time code').fill(code);
  if (opts.remember) await page.getByLabel('Remember this device').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
