/**
 * The one upstream: the real partner service over HTTP(S), or the sandbox in
 * the same process. Both are reached with a fetch Request whose URL carries the
 * browser's request target unchanged (spec §5.5: the signature covers it).
 */
import { readLimited } from '../read-limited.ts';
import { bodyBytes } from './bytes.ts';

export type Upstream =
  { kind: 'remote'; baseUrl: string } | { kind: 'in-process'; fetch: (req: Request) => Promise<Response> };

/**
 * The only browser request headers the upstream gets: what says how to read the
 * body and what the client accepts. Everything else stays here: the browser's
 * cookies, Authorization, Origin, Referer, Accept-Language, Sec-* and every
 * X-* header (X-Apikey/X-Apimac become the Cookie header instead); hop-by-hop
 * headers (RFC 9110 §7.6.1) and Content-Length, which fetch sets from the body
 * it sends; Accept-Encoding, which fetch negotiates with a remote upstream and
 * decodes itself. The API is not localised, so Accept-Language has no use there.
 */
const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'user-agent'] as const;

/**
 * Request headers for the upstream: the allowlisted browser headers, and the
 * client address as X-Forwarded-For (spec §5.8: keys may be bound to
 * addresses), computed by clientAddress (./client-address.ts) from the socket
 * and, behind TRUSTED_PROXIES, their X-Forwarded-For. A browser-supplied
 * X-Forwarded-For never reaches the upstream as sent. With no known address
 * none is claimed. The caller adds the Cookie header it builds.
 */
export function forwardedRequestHeaders(incoming: Headers, clientAddress: string | null): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = incoming.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (clientAddress !== null) headers.set('x-forwarded-for', clientAddress);
  return headers;
}

/** Made only when a call times out: capturing a stack per request is not free. */
export class UpstreamTimeout extends Error {
  constructor(readonly ms: number) {
    super(`Upstream did not answer within ${ms} ms`);
    this.name = 'UpstreamTimeout';
  }
}

export interface UpstreamAnswer {
  response: Response;
  /** The whole body, or null when `needsBody` said the response may go on unread. */
  body: Uint8Array | null;
}

export interface UpstreamCall {
  /** Request target, byte for byte as the browser sent it (`/api/...?...`). */
  target: string;
  /** Origin the browser addressed; the in-process sandbox builds absolute URLs from it. */
  origin: string;
  method: string;
  headers: Headers;
  body: Uint8Array | null;
  timeoutMs: number;
  maxResponseBytes: number;
  /**
   * Whether the body must be read before the answer goes on. Reading a body
   * through web streams costs more than the sandbox's whole api_keyinfo call,
   * so an in-process answer that needs neither checking nor compressing is
   * passed on as the Response it is.
   */
  needsBody: (response: Response) => boolean;
}

/**
 * Calls the upstream and, when needed, reads its whole answer, all within
 * `timeoutMs`. Rejects with UpstreamTimeout, BodyTooLarge (answer too big) or
 * the network error.
 *
 * The in-process sandbox answers synchronously, so it gets no abort signal
 * (linking one into every Request costs more than the sandbox call itself);
 * the race with the timer still bounds it.
 */
export async function callUpstream(upstream: Upstream, call: UpstreamCall): Promise<UpstreamAnswer> {
  const controller = upstream.kind === 'remote' ? new AbortController() : null;
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      const timeout = new UpstreamTimeout(call.timeoutMs);
      controller?.abort(timeout);
      reject(timeout);
    }, call.timeoutMs);
  });
  // Whichever loses the race must not surface as an unhandled rejection.
  expired.catch(() => undefined);

  const init: RequestInit = {
    method: call.method,
    headers: call.headers,
    body: call.body === null ? null : bodyBytes(call.body),
    redirect: 'manual',
  };
  try {
    let pending: Promise<Response>;
    if (upstream.kind === 'remote') {
      init.signal = controller?.signal ?? null;
      pending = fetch(upstream.baseUrl + call.target, init);
    } else {
      pending = upstream.fetch(new Request(call.origin + call.target, init));
    }
    const response = await Promise.race([pending, expired]);
    if (!call.needsBody(response)) return { response, body: null };
    // Reading the stream is faster than arrayBuffer() for small answers.
    const body = await Promise.race([readLimited(response.body, call.maxResponseBytes), expired]);
    return { response, body };
  } catch (err) {
    throw timedOut ? new UpstreamTimeout(call.timeoutMs) : err;
  } finally {
    clearTimeout(timer);
  }
}
