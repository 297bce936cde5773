/**
 * The in-process fast path: the sandbox in this process as the proxy's
 * upstream (`npm start` without PARTNER_API_URL). The sandbox is our own code,
 * so its answers are taken on trust where checking them would cost more than
 * the call itself:
 *
 * - its 200 answers are envelopes: not parsed to find out (a 10,000-site
 *   sites_list costs as much to parse as to compress); other answers (a crash
 *   page) are small and checked;
 * - an answer that needs neither checking nor compressing is passed on as the
 *   Response it is, unread (reading a body through web streams costs more than
 *   the sandbox's whole api_keyinfo call);
 * - the call gets no abort signal (the sandbox answers synchronously; linking a
 *   signal into every Request costs more than the call), though the deadline
 *   still bounds it; its answers have no size bound of their own (the sandbox
 *   bounds them).
 */
import { readLimited } from '../read-limited.ts';
import { MIN_COMPRESS_BYTES } from './compress.ts';
import { requestInit, withDeadline, type AnswerUse, type UpstreamCall, type UpstreamLink } from './upstream.ts';

export function inProcessLink(fetch: (req: Request) => Promise<Response>): UpstreamLink {
  return {
    kind: 'in-process',
    exchange: (call: UpstreamCall, use: AnswerUse | null) =>
      withDeadline(call.timeoutMs, null, async (expired) => {
        const response = await fetch(new Request(call.origin + call.target, requestInit(call)));
        if (use !== null && !needsBody(response, use)) return { response, body: null };
        const body = await Promise.race([readLimited(response.body, Number.POSITIVE_INFINITY), expired]);
        return { response, body };
      }),
    mustCheck: (response) => response.status !== 200,
  };
}

/** Whether an in-process answer must be read before it goes on. */
function needsBody(response: Response, use: AnswerUse): boolean {
  if (use.inspect) return true;
  if (use.rawText) return false;
  if (response.status !== 200) return true;
  return use.compressible && !isSmall(response.headers.get('content-length'));
}

/** A declared Content-Length below the compression threshold. */
function isSmall(contentLength: string | null): boolean {
  return contentLength !== null && /^\d+$/.test(contentLength) && Number(contentLength) < MIN_COMPRESS_BYTES;
}

/**
 * Passes an in-process answer on unread, with only the headers the browser may
 * see: node-server then writes its body straight to the socket.
 */
export function passOn(upstreamResponse: Response, headers: Headers): Response {
  try {
    const own = upstreamResponse.headers;
    for (const name of [...own.keys()]) own.delete(name);
    headers.forEach((value, name) => own.set(name, value));
    return upstreamResponse;
  } catch {
    // Immutable headers (a Response from fetch): wrap its stream instead.
    return new Response(upstreamResponse.body, { status: upstreamResponse.status, headers });
  }
}
