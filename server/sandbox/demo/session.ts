/**
 * POST /sandbox/demo-session: signs in to the demo
 * account in one step. It runs signup, reads the code from the sandbox's own
 * outbox and runs signin, each through the API's own request path with the
 * application key, so the code goes through the outbox as for a person; it
 * answers the signin's keys. The one-time-password limits neither refuse nor
 * count these two calls (ApiRequest.demoSession): the demo account is public,
 * and a demo machine shown to several prospects would otherwise meet the
 * e-mail's limit for everyone after five sign-ins. Signing up for the demo
 * e-mail by hand stays limited. Sandbox only: the real service has no such
 * page; only for the hosts the other /sandbox/* pages allow. JSON only (a
 * cross-site form or text/plain POST, which needs no CORS preflight, gets 415)
 * and never cached.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import { clientIp, requestOrigin, type SandboxContext, type SandboxEnv } from '../http/connection.ts';
import { handleApi } from '../http/handle-api.ts';
import { HANDLERS } from '../methods/handlers.ts';
import { readOutbox } from '../outbox.ts';
import type { SandboxState } from '../state.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

const envelope = z.looseObject({ error: z.number(), message: z.string(), errorinfo: z.string(), result: z.unknown() });
const signinResult = z.looseObject({
  privatekey: z.looseObject({ key: z.string(), hmac: z.string() }),
  keydata: z.looseObject({ expires: z.number() }),
});

/** What the page answers: the demo account's new signin key (docs/partner-api.md#key-pair, docs/partner-api.md#key-metadata). */
interface DemoSession {
  email: string;
  key: string;
  hmac: string;
  expires: number;
}

type Step = { ok: true; result: unknown } | { ok: false; status: 429 | 502; body: object; retryAfter?: string };

/** One API call through the sandbox's request path, with the application key, as a browser would make it. */
function apiCall(state: SandboxState, c: SandboxContext, target: string): Step {
  const res = handleApi(state, HANDLERS, {
    target,
    httpMethod: 'GET',
    headers: new Headers({ cookie: `apikey=${state.config.appKey}` }),
    // A GET without a body (null would mean one over the size limit).
    body: new Uint8Array(0),
    origin: requestOrigin(c, state.config),
    ip: clientIp(c),
    // The one-time-password limits are for people and scripts: past 5 demo sign-ins in 15 minutes
    // they would refuse the one public account to everyone (a demo machine shown to several prospects).
    demoSession: true,
  });
  const answer = envelope.parse(JSON.parse(res.body));
  if (answer.error === 0) return { ok: true, result: answer.result };
  const retryAfter = res.headers['Retry-After'];
  return {
    ok: false,
    // A limit (system error 500 with Retry-After) is the caller's to wait out; anything else is ours.
    status: retryAfter === undefined ? 502 : 429,
    body: {
      error: `Signing in to the demo account failed: ${answer.message}${answer.errorinfo ? ` (${answer.errorinfo})` : ''}`,
      code: answer.error,
    },
    ...(retryAfter === undefined ? {} : { retryAfter }),
  };
}

export function mountDemoSession(app: Hono<SandboxEnv>, state: SandboxState, demoEmail: () => string | null): void {
  app.post('/sandbox/demo-session', async (c) => {
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      return c.json({ error: 'The demo session takes Content-Type: application/json' }, 415, NO_STORE);
    }
    try {
      await c.req.json();
    } catch {
      return c.json({ error: 'The body must be JSON, e.g. {}' }, 400, NO_STORE);
    }
    const email = demoEmail();
    if (email === null) {
      return c.json({ error: 'This sandbox has no demo account (SANDBOX_SEED=empty)' }, 404, NO_STORE);
    }
    const path = encodeURIComponent(email);
    const signup = apiCall(state, c, `/api/signup/${path}/`);
    if (!signup.ok) return failed(c, signup);
    // Newest first: the code signup has just sent (docs/sandbox.md, "The outbox").
    const otp = readOutbox(state, email, 5).find((mail) => mail.otp !== undefined)?.otp ?? '';
    const signin = apiCall(state, c, `/api/signin/${path}/${otp}/`);
    if (!signin.ok) return failed(c, signin);
    const { privatekey, keydata } = signinResult.parse(signin.result);
    const session: DemoSession = { email, key: privatekey.key, hmac: privatekey.hmac, expires: keydata.expires };
    return c.json(session, 200, NO_STORE);
  });
}

function failed(c: SandboxContext, step: Extract<Step, { ok: false }>): Response {
  return c.json(step.body, step.status, {
    ...NO_STORE,
    ...(step.retryAfter === undefined ? {} : { 'Retry-After': step.retryAfter }),
  });
}
