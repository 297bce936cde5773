import * as z from 'zod/mini';
import { apiKeySchema, macKeySchema } from '../../api/credentials';
import { ApiError, TransportError } from '../../api/errors';
import { retryAfterSeconds } from '../../api/transport';
import { sessionSchema, type Session } from '../../lib/session-schema';

/**
 * POST /sandbox/demo-session (docs/sandbox.md): the sandbox makes a demo
 * account of the visitor's own, signs in to it in one step and answers the
 * signin's keys and when the account is removed. Sandbox only: the
 * login page offers it only when /sandbox/health names a demo account.
 */
const DEMO_SESSION_URL = '/sandbox/demo-session';

const answerSchema = z.object({
  email: z.string().check(z.maxLength(320)),
  key: apiKeySchema,
  hmac: macKeySchema,
  expires: z.int().check(z.nonnegative()),
  /** When the demo account of this session is removed (a sandbox that makes one per session). */
  resetsAt: z.optional(z.int().check(z.nonnegative())),
});
const refusalSchema = z.object({ error: z.string(), code: z.optional(z.int()) });

/**
 * The demo account's session, made by signin (so signing out deletes its key,
 * docs/partner-api.md#authorization-methods). Failures are the API client's errors, so the page words them
 * as it words the login's: a limit's 429 with Retry-After is the rate-limit
 * wait, a refused signup or signin its error code.
 */
export async function startDemoSession(fetchImpl: typeof fetch = fetch): Promise<Session> {
  const failed = (kind: 'network' | 'bad-response' | 'http', message: string, status?: number, cause?: unknown) =>
    new TransportError({ method: 'signin', kind, message, status, cause });
  let res: Response;
  try {
    res = await fetchImpl(DEMO_SESSION_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
      credentials: 'omit',
    });
  } catch (cause) {
    throw failed('network', 'The demo session could not be reached', undefined, cause);
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (res.ok) {
    const answer = answerSchema.safeParse(body);
    if (!answer.success) throw failed('bad-response', 'The demo session answered something unexpected');
    const { email, key, hmac, expires, resetsAt } = answer.data;
    return sessionSchema.parse({
      v: 1,
      apiKey: key,
      macKey: hmac,
      expires,
      email,
      kind: 'signin',
      ...(resetsAt === undefined ? {} : { demoResetsAt: resetsAt }),
    });
  }
  const refusal = refusalSchema.safeParse(body);
  const message = refusal.success ? refusal.data.error : `HTTP ${res.status}`;
  const retryAfter = res.status === 429 ? retryAfterSeconds(res.headers.get('Retry-After')) : undefined;
  // A limit's wait is the API's "temporarily unavailable" with Retry-After, as the proxy words it.
  if (retryAfter !== undefined) throw new ApiError({ method: 'signin', code: 500, message, retryAfter });
  const code = refusal.success ? refusal.data.code : undefined;
  if (code !== undefined) throw new ApiError({ method: 'signin', code, message });
  throw failed('http', message, res.status);
}
