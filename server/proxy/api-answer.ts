/** The upstream's answer as the browser gets it: the headers it may see, compressed when it accepts that. */
import { answerType } from './answer-type.ts';
import { bodyBytes } from './bytes.ts';
import { maybeCompress } from './compress.ts';
import { passOn } from './in-process.ts';

/** Upstream response headers the browser gets: the file name of syncfile_get (docs/partner-api.md#syncfile_get), a rate limit's Retry-After. */
const PASSED_API_HEADERS = ['content-type', 'content-disposition', 'x-filename', 'retry-after'];

export async function answerForBrowser(
  method: string,
  upstreamResponse: Response,
  upstreamBody: Uint8Array | null,
  rawText: boolean,
  encoding: string | null,
  acceptEncoding: string | null,
): Promise<Response> {
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
      encoding === null ? { body: upstreamBody, encoding: null } : await maybeCompress(upstreamBody, acceptEncoding);
    if (packed.encoding !== null) out.set('Content-Encoding', packed.encoding);
    response = new Response(bodyBytes(packed.body), { status: upstreamResponse.status, headers: out });
  }
  return response;
}
