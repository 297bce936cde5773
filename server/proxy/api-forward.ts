/**
 * The second step of an API call (./api-route.ts): the checked call goes to
 * the one upstream with its target byte for byte (docs/partner-api.md#signature),
 * the allowlisted headers and the keys as the Cookie header (./upstream.ts);
 * an upstream that is down, slow, too talkative or answers something other
 * than the API envelope ends the call with a gateway failure. The sign-in
 * limits are told the answer (or that none came) here.
 */
import { isNonZeroArg, lastQueryValue } from '../../src/api/query-args.ts';
import { BodyTooLarge } from '../read-limited.ts';
import type { ApiDeps, CheckedCall, Ctx, Failure } from './api-call.ts';
import { negotiateEncoding } from './compress.ts';
import { isEnvelope } from './envelope.ts';
import { originOf } from './sandbox-pages.ts';
import { forwardedRequestHeaders, UpstreamTimeout, type UpstreamAnswer } from './upstream.ts';

/** The upstream's answer, and how it is to go back (./api-answer.ts). */
export interface ForwardedAnswer extends UpstreamAnswer {
  /** The answer goes on as text: never checked or compressed. */
  rawText: boolean;
  /** The encoding the client accepts, or null: the answer goes uncompressed. */
  encoding: string | null;
  acceptEncoding: string | null;
}

export type Forwarded = { ok: true; answer: ForwardedAnswer } | { ok: false; failure: Failure };

export async function forwardApiCall(c: Ctx, call: CheckedCall, deps: ApiDeps): Promise<Forwarded> {
  const headers = forwardedRequestHeaders(c.req.raw.headers, call.client);
  if (call.cookie !== null) headers.set('cookie', call.cookie);

  // api_test with raw=<non-zero> prints only the result text (docs/partner-api.md#api_test).
  // A repeated argument: the last value wins, as the sandbox reads it (src/api/query-args.ts).
  const rawText = call.raw || (call.method === 'api_test' && isNonZeroArg(lastQueryValue(call.target, 'raw')));
  const acceptEncoding = c.req.header('accept-encoding') ?? null;
  const encoding = rawText ? null : negotiateEncoding(acceptEncoding);
  const gatewayFailure = (errorinfo: string, reason: string): Forwarded => ({
    ok: false,
    failure: { error: 500, errorinfo, reason, gateway: true },
  });

  let answer: UpstreamAnswer;
  try {
    answer = await deps.link.exchange(
      {
        target: call.target,
        origin: deps.publicOrigin ?? originOf(c.req.url),
        method: c.req.method,
        headers,
        body: call.body,
        timeoutMs: deps.timeoutMs,
      },
      { rawText, compressible: encoding !== null, inspect: call.admitted !== null || call.recorded },
    );
  } catch (err) {
    await call.admitted?.settle(null);
    if (err instanceof UpstreamTimeout) {
      return gatewayFailure(`The partner API did not answer within ${deps.timeoutMs / 1000} s`, 'upstream-timeout');
    }
    if (err instanceof BodyTooLarge)
      return gatewayFailure('The partner API answer was too large', 'upstream-too-large');
    return gatewayFailure('The partner API could not be reached', 'upstream-down');
  }

  const { response, body } = answer;
  await call.admitted?.settle(body);
  if (call.raw && response.status >= 500) {
    // The file method's own errors are 4xx (docs/partner-api.md#syncfile_get-errors); a 5xx is a gateway or the service failing.
    return gatewayFailure('The partner API failed', 'upstream-error');
  }
  if (!rawText && body !== null && deps.link.mustCheck(response) && !isEnvelope(body)) {
    return gatewayFailure('The partner API answered something that is not the API envelope', 'upstream-garbage');
  }
  return { ok: true, answer: { response, body, rawText, encoding, acceptEncoding } };
}
