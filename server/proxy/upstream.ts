/**
 * The one upstream: the real partner service over HTTP(S) (here), or the
 * sandbox in the same process (./in-process.ts). Both are reached with a fetch
 * Request whose URL carries the browser's request target unchanged (docs/partner-api.md#signature:
 * the signature covers it), through the same interface, UpstreamLink.
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
 * client address as X-Forwarded-For (docs/partner-api.md#keys: keys may be bound to
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

export interface UpstreamCall {
  /** Request target, byte for byte as the browser sent it (`/api/...?...`). */
  target: string;
  /** Origin the browser addressed; the in-process sandbox builds absolute URLs from it. */
  origin: string;
  method: string;
  headers: Headers;
  body: Uint8Array | null;
  timeoutMs: number;
}

/**
 * What the proxy will do with an API answer, from which a link tells whether
 * it must read the answer before it goes on.
 */
export interface AnswerUse {
  /** The answer goes on as text (a raw method, api_test with raw): never checked or compressed. */
  rawText: boolean;
  /** The client accepts a compressed answer. */
  compressible: boolean;
  /** The proxy reads the answer itself (the sign-in limits count wrong codes). */
  inspect: boolean;
}

export interface UpstreamAnswer {
  response: Response;
  /** The whole body, or null when the answer may go on unread (./in-process.ts passOn). */
  body: Uint8Array | null;
}

/** How the proxy reaches its upstream and what it may take on trust from it. */
export interface UpstreamLink {
  kind: Upstream['kind'];
  /**
   * Calls the upstream and, when needed, reads its whole answer, all within
   * `call.timeoutMs`. `use` null: the caller needs every answer read.
   * Rejects with UpstreamTimeout, BodyTooLarge (answer too big) or the network error.
   */
  exchange(call: UpstreamCall, use: AnswerUse | null): Promise<UpstreamAnswer>;
  /** Whether an answer that is not raw text must be checked to be the API envelope (docs/partner-api.md#envelope). */
  mustCheck(response: Response): boolean;
}

/**
 * Runs `work` against a deadline: rejects with UpstreamTimeout when it has not
 * settled within `ms` (and aborts `controller`, when given, so the network
 * request stops too). `work` gets the deadline promise, to race its own later
 * steps (reading the body) against it.
 */
export async function withDeadline<T>(
  ms: number,
  controller: AbortController | null,
  work: (expired: Promise<never>) => Promise<T>,
): Promise<T> {
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      const timeout = new UpstreamTimeout(ms);
      controller?.abort(timeout);
      reject(timeout);
    }, ms);
  });
  // Whichever loses the race must not surface as an unhandled rejection.
  expired.catch(() => undefined);
  try {
    return await Promise.race([work(expired), expired]);
  } catch (err) {
    throw timedOut ? new UpstreamTimeout(ms) : err;
  } finally {
    clearTimeout(timer);
  }
}

export function requestInit(call: UpstreamCall): RequestInit {
  return {
    method: call.method,
    headers: call.headers,
    body: call.body === null ? null : bodyBytes(call.body),
    redirect: 'manual',
  };
}

/**
 * The real partner service: every answer is read whole, bounded by
 * `maxResponseBytes`, and checked to be the envelope before it goes on.
 */
export function remoteLink(baseUrl: string, maxResponseBytes: number): UpstreamLink {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    kind: 'remote',
    exchange: (call) => {
      const controller = new AbortController();
      return withDeadline(call.timeoutMs, controller, async (expired) => {
        const init = requestInit(call);
        init.signal = controller.signal;
        const response = await fetch(base + call.target, init);
        // Reading the stream is faster than arrayBuffer() for small answers.
        const body = await Promise.race([readLimited(response.body, maxResponseBytes), expired]);
        return { response, body };
      });
    },
    mustCheck: () => true,
  };
}
