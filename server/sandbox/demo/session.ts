/**
 * POST /sandbox/demo-session ("Try the demo"): a demo account of the visitor's
 * own, signed in in one step. It makes a fresh copy of the demo seed under an
 * e-mail of its own (copies.ts; removed with its keys after SANDBOX_DEMO_HOURS),
 * then runs signup, reads the code from the sandbox's own outbox and runs
 * signin, each through the API's own request path with the application key, so
 * the code goes through the outbox as for a person; it answers the signin's
 * keys and when the copy resets. The one-time-password limits neither refuse
 * nor count these two calls (ApiRequest.demoSession); the page has limits of
 * its own: live copies in all (SANDBOX_DEMO_COPIES) and sessions per client
 * address an hour (SANDBOX_DEMO_SESSIONS_PER_ADDRESS), past which it answers
 * 429 with Retry-After and says when to try again. The shared demo account
 * (the e-mail sign-in's) stays as it is. Sandbox only: the real service has no
 * such page; only for the hosts the other /sandbox/* pages allow. JSON only (a
 * cross-site form or text/plain POST, which needs no CORS preflight, gets 415)
 * and never cached.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import { clientIp, requestOrigin, type SandboxContext, type SandboxEnv } from '../http/connection.ts';
import { handleApi } from '../http/handle-api.ts';
import { HANDLERS } from '../methods/handlers.ts';
import { SlidingWindow } from '../limits/sliding-window.ts';
import { waitText } from '../limits/request-limits.ts';
import { readOutbox } from '../outbox.ts';
import type { SandboxState } from '../state.ts';
import { createDemoCopy, sweepDemoCopies } from './copies.ts';
import { demoCopies } from './copy-list.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

const envelope = z.looseObject({ error: z.number(), message: z.string(), errorinfo: z.string(), result: z.unknown() });
const signinResult = z.looseObject({
  privatekey: z.looseObject({ key: z.string(), hmac: z.string() }),
  keydata: z.looseObject({ expires: z.number() }),
});

/** What the page answers: the demo copy's new signin key, and when the copy is removed (sandbox seconds). */
interface DemoSession {
  email: string;
  key: string;
  hmac: string;
  expires: number;
  resetsAt: number;
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
  const perAddress = new SlidingWindow(state.config.demoCopies.sessionsPerAddress, 3600);
  app.post('/sandbox/demo-session', async (c) => {
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      return c.json({ error: 'The demo session takes Content-Type: application/json' }, 415, NO_STORE);
    }
    try {
      await c.req.json();
    } catch {
      return c.json({ error: 'The body must be JSON, e.g. {}' }, 400, NO_STORE);
    }
    if (demoEmail() === null) {
      return c.json({ error: 'This sandbox has no demo account (SANDBOX_SEED=empty)' }, 404, NO_STORE);
    }
    sweepDemoCopies(state);
    const now = state.now();
    const address = clientIp(c);
    const addressWait = perAddress.wait(address, now);
    if (addressWait > 0) {
      const limit = state.config.demoCopies.sessionsPerAddress;
      return tooMany(
        c,
        `You have started ${limit} demo sessions this hour, the most one network address may`,
        addressWait,
      );
    }
    const live = demoCopies(state.db);
    if (live.length >= state.config.demoCopies.maxCopies) {
      const oldest = Math.min(...live.map((copy) => copy.expiresAt));
      return tooMany(c, `All ${live.length} demo accounts are in use`, oldest - now);
    }
    const copy = createDemoCopy(state);
    await state.demoListener?.created(copy.userId);
    perAddress.record(address, now);
    const path = encodeURIComponent(copy.email);
    const signup = apiCall(state, c, `/api/signup/${path}/`);
    if (!signup.ok) return failed(c, signup);
    // Newest first: the code signup has just sent (docs/sandbox.md, "The outbox").
    const otp = readOutbox(state, copy.email, 5).find((mail) => mail.otp !== undefined)?.otp ?? '';
    const signin = apiCall(state, c, `/api/signin/${path}/${otp}/`);
    if (!signin.ok) return failed(c, signin);
    const { privatekey, keydata } = signinResult.parse(signin.result);
    const session: DemoSession = {
      email: copy.email,
      key: privatekey.key,
      hmac: privatekey.hmac,
      expires: Math.min(keydata.expires, copy.expiresAt),
      resetsAt: copy.expiresAt,
    };
    return c.json(session, 200, NO_STORE);
  });
}

/** 429 with Retry-After and, in words, when to try again. */
function tooMany(c: SandboxContext, what: string, seconds: number): Response {
  const wait = Math.max(1, Math.ceil(seconds));
  return c.json({ error: `${what}: try again in ${waitText(wait)}.` }, 429, {
    ...NO_STORE,
    'Retry-After': String(wait),
  });
}

function failed(c: SandboxContext, step: Extract<Step, { ok: false }>): Response {
  return c.json(step.body, step.status, {
    ...NO_STORE,
    ...(step.retryAfter === undefined ? {} : { 'Retry-After': step.retryAfter }),
  });
}
