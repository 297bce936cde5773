/**
 * The first step of an API call (./api-route.ts): everything that refuses it
 * before the upstream hears of it, in this order: a target the proxy would
 * have to change (./target.ts), an HTTP verb the API does not use, keys that
 * cannot become the upstream's cookies (./credentials.ts), the sign-in
 * limits (./login-limits.ts) and the body limit.
 */
import { getMethod } from '../../src/api/registry.ts';
import { BodyTooLarge, readLimited } from '../read-limited.ts';
import type { ApiCall, ApiDeps, CheckedCall, Ctx, Failure, KeysFrom } from './api-call.ts';
import { cookieCredentials, upstreamCookie } from './credentials.ts';
import type { Admitted } from './login-limits.ts';
import { checkApiTarget } from './target.ts';

export type Checked = { ok: true; call: CheckedCall } | { ok: false; call: ApiCall; failure: Failure };

export async function checkApiCall(c: Ctx, target: string, keysFrom: KeysFrom, deps: ApiDeps): Promise<Checked> {
  const startedAt = performance.now();
  const checked = checkApiTarget(target);
  const method = checked.method;
  const call: ApiCall = {
    target,
    keysFrom,
    startedAt,
    method,
    raw: method !== '' && getMethod(method)?.alwaysRaw === true,
    recorded: deps.recorder?.methods.has(method) === true,
  };
  const refuse = (failure: Failure): Checked => ({ ok: false, call, failure });

  if (!checked.ok) return refuse({ error: 503, errorinfo: checked.reason, reason: 'bad-target' });
  if (c.req.method !== 'GET' && c.req.method !== 'POST') {
    return refuse({ error: 503, errorinfo: `HTTP method ${c.req.method} is not used by the API`, reason: 'bad-verb' });
  }
  const sent =
    keysFrom === 'cookies'
      ? cookieCredentials(c.req.header('cookie') ?? null)
      : { apiKey: c.req.header('x-apikey') ?? null, mac: c.req.header('x-apimac') ?? null };
  // The application key is lent to the SPA's anonymous calls only; a caller of {base_url} sends its own.
  const cookie = upstreamCookie(sent.apiKey, sent.mac, method, keysFrom === 'headers' ? deps.appKey : undefined);
  if (!cookie.ok) return refuse({ error: 502, errorinfo: cookie.reason, reason: 'bad-credentials' });
  const client = deps.clientAddressOf(c);

  // The application key is lent to anonymous browsers: its use is limited. A caller
  // that sends the same key itself (the sandbox's is no secret) meets the same limits.
  const appKeyUsed =
    cookie.usedAppKey || (deps.appKey !== undefined && deps.appKey !== '' && sent.apiKey === deps.appKey);
  let admitted: Admitted | null = null;
  if (appKeyUsed && (method === 'signup' || method === 'signin')) {
    const admission = await deps.loginGate.admit(method, target, client);
    if (!admission.ok) {
      const { errorinfo, retryAfter } = admission.refusal;
      return refuse({ error: 500, errorinfo, reason: 'rate-limited', retryAfter });
    }
    admitted = admission.admitted;
  }

  let body: Uint8Array | null = null;
  if (c.req.method === 'POST') {
    const read = await readBody(c, deps.maxBodyBytes);
    if (!read.ok) return refuse(read.failure);
    body = read.body;
  }
  return { ok: true, call: { ...call, cookie: cookie.cookie, apiKey: sent.apiKey, client, admitted, body } };
}

/** The request body, refused over the limit whether declared (Content-Length) or streamed. */
async function readBody(
  c: Ctx,
  maxBodyBytes: number,
): Promise<{ ok: true; body: Uint8Array } | { ok: false; failure: Failure }> {
  const tooLarge = {
    ok: false,
    failure: { error: 503, errorinfo: `The request body exceeds ${maxBodyBytes} bytes`, reason: 'too-large' },
  } as const;
  if (Number(c.req.header('content-length') ?? '0') > maxBodyBytes) return tooLarge;
  try {
    return { ok: true, body: await readLimited(c.req.raw.body, maxBodyBytes) };
  } catch (err) {
    if (err instanceof BodyTooLarge) return tooLarge;
    return {
      ok: false,
      failure: { error: 503, errorinfo: 'The request body could not be read', reason: 'body-unreadable' },
    };
  }
}
