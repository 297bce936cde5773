/**
 * The embedded sandbox's own pages (`/sandbox/*`: outbox, dashboard page, sync
 * file, control surface), served on the dashboard's origin in sandbox mode
 * only, to requests addressed to a loopback host or PUBLIC_URL's host. The
 * proxy adds one of its own: the embedding example (./embedding.ts).
 */
import type { Context } from 'hono';
import { MAX_BODY_BYTES } from '../../src/api/limits.ts';
import { readLimited } from '../read-limited.ts';
import { bodyBytes } from './bytes.ts';
import { embedExample } from './embedding.ts';
import { packJson } from './compress.ts';
import { inProcessLink } from './in-process.ts';
import { hostNameOf, isLoopbackHost } from '../loopback.ts';
import { targetProblem, type ProxyEnv } from './target.ts';
import { forwardedRequestHeaders, type UpstreamAnswer } from './upstream.ts';

/** Upstream response headers never passed back from the sandbox's own pages. */
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'set-cookie',
  'trailer',
  'upgrade',
]);

export interface SandboxPagesOptions {
  fetch: (req: Request) => Promise<Response>;
  /** PUBLIC_URL's origin, or null: each request's own. */
  publicOrigin: string | null;
  timeoutMs: number;
}

type SandboxPage = (c: Context<ProxyEnv>, target: string, clientAddress: string | null) => Response | Promise<Response>;

/**
 * The sandbox's routes, each behind the same two guards: a target that would
 * not be forwarded unchanged is not found, a request to another name refused.
 */
export interface SandboxPages {
  /** The embedding example (EMBED_EXAMPLE_PATH), the proxy's own page. */
  embedExample: SandboxPage;
  /** Every other `/sandbox/*` target: the sandbox's own pages. */
  pages: SandboxPage;
}

/**
 * Whether a request is addressed to a name the sandbox answers on: a loopback
 * name or address, or PUBLIC_URL's host. The outbox holds every one-time
 * password: a page of another site whose name the attacker points at this
 * machine (DNS rebinding) must not read it.
 */
export function sandboxHostGuard(publicOrigin: string | null): (c: Context<ProxyEnv>) => boolean {
  const publicHost = publicOrigin === null ? undefined : new URL(publicOrigin).hostname;
  return (c) => {
    // Under app.request() there is no socket and no Host header: the URL is all there is.
    const name = hostNameOf(c.req.header('host') ?? (c.env?.incoming ? '' : new URL(c.req.url).host));
    if (name === null) return false;
    return name === publicHost || isLoopbackHost(name);
  };
}

/** The answer to a sandbox request addressed to another name (sandboxHostGuard). */
export function sandboxHostRefused(c: Context<ProxyEnv>): Response {
  return c.json(
    { error: 'The sandbox pages answer only on localhost, a loopback address or the host of PUBLIC_URL' },
    403,
    { 'Cache-Control': 'no-store' },
  );
}

export function createSandboxPages(options: SandboxPagesOptions): SandboxPages {
  const link = inProcessLink(options.fetch);
  const isAllowedHost = sandboxHostGuard(options.publicOrigin);

  const guarded =
    (page: SandboxPage): SandboxPage =>
    (c, target, clientAddress) => {
      // Forwarded unchanged too, so nothing may resolve out of /sandbox/ (into the sandbox's /api/).
      if (targetProblem(target) !== null) return c.text('Not found\n', 404);
      if (!isAllowedHost(c)) return sandboxHostRefused(c);
      return page(c, target, clientAddress);
    };

  const example: SandboxPage = (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Method not allowed\n', 405);
    const page = embedExample(c.req.header('host') ?? new URL(c.req.url).host);
    c.set('pageCsp', page.csp);
    return c.html(page.html, 200, { 'Cache-Control': 'no-store' });
  };

  const pages: SandboxPage = async (c, target, clientAddress) => {
    let body: Uint8Array | null = null;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      try {
        body = await readLimited(c.req.raw.body, MAX_BODY_BYTES);
      } catch {
        return c.text('Request body too large\n', 413);
      }
    }
    let answer: UpstreamAnswer;
    try {
      answer = await link.exchange(
        {
          target,
          origin: options.publicOrigin ?? originOf(c.req.url),
          method: c.req.method,
          headers: forwardedRequestHeaders(c.req.raw.headers, clientAddress),
          body,
          timeoutMs: options.timeoutMs,
        },
        null,
      );
    } catch {
      return c.text('The sandbox is unavailable\n', 502);
    }
    const { response: page, body: pageBody } = answer;
    const out = new Headers();
    page.headers.forEach((value, name) => {
      if (!DROPPED_RESPONSE_HEADERS.has(name)) out.set(name, value);
    });
    let bytes = pageBody ?? new Uint8Array(0);
    if ((out.get('content-type') ?? '').includes('json')) {
      bytes = await packJson(bytes, out, c.req.header('accept-encoding'));
    }
    return new Response(bodyBytes(bytes), { status: page.status, headers: out });
  };

  return { embedExample: guarded(example), pages: guarded(pages) };
}

/** The origin of an absolute URL (`http://host:port`), without a second parse. */
export function originOf(url: string): string {
  const pathAt = url.indexOf('/', url.indexOf('//') + 2);
  return pathAt === -1 ? url : url.slice(0, pathAt);
}
