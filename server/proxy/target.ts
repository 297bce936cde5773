/**
 * The request target as the browser sent it, and the checks that let the proxy
 * forward it byte for byte. The signature covers the target exactly as it
 * travels (docs/partner-api.md#signature), so the proxy never rebuilds it from a parsed URL.
 */
import type { IncomingMessage } from 'node:http';

/** What @hono/node-server hands the app as `c.env` (absent under `app.request()`). */
export interface ProxyBindings {
  incoming?: IncomingMessage;
}

/** The proxy's Hono environment. */
export type ProxyEnv = {
  Bindings: ProxyBindings;
  /** `pageCsp`: a page's own CSP in place of the proxy's (the sandbox's embedding example, ./embedding.ts). */
  Variables: { pageCsp?: string };
};

/**
 * The raw request target. Under @hono/node-server (and the Vite dev server) it is
 * the request line's target, untouched; `c.req.url` may have been re-parsed (the
 * adapter normalises targets that contain `%` or dot segments). Without a Node
 * request (in-process `app.request()`), the URL is all there is.
 */
export function rawTargetOf(bindings: ProxyBindings | undefined, requestUrl: string): string {
  const raw = bindings?.incoming?.url;
  if (typeof raw === 'string' && raw.startsWith('/')) return raw;
  const url = new URL(requestUrl);
  return url.pathname + url.search;
}

/**
 * The path the proxy's routes match (./app.ts): the raw target's, up to its
 * query, neither decoded nor resolved, so a route gets exactly the targets
 * whose bytes are its own.
 */
export function routePathOf(bindings: ProxyBindings | undefined, requestUrl: string): string {
  const target = rawTargetOf(bindings, requestUrl);
  const queryAt = target.indexOf('?');
  return queryAt === -1 ? target : target.slice(0, queryAt);
}

/** True when the target addresses the API: `/api`, `/api/…` or `/api?…`. */
export function isApiTarget(target: string): boolean {
  return target === '/api' || target.startsWith('/api/') || target.startsWith('/api?');
}

export type ApiTargetCheck =
  /** `query`: the raw query string, without `?`. */
  { ok: true; method: string; query: string } | { ok: false; method: string; reason: string };

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
const SAFE_METHOD_NAME = /^[A-Za-z0-9_]{1,64}$/;
const MAX_TARGET_LENGTH = 8192;
/** No `'` (encoded in the query of http URLs), `\\`, `[`, `]`, spaces, quotes or controls. */
const PLAIN_TARGET = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@/?%]*$/;

/**
 * Why the target cannot be forwarded unchanged, or null when it can: no dot
 * segments (which an upstream would resolve, possibly out of `/api/`), no
 * backslash, and already in the form the WHATWG URL parser (fetch, on both
 * upstream kinds) leaves as is, so the bytes the upstream receives are the
 * bytes the browser signed.
 */
export function targetProblem(target: string): string | null {
  return inspectTarget(target).problem;
}

function inspectTarget(target: string): { problem: string | null } {
  const fail = (problem: string) => ({ problem });
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!target.startsWith('/')) return fail('The request target must be a path');
  if (target.length > MAX_TARGET_LENGTH) return fail(`The request target exceeds ${MAX_TARGET_LENGTH} characters`);
  if (target.includes('\\') || target.includes('#'))
    return fail('The request target contains a backslash or a fragment');
  if (path.split('/').some((segment) => DOT_SEGMENT.test(segment)))
    return fail('The request target contains a dot segment');
  // Unreserved and sub-delimiter characters and escapes: the URL parser leaves
  // these as they are, so the common case needs no parse.
  if (PLAIN_TARGET.test(target)) return { problem: null };
  const parsed = new URL(target, 'http://proxy.invalid');
  const reparsed = parsed.pathname + (parsed.search === '' && queryAt !== -1 ? '?' : parsed.search);
  if (reparsed !== target) return fail('The request target is not percent-encoded in canonical form');
  return { problem: null };
}

/** Checks an API target: under `/api/<method>/` and forwardable unchanged. */
export function checkApiTarget(target: string): ApiTargetCheck {
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const rawMethod = path.split('/')[2] ?? '';
  // The envelope echoes the method (docs/partner-api.md#envelope); only a plain name is echoed.
  const method = SAFE_METHOD_NAME.test(rawMethod) ? rawMethod : '';
  if (!target.startsWith('/api/'))
    return { ok: false, method, reason: 'The request target must begin with /api/<method>/' };
  const { problem } = inspectTarget(target);
  if (problem !== null) return { ok: false, method, reason: problem };
  return { ok: true, method, query: queryAt === -1 ? '' : target.slice(queryAt + 1) };
}
