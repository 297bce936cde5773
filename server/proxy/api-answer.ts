/**
 * The last step of an API call (./api-route.ts): the upstream's answer as the
 * browser gets it (the headers it may see, its type, compressed when it
 * accepts that), logged, and, for a write the workspace records, handed to the
 * workspace's recorder once it has gone on.
 */
import { answerType } from './answer-type.ts';
import type { ApiDeps, CheckedCall } from './api-call.ts';
import { logCall } from './api-call.ts';
import type { ForwardedAnswer } from './api-forward.ts';
import { bodyBytes } from './bytes.ts';
import { maybeCompress } from './compress.ts';
import { passOn } from './in-process.ts';

/** Upstream response headers the browser gets: the file name of syncfile_get (docs/partner-api.md#syncfile_get), a rate limit's Retry-After. */
const PASSED_API_HEADERS = ['content-type', 'content-disposition', 'x-filename', 'retry-after'];

export async function answerApiCall(call: CheckedCall, answer: ForwardedAnswer, deps: ApiDeps): Promise<Response> {
  const response = await answerForBrowser(call.method, answer);
  logCall(deps, call, response.status, null);
  if (call.recorded && answer.body !== null) {
    const { method, target, body: requestBody, apiKey } = call;
    deps.recorder?.observe({ method, target, requestBody, apiKey, answer: answer.body });
  }
  return response;
}

async function answerForBrowser(method: string, answer: ForwardedAnswer): Promise<Response> {
  const { response: upstreamResponse, body: upstreamBody, rawText, encoding } = answer;
  const out = new Headers({ 'Cache-Control': 'no-store' });
  for (const name of PASSED_API_HEADERS) {
    const value = upstreamResponse.headers.get(name);
    if (value !== null) out.set(name, value);
  }
  out.set('Content-Type', answerType(method, rawText, upstreamResponse.status, out.get('content-type')));
  if (!rawText) out.set('Vary', 'Accept-Encoding');

  let response: Response;
  if (upstreamBody === null) {
    response = passOn(upstreamResponse, out);
  } else if (rawText) {
    response = new Response(bodyBytes(upstreamBody), { status: upstreamResponse.status, headers: out });
  } else {
    const packed =
      encoding === null
        ? { body: upstreamBody, encoding: null }
        : await maybeCompress(upstreamBody, answer.acceptEncoding);
    if (packed.encoding !== null) out.set('Content-Encoding', packed.encoding);
    response = new Response(bodyBytes(packed.body), { status: upstreamResponse.status, headers: out });
  }
  return response;
}
