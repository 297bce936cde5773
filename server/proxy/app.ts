/**
 * The proxy (issue 3, "The proxy"; DESIGN.md "Proxy"): one Hono app, mounted by
 * `npm start` (server/main.ts) and by the Vite dev server (server/dev-plugin.ts).
 *
 * - `/api/*` goes to the one upstream with the target byte for byte; X-Apikey
 *   and X-Apimac become the `apikey`/`apimac` cookies (spec §5.2, §5.4).
 * - `/sandbox/*` goes to the embedded sandbox, only when one is mounted.
 * - `/healthz` answers 200.
 * - Everything else is the built SPA (dist/), when a dist directory is given.
 *
 * It holds no state, so it scales by running more copies.
 */
import { Hono, type Context } from 'hono';
import { isNonZeroArg, lastQueryValue } from '../../src/api/query-args.ts';
import { getMethod } from '../../src/api/registry.ts';
import { type SystemErrorCode } from '../../src/api/system-errors.ts';
import { bodyBytes } from './bytes.ts';
import { MIN_COMPRESS_BYTES, maybeCompress, negotiateEncoding } from './compress.ts';
import { clientAddress, trustedProxies } from './client-address.ts';
import { upstreamCookie } from './credentials.ts';
import { hostNameOf, isLoopbackHost } from './loopback.ts';
import { isEnvelope, proxyEnvelope, rawErrorStatus } from './envelope.ts';
import { DEFAULT_FRAME_ANCESTORS, securityHeaders } from './security-headers.ts';
import { createStaticFiles } from './static-files.ts';
import { checkApiTarget, isApiTarget, rawTargetOf, targetProblem, type ProxyBindings } from './target.ts';
import {
  callUpstream,
  forwardedRequestHeaders,
  UpstreamTimeout,
  type Upstream,
  type UpstreamAnswer,
} from './upstream.ts';
import { BodyTooLarge, readLimited } from '../read-limited.ts';

export type { Upstream } from './upstream.ts';

export interface ProxyOptions {
  upstream: Upstream;
  /** Application key attached to signup/signin sent without a key (PARTNER_APP_KEY). */
  appKey?: string;
  /** The CSP `frame-ancestors` sources (FRAME_ANCESTORS); default `'self'`. */
  frameAncestors?: string;
  /** The built SPA; absent under the Vite dev server, which serves the SPA itself. */
  distDir?: string;
  /** The embedded sandbox's own routes (`/sandbox/*`), served only in sandbox mode. */
  sandbox?: { fetch: (req: Request) => Promise<Response> };
  /**
   * Request body limit; the spec leaves it open (spec §8). Default 2 MiB, the
   * sandbox's own limit (docs/sandbox.md: up to 10,000 sites in one sites_add).
   */
  maxBodyBytes?: number;
  /** Upstream time limit, answer included. Default 30 s. */
  upstreamTimeoutMs?: number;
  /**
   * Answer limit for a remote upstream. Default 64 MiB (10,000 sites with
   * history fit well within). The in-process sandbox bounds its own answers.
   */
  maxResponseBytes?: number;
  /**
   * The origin the browser reaches the dashboard at (PUBLIC_URL), e.g. behind a
   * TLS load balancer. The in-process sandbox builds the absolute URLs it hands
   * out (dashboard link, sync-file download) from it; default: the origin of
   * each request as the socket and Host header show it.
   */
  publicOrigin?: string;
  /**
   * Proxies in front of this one whose X-Forwarded-For is believed
   * (TRUSTED_PROXIES: IPs or CIDRs, e.g. the TLS load balancer); default none,
   * so the socket's peer is the client (spec §5.8, ./client-address.ts).
   */
  trustedProxies?: readonly string[];
  /** Where request lines go (method, status, ms: never a key, a signature or a path). */
  log?: (line: string) => void;
}

/** 2 MiB: the sandbox's MAX_BODY_BYTES (server/sandbox/api.ts); shared-rules.test.ts keeps them equal. */
export const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024;
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** Upstream response headers the browser gets (spec §4.5: the file name of syncfile_get). */
const PASSED_API_HEADERS = ['content-type', 'content-disposition', 'x-filename'];
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

type ProxyEnv = { Bindings: ProxyBindings };
export type ProxyApp = Hono<ProxyEnv>;
type Ctx = Context<ProxyEnv>;

interface Failure {
  error: SystemErrorCode;
  errorinfo: string;
  /** A word for the log line; never request data. */
  reason: string;
}

export function createProxy(options: ProxyOptions): ProxyApp {
  const frameAncestors = options.frameAncestors ?? DEFAULT_FRAME_ANCESTORS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const timeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  // Remote answers are read whole (checked as envelopes), so they are bounded; an
  // in-process answer may go on unread, and the same rule must hold either way.
  const maxResponseBytes =
    options.upstream.kind === 'remote'
      ? (options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES)
      : Number.POSITIVE_INFINITY;
  const log = options.log ?? ((line: string) => console.log(line));
  const upstream: Upstream =
    options.upstream.kind === 'remote'
      ? { kind: 'remote', baseUrl: options.upstream.baseUrl.replace(/\/+$/, '') }
      : options.upstream;
  const publicOrigin = options.publicOrigin === undefined ? undefined : new URL(options.publicOrigin).origin;
  const publicHost = publicOrigin === undefined ? undefined : new URL(publicOrigin).hostname;
  const isTrusted = trustedProxies(options.trustedProxies ?? []);
  const staticFiles = options.distDir === undefined ? null : createStaticFiles(options.distDir);
  const headersForAll = securityHeaders(frameAncestors);

  const app = new Hono<ProxyEnv>();

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of headersForAll) c.res.headers.set(name, value);
  });

  app.onError((err, c) => {
    // The error's name and stack go to the log, so a 501 can be traced to its
    // line; no request data does (the message may quote it) and nothing of it
    // reaches the client.
    log(`proxy internal error: ${err.name}\n${stackFrames(err)}`);
    return isApiTarget(rawTargetOf(c.env, c.req.url))
      ? jsonResponse(proxyEnvelope('', 501, 'The proxy failed to handle the request', performance.now()))
      : new Response('Internal error\n', { status: 500 });
  });

  app.all('*', async (c) => {
    const target = rawTargetOf(c.env, c.req.url);
    if (isApiTarget(target)) return handleApi(c, target);
    const pathname = target.split('?', 1)[0] ?? '/';
    if (pathname === '/healthz') return c.text('ok\n', 200, { 'Cache-Control': 'no-store' });
    if (pathname === '/sandbox' || pathname.startsWith('/sandbox/')) {
      return options.sandbox ? handleSandbox(c, target, options.sandbox) : c.text('Not found\n', 404);
    }
    if (!staticFiles) return c.text('Not found\n', 404);
    return staticFiles({
      method: c.req.method,
      pathname,
      acceptEncoding: c.req.header('accept-encoding') ?? null,
      ifNoneMatch: c.req.header('if-none-match') ?? null,
    });
  });

  async function handleApi(c: Ctx, target: string): Promise<Response> {
    const startedAt = performance.now();
    const checked = checkApiTarget(target);
    const method = checked.method;
    const raw = method !== '' && getMethod(method)?.alwaysRaw === true;
    const acceptEncoding = c.req.header('accept-encoding') ?? null;

    const fail = (failure: Failure): Response => {
      const response = raw
        ? new Response(`${failure.errorinfo}\n`, {
            status: rawErrorStatus(failure.error),
            headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
          })
        : jsonResponse(proxyEnvelope(method, failure.error, failure.errorinfo, startedAt));
      logLine(method, response.status, startedAt, failure.reason);
      return response;
    };

    if (!checked.ok) return fail({ error: 503, errorinfo: checked.reason, reason: 'bad-target' });
    if (c.req.method !== 'GET' && c.req.method !== 'POST') {
      return fail({ error: 503, errorinfo: `HTTP method ${c.req.method} is not used by the API`, reason: 'bad-verb' });
    }
    const cookie = upstreamCookie(
      c.req.header('x-apikey') ?? null,
      c.req.header('x-apimac') ?? null,
      method,
      options.appKey,
    );
    if (!cookie.ok) return fail({ error: 502, errorinfo: cookie.reason, reason: 'bad-credentials' });

    let body: Uint8Array | null = null;
    if (c.req.method === 'POST') {
      const declared = Number(c.req.header('content-length') ?? '0');
      const tooLarge = {
        error: 503,
        errorinfo: `The request body exceeds ${maxBodyBytes} bytes`,
        reason: 'too-large',
      } as const;
      if (declared > maxBodyBytes) return fail(tooLarge);
      try {
        body = await readLimited(c.req.raw.body, maxBodyBytes);
      } catch (err) {
        if (err instanceof BodyTooLarge) return fail(tooLarge);
        return fail({ error: 503, errorinfo: 'The request body could not be read', reason: 'body-unreadable' });
      }
    }

    const headers = forwardedRequestHeaders(c.req.raw.headers, clientAddressOf(c));
    if (cookie.cookie !== null) headers.set('cookie', cookie.cookie);

    // api_test with raw=<non-zero> prints only the result text (spec §4.6).
    // A repeated argument: the last value wins, as the sandbox reads it (src/api/query-args.ts).
    const rawText = raw || (method === 'api_test' && isNonZeroArg(lastQueryValue(target, 'raw')));
    const encoding = rawText ? null : negotiateEncoding(acceptEncoding);

    let answer: UpstreamAnswer;
    try {
      answer = await callUpstream(upstream, {
        target,
        origin: publicOrigin ?? originOf(c.req.url),
        method: c.req.method,
        headers,
        body,
        timeoutMs,
        maxResponseBytes,
        needsBody: (res) => {
          // A remote answer is checked. The in-process sandbox is our own code: its
          // 200 answers are envelopes, read only when they are to be compressed.
          // Its other answers (a crash page) are small and checked.
          if (upstream.kind === 'remote') return true;
          if (rawText) return false;
          if (res.status !== 200) return true;
          return encoding !== null && !isSmall(res.headers.get('content-length'));
        },
      });
    } catch (err) {
      if (err instanceof UpstreamTimeout) {
        return fail({
          error: 500,
          errorinfo: `The partner API did not answer within ${timeoutMs / 1000} s`,
          reason: 'upstream-timeout',
        });
      }
      if (err instanceof BodyTooLarge) {
        return fail({ error: 500, errorinfo: 'The partner API answer was too large', reason: 'upstream-too-large' });
      }
      return fail({ error: 500, errorinfo: 'The partner API could not be reached', reason: 'upstream-down' });
    }

    const { response: upstreamResponse, body: upstreamBody } = answer;
    if (raw && upstreamResponse.status >= 500) {
      // The file method's own errors are 4xx (spec §7.4); a 5xx is a gateway or the service failing.
      return fail({ error: 500, errorinfo: 'The partner API failed', reason: 'upstream-error' });
    }
    // Not for the in-process sandbox's 200 answers: parsing a 10,000-site list only
    // to learn that our own code wrote an envelope costs as much as compressing it.
    const mustBeEnvelope = upstream.kind === 'remote' || upstreamResponse.status !== 200;
    if (!rawText && mustBeEnvelope && upstreamBody !== null && !isEnvelope(upstreamBody)) {
      return fail({
        error: 500,
        errorinfo: 'The partner API answered something that is not the API envelope',
        reason: 'upstream-garbage',
      });
    }

    const out = new Headers({ 'Cache-Control': 'no-store' });
    for (const name of PASSED_API_HEADERS) {
      const value = upstreamResponse.headers.get(name);
      if (value !== null) out.set(name, value);
    }
    if (!out.has('content-type'))
      out.set('Content-Type', rawText ? 'text/plain; charset=utf-8' : 'application/json; charset=UTF-8');
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
    logLine(method, response.status, startedAt, null);
    return response;
  }

  async function handleSandbox(
    c: Ctx,
    target: string,
    sandbox: NonNullable<ProxyOptions['sandbox']>,
  ): Promise<Response> {
    // Forwarded unchanged too, so nothing may resolve out of /sandbox/ (into the sandbox's /api/).
    if (targetProblem(target) !== null) return c.text('Not found\n', 404);
    // The outbox holds every one-time password: a page of another site whose name
    // the attacker points at this machine (DNS rebinding) must not read it.
    if (!isAllowedSandboxHost(c)) {
      return c.json(
        { error: 'The sandbox pages answer only on localhost, a loopback address or the host of PUBLIC_URL' },
        403,
        {
          'Cache-Control': 'no-store',
        },
      );
    }
    let body: Uint8Array | null = null;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      try {
        body = await readLimited(c.req.raw.body, maxBodyBytes);
      } catch {
        return c.text('Request body too large\n', 413);
      }
    }
    let answer: UpstreamAnswer;
    try {
      answer = await callUpstream(
        { kind: 'in-process', fetch: sandbox.fetch },
        {
          target,
          origin: publicOrigin ?? originOf(c.req.url),
          method: c.req.method,
          headers: forwardedRequestHeaders(c.req.raw.headers, clientAddressOf(c)),
          body,
          timeoutMs,
          maxResponseBytes,
          needsBody: () => true,
        },
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
      const packed = await maybeCompress(bytes, c.req.header('accept-encoding') ?? null);
      out.set('Vary', 'Accept-Encoding');
      if (packed.encoding !== null) out.set('Content-Encoding', packed.encoding);
      bytes = packed.body;
    }
    return new Response(bodyBytes(bytes), { status: page.status, headers: out });
  }

  function clientAddressOf(c: Ctx): string | null {
    return clientAddress(c.env?.incoming?.socket.remoteAddress, c.req.header('x-forwarded-for'), isTrusted);
  }

  /** The Host the browser addressed: a loopback name or address, or PUBLIC_URL's host. */
  function isAllowedSandboxHost(c: Ctx): boolean {
    // Under app.request() there is no socket and no Host header: the URL is all there is.
    const name = hostNameOf(c.req.header('host') ?? (c.env?.incoming ? '' : new URL(c.req.url).host));
    if (name === null) return false;
    return name === publicHost || isLoopbackHost(name);
  }

  function logLine(method: string, status: number, startedAt: number, reason: string | null): void {
    const ms = Math.round(performance.now() - startedAt);
    log(`api ${method || '-'} ${status} ${ms}ms${reason ? ` ${reason}` : ''}`);
  }

  return app;
}

/** The origin of an absolute URL (`http://host:port`), without a second parse. */
function originOf(url: string): string {
  const pathAt = url.indexOf('/', url.indexOf('//') + 2);
  return pathAt === -1 ? url : url.slice(0, pathAt);
}

/** The stack's frames without its first line, which repeats the message (possibly request data). */
function stackFrames(err: Error): string {
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join('\n') : '    (no stack)';
}

/** A declared Content-Length below the compression threshold. */
function isSmall(contentLength: string | null): boolean {
  return contentLength !== null && /^\d+$/.test(contentLength) && Number(contentLength) < MIN_COMPRESS_BYTES;
}

/**
 * Passes an in-process answer on unread, with only the headers the browser may
 * see: node-server then writes its body straight to the socket.
 */
function passOn(upstreamResponse: Response, headers: Headers): Response {
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

function jsonResponse(value: unknown): Response {
  return new Response(JSON.stringify(value), {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' },
  });
}
