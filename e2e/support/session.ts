import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { z } from 'zod';
import { NAME_SKIPPED_KEY, nameSkipMarker } from '../../src/data/write-gate.ts';

/** The sandbox's demo account (docs/sandbox.md). */
export const DEMO_EMAIL = 'demo@partner.example';

/** The sandbox's application key (SANDBOX_APP_KEY; its default when unset). */
export const SANDBOX_APP_KEY = process.env.SANDBOX_APP_KEY || 'sandbox-application-key';

/** Each test signs in with an account of its own, so no test depends on another's leftovers. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.example`;
}

/** GET /sandbox/outbox?to=: the mails to one address, newest first; ids grow with every mail. */
const outboxSchema = z.array(
  z.looseObject({ id: z.number(), to: z.string(), subject: z.string(), otp: z.string().optional() }),
);

async function readOutbox(request: APIRequestContext, email: string) {
  const res = await request.get(`/sandbox/outbox?to=${encodeURIComponent(email)}`);
  return outboxSchema.parse(await res.json());
}

/** The id of the newest mail to the address (0 when none): a code sent later has a larger id. */
export async function newestMailId(request: APIRequestContext, email: string): Promise<number> {
  return Math.max(0, ...(await readOutbox(request, email)).map((mail) => mail.id));
}

/**
 * The newest one-time password for the address, from the sandbox outbox; only
 * from a mail newer than `afterId` when given (a code sent before the one
 * awaited is void: signing up again replaces it).
 */
export async function latestOtp(request: APIRequestContext, email: string, afterId = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readOutbox(request, email);
        code = mails.filter((m) => m.id > afterId && m.otp).sort((a, b) => b.id - a.id)[0]?.otp;
        return code;
      },
      { message: `a one-time password for ${email} newer than mail ${afterId}` },
    )
    .toBeTruthy();
  return code ?? '';
}

/** The sandbox's test control surface (SANDBOX_CONTROL=1 in playwright.config.ts). */
export async function control(request: APIRequestContext, action: string, body: unknown): Promise<void> {
  const res = await request.post(`/sandbox/control/${action}`, { data: body });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Sign in through the login page by e-mail and the code from the outbox. The
 * same address may have had codes before (a second sign-in, a CI retry on the
 * demo account): only a mail newer than those, sent once signup has answered
 * (the code field shows), carries the code that works.
 */
export async function signInByOtp(page: Page, email: string, opts: { remember?: boolean } = {}): Promise<void> {
  const before = await newestMailId(page.request, email);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByLabel('One-time code')).toBeVisible();
  const code = await latestOtp(page.request, email, before);
  await page.getByLabel('One-time code').fill(code);
  if (opts.remember) await page.getByLabel('Remember this device').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const signinSchema = z.object({
  error: z.literal(0),
  result: z.looseObject({
    privatekey: z.looseObject({ key: z.string(), hmac: z.string() }),
    keydata: z.looseObject({ expires: z.number() }),
  }),
});

/** A signed-in session's keys, as the dashboard keeps them (src/lib/session.ts). */
export interface E2eSession {
  email: string;
  apiKey: string;
  macKey: string;
  expires: number;
}

/**
 * Signs an account in through the API (signup, the code from the outbox,
 * signin), as the login page would, but without driving the page: fast, and
 * each test can have an account of its own (`uniqueEmail`), or the demo
 * account's data when it only reads it.
 */
export async function signInViaApi(request: APIRequestContext, email: string): Promise<E2eSession> {
  if (email === DEMO_EMAIL) return (demoSession ??= ownDemoSession(request));
  const before = await newestMailId(request, email);
  const signup = await request.get(`/api/signup/${encodeURIComponent(email)}/`);
  expect(signup.ok()).toBe(true);
  const code = await latestOtp(request, email, before);
  const answer = signinSchema.parse(
    await (await request.get(`/api/signin/${encodeURIComponent(email)}/${code}/`)).json(),
  );
  return {
    email,
    apiKey: answer.result.privatekey.key,
    macKey: answer.result.privatekey.hmac,
    expires: answer.result.keydata.expires,
  };
}

const demoSessionSchema = z.object({ email: z.string(), key: z.string(), hmac: z.string(), expires: z.number() });

/**
 * The demo account's keys, one signed-in state shared by the worker's tests (which
 * only read it): from `POST /sandbox/demo-session` ("Try the demo"), a demo account of
 * its own, signed in as one step inside the sandbox.
 */
let demoSession: Promise<E2eSession> | undefined;

/**
 * A demo session of the test's own, for a test that changes it or signs it out: the
 * worker's shared one must stay signed in for the tests after it.
 */
export async function ownDemoSession(request: APIRequestContext): Promise<E2eSession> {
  const res = await request.post('/sandbox/demo-session', { data: {} });
  expect(res.status(), await res.text()).toBe(200);
  const answer = demoSessionSchema.parse(await res.json());
  return { email: answer.email, apiKey: answer.key, macKey: answer.hmac, expires: answer.expires };
}

/**
 * Opens the dashboard already signed in with `session`: the keys are put in
 * sessionStorage before any page script runs (the dashboard's storage key and
 * shape, src/lib/session.ts), then `path` is loaded.
 */
export async function openSignedIn(
  page: Page,
  session: E2eSession,
  path = '/',
  { askName = false }: { askName?: boolean } = {},
): Promise<void> {
  // The question for the person's name before the first change (src/data/person-name.ts) is skipped,
  // as a person may, unless the test is about it.
  const skipName = askName ? null : { key: NAME_SKIPPED_KEY, value: nameSkipMarker(session.apiKey) };
  const stored = JSON.stringify({
    v: 1,
    apiKey: session.apiKey,
    macKey: session.macKey,
    expires: session.expires,
    email: session.email,
    kind: 'signin',
  });
  await page.addInitScript(
    ({ value, skip }) => {
      if (window.sessionStorage.getItem('psd.session') === null) window.sessionStorage.setItem('psd.session', value);
      if (skip !== null) window.sessionStorage.setItem(skip.key, skip.value);
    },
    { value: stored, skip: skipName },
  );
  await page.goto(path);
}
