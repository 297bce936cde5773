/**
 * The proxy (docs/architecture.md#proxy): one Hono app, mounted by
 * `npm start` (server/main.ts) and by the Vite dev server (server/dev-plugin.ts).
 *
 * - `/api/*` goes to the one upstream with the target byte for byte; X-Apikey
 *   and X-Apimac become the `apikey`/`apimac` cookies (docs/partner-api.md#keys, docs/partner-api.md#signature).
 * - `/sandbox/*` goes to the embedded sandbox, only when one is mounted;
 *   `/sandbox/api/*` is the sandbox's API as partners call it, the keys sent
 *   as the cookies themselves (`{base_url}` = `<origin>/sandbox`), through the
 *   same checks as `/api/*`.
 * - `/healthz` answers 200; `/embed-config.json` the EMBED_ORIGINS (./embedding.ts);
 *   `/partner-api.json` the API's `{base_url}` (./partner-api-config.ts).
 * - `/workspace/*` is the team's workspace (server/workspace/), when one is
 *   mounted; the writes it records are handed to it after their answer.
 * - Everything else is the built SPA (dist/), when a dist directory is given.
 *
 * Its own state is the sign-in limits' counts (./login-limits.ts), in this
 * process's memory unless the workspace shares them (DATABASE_URL: several
 * copies behind a load balancer then count together, README "Security").
 */
import { Hono, type Context } from 'hono';
import { MAX_BODY_BYTES } from '../../src/api/limits.ts';
import { isNonZeroArg, lastQueryValue } from '../../src/api/query-args.ts';
import { getMethod } from '../../src/api/registry.ts';
import { GATEWAY_STATUS, RAW_ERROR_STATUS, type SystemErrorCode } from '../../src/api/system-errors.ts';
import { BodyTooLarge, readLimited } from '../read-limited.ts';
import { answerForBrowser } from './api-answer.ts';
import { clientAddress, trustedProxies } from './client-address.ts';
import { negotiateEncoding } from './compress.ts';
import { cookieCredentials, upstreamCookie } from './credentials.ts';
import { EMBED_ASSET_HEADERS, EMBED_ASSETS_PREFIX, EMBED_CONFIG_PATH, embedConfigResponse } from './embedding.ts';
import { envelopeResponse, isEnvelope, proxyEnvelope } from './envelope.ts';
import { inProcessLink } from './in-process.ts';
import { createLoginGate, type Admitted } from './login-limits.ts';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_UPSTREAM_TIMEOUT_MS, type ProxyOptions } from './options.ts';
import {
  PARTNER_API_CONFIG_PATH,
  partnerApiConfigResponse,
  SANDBOX_BASE_PATH,
  sandboxApiTarget,
} from './partner-api-config.ts';
import { createSandboxPages, originOf, sandboxHostGuard, sandboxHostRefused } from './sandbox-pages.ts';
import { securityHeaders } from './security-headers.ts';
import { createStaticFiles } from './static-files.ts';
import { checkApiTarget, isApiTarget, rawTargetOf, type ProxyEnv } from './target.ts';
import {
  forwardedRequestHeaders,
  remoteLink,
  UpstreamTimeout,
  type UpstreamAnswer,
  type UpstreamLink,
} from './upstream.ts';

export type ProxyApp = Hono<ProxyEnv>;
type Ctx = Context<ProxyEnv>;

interface Failure {
  error: SystemErrorCode;
  errorinfo: string;
  /** A word for the log line; never request data. */
  reason: string;
  /** The upstream could not be reached or failed: a raw method answers "bad gateway". */
  gateway?: true;
  /** Seconds after which the same request can succeed (Retry-After). */
  retryAfter?: number;
}

export function createProxy(options: ProxyOptions): ProxyApp {
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const timeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const log = options.log ?? ((line: string) => console.log(line));
  const link: UpstreamLink =
    options.upstream.kind === 'remote'
      ? remoteLink(options.upstream.baseUrl, options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES)
      : inProcessLink(options.upstream.fetch);
  const publicOrigin = options.publicOrigin === undefined ? null : new URL(options.publicOrigin).origin;
  const isTrusted = trustedProxies(options.trustedProxies ?? []);
  const staticFiles = options.distDir === undefined ? null : createStaticFiles(options.distDir);
  const sandboxPages =
    options.sandbox === undefined
      ? null
      : createSandboxPages({ fetch: options.sandbox.fetch, publicOrigin, timeoutMs });
  const sandboxHostAllowed = sandboxHostGuard(publicOrigin);
  const headersForAll = securityHeaders({ frameAncestors: options.frameAncestors, publicOrigin });
  const loginGate = options.loginGate ?? createLoginGate(options.loginLimits);
  const recorder = options.workspace?.recorder ?? null;

  const app = new Hono<ProxyEnv>();

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of headersForAll) c.res.headers.set(name, value);
    const pageCsp = c.get('pageCsp');
    if (pageCsp !== undefined) c.res.headers.set('Content-Security-Policy', pageCsp);
  });

  app.onError((err, c) => {
    // The error's name and stack go to the log, so a 501 can be traced to its
    // line; no request data does (the message may quote it) and nothing of it
    // reaches the client.
    log(`proxy internal error: ${err.name}\n${stackFrames(err)}`);
    return isApiTarget(rawTargetOf(c.env, c.req.url))
      ? envelopeResponse(proxyEnvelope('', 501, 'The proxy failed to handle the request', performance.now()))
      : new Response('Internal error\n', { status: 500 });
  });

  app.all('*', async (c) => {
    const target = rawTargetOf(c.env, c.req.url);
    if (isApiTarget(target)) return handleApi(c, target, 'headers');
    const pathname = target.split('?', 1)[0] ?? '/';
    if (pathname === '/healthz') return c.text('ok\n', 200, { 'Cache-Control': 'no-store' });
    if (pathname === EMBED_CONFIG_PATH) return embedConfigResponse(options.embedOrigins ?? [], c.req.method);
    if (pathname === PARTNER_API_CONFIG_PATH) return partnerApiConfigResponse(partnerApiBaseUrl(c), c.req.method);
    if (pathname === '/workspace' || pathname.startsWith('/workspace/')) {
      if (!options.workspace) return c.text('Not found\n', 404);
      const origin = publicOrigin ?? originOf(c.req.url);
      return options.workspace.handle(c.req.raw, { clientAddress: clientAddressOf(c), origin });
    }
    // The sandbox's {base_url}: /sandbox/api/... is /api/... with the keys as cookies (docs/partner-api.md#authentication), as curl sends them.
    const sandboxApi = sandboxPages ? sandboxApiTarget(target) : null;
    if (sandboxApi !== null) {
      return sandboxHostAllowed(c) ? handleApi(c, sandboxApi, 'cookies') : sandboxHostRefused(c);
    }
    if (pathname === '/sandbox' || pathname.startsWith('/sandbox/')) {
      return sandboxPages ? sandboxPages(c, target, clientAddressOf(c)) : c.text('Not found\n', 404);
    }
    if (!staticFiles) return c.text('Not found\n', 404);
    const file = await staticFiles({
      method: c.req.method,
      pathname,
      acceptEncoding: c.req.header('accept-encoding') ?? null,
      ifNoneMatch: c.req.header('if-none-match') ?? null,
    });
    // The host helper is imported by pages of other origins (docs/embedding.md).
    if (pathname.startsWith(EMBED_ASSETS_PREFIX) && file.status < 400) {
      for (const [name, value] of EMBED_ASSET_HEADERS) file.headers.set(name, value);
    }
    return file;
  });

  /**
   * The partner API's {base_url} for a caller of its own (the developer
   * console's curl): PARTNER_API_URL (never with credentials: the
   * configuration refuses them), or in sandbox mode the sandbox's, on this
   * origin when the sandbox answers the name it was reached by; else unknown.
   */
  function partnerApiBaseUrl(c: Ctx): string | null {
    if (options.upstream.kind === 'remote') return options.upstream.baseUrl;
    if (!sandboxPages || !sandboxHostAllowed(c)) return null;
    return (publicOrigin ?? originOf(c.req.url)) + SANDBOX_BASE_PATH;
  }

  /**
   * An API call: checked, turned into the upstream's request, forwarded, its
   * answer passed back. The keys come from the X-Apikey and X-Apimac headers
   * (the SPA), or, for the sandbox's own {base_url}, from the caller's
   * `apikey` and `apimac` cookies, as the partner API takes them; the
   * browser's cookies are never read on /api/.
   */
  async function handleApi(c: Ctx, target: string, keysFrom: 'headers' | 'cookies'): Promise<Response> {
    const startedAt = performance.now();
    const checked = checkApiTarget(target);
    const method = checked.method;
    const raw = method !== '' && getMethod(method)?.alwaysRaw === true;
    // A write the workspace records (server/workspace/recorder.ts): its answer is read, then handed over.
    const recorded = recorder?.methods.has(method) === true;
    const acceptEncoding = c.req.header('accept-encoding') ?? null;

    const fail = (failure: Failure): Response => {
      const extra: Record<string, string> =
        failure.retryAfter === undefined ? {} : { 'Retry-After': String(failure.retryAfter) };
      const response = raw
        ? new Response(`${failure.errorinfo}\n`, {
            status: failure.gateway ? GATEWAY_STATUS : RAW_ERROR_STATUS[failure.error],
            headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra },
          })
        : envelopeResponse(proxyEnvelope(method, failure.error, failure.errorinfo, startedAt), extra);
      logLine(method, response.status, startedAt, failure.reason);
      return response;
    };

    if (!checked.ok) return fail({ error: 503, errorinfo: checked.reason, reason: 'bad-target' });
    if (c.req.method !== 'GET' && c.req.method !== 'POST') {
      return fail({ error: 503, errorinfo: `HTTP method ${c.req.method} is not used by the API`, reason: 'bad-verb' });
    }
    const sent =
      keysFrom === 'cookies'
        ? cookieCredentials(c.req.header('cookie') ?? null)
        : { apiKey: c.req.header('x-apikey') ?? null, mac: c.req.header('x-apimac') ?? null };
    // The application key is lent to the SPA's anonymous calls only; a caller of {base_url} sends its own.
    const cookie = upstreamCookie(sent.apiKey, sent.mac, method, keysFrom === 'headers' ? options.appKey : undefined);
    if (!cookie.ok) return fail({ error: 502, errorinfo: cookie.reason, reason: 'bad-credentials' });
    const client = clientAddressOf(c);

    // The application key is lent to anonymous browsers: its use is limited. A caller
    // that sends the same key itself (the sandbox's is no secret) meets the same limits.
    const appKeyUsed =
      cookie.usedAppKey || (options.appKey !== undefined && options.appKey !== '' && sent.apiKey === options.appKey);
    let admitted: Admitted | null = null;
    if (appKeyUsed && (method === 'signup' || method === 'signin')) {
      const admission = await loginGate.admit(method, target, client);
      if (!admission.ok) {
        const { errorinfo, retryAfter } = admission.refusal;
        return fail({ error: 500, errorinfo, reason: 'rate-limited', retryAfter });
      }
      admitted = admission.admitted;
    }

    let body: Uint8Array | null = null;
    if (c.req.method === 'POST') {
      const tooLarge = {
        error: 503,
        errorinfo: `The request body exceeds ${maxBodyBytes} bytes`,
        reason: 'too-large',
      } as const;
      if (Number(c.req.header('content-length') ?? '0') > maxBodyBytes) return fail(tooLarge);
      try {
        body = await readLimited(c.req.raw.body, maxBodyBytes);
      } catch (err) {
        if (err instanceof BodyTooLarge) return fail(tooLarge);
        return fail({ error: 503, errorinfo: 'The request body could not be read', reason: 'body-unreadable' });
      }
    }

    const headers = forwardedRequestHeaders(c.req.raw.headers, client);
    if (cookie.cookie !== null) headers.set('cookie', cookie.cookie);

    // api_test with raw=<non-zero> prints only the result text (docs/partner-api.md#api_test).
    // A repeated argument: the last value wins, as the sandbox reads it (src/api/query-args.ts).
    const rawText = raw || (method === 'api_test' && isNonZeroArg(lastQueryValue(target, 'raw')));
    const encoding = rawText ? null : negotiateEncoding(acceptEncoding);

    let answer: UpstreamAnswer;
    try {
      answer = await link.exchange(
        { target, origin: publicOrigin ?? originOf(c.req.url), method: c.req.method, headers, body, timeoutMs },
        { rawText, compressible: encoding !== null, inspect: admitted !== null || recorded },
      );
    } catch (err) {
      await admitted?.settle(null);
      if (err instanceof UpstreamTimeout) {
        const errorinfo = `The partner API did not answer within ${timeoutMs / 1000} s`;
        return fail({ error: 500, errorinfo, reason: 'upstream-timeout', gateway: true });
      }
      if (err instanceof BodyTooLarge) {
        const errorinfo = 'The partner API answer was too large';
        return fail({ error: 500, errorinfo, reason: 'upstream-too-large', gateway: true });
      }
      const errorinfo = 'The partner API could not be reached';
      return fail({ error: 500, errorinfo, reason: 'upstream-down', gateway: true });
    }

    const { response: upstreamResponse, body: upstreamBody } = answer;
    await admitted?.settle(upstreamBody);
    if (raw && upstreamResponse.status >= 500) {
      // The file method's own errors are 4xx (docs/partner-api.md#syncfile_get-errors); a 5xx is a gateway or the service failing.
      return fail({ error: 500, errorinfo: 'The partner API failed', reason: 'upstream-error', gateway: true });
    }
    if (!rawText && upstreamBody !== null && link.mustCheck(upstreamResponse) && !isEnvelope(upstreamBody)) {
      const errorinfo = 'The partner API answered something that is not the API envelope';
      return fail({ error: 500, errorinfo, reason: 'upstream-garbage', gateway: true });
    }

    const response = await answerForBrowser(method, upstreamResponse, upstreamBody, rawText, encoding, acceptEncoding);
    logLine(method, response.status, startedAt, null);
    if (recorded && upstreamBody !== null) {
      recorder?.observe({ method, target, requestBody: body, apiKey: sent.apiKey, answer: upstreamBody });
    }
    return response;
  }

  function clientAddressOf(c: Ctx): string | null {
    return clientAddress(c.env?.incoming?.socket.remoteAddress, c.req.header('x-forwarded-for'), isTrusted);
  }

  function logLine(method: string, status: number, startedAt: number, reason: string | null): void {
    const ms = Math.round(performance.now() - startedAt);
    log(`api ${method || '-'} ${status} ${ms}ms${reason ? ` ${reason}` : ''}`);
  }

  return app;
}

/** The stack's frames without its first line, which repeats the message (possibly request data). */
function stackFrames(err: Error): string {
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join('\n') : '    (no stack)';
}
