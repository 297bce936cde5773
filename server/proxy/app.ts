/**
 * The proxy (docs/architecture.md#proxy): one Hono app, mounted by
 * `npm start` (server/main.ts) and by the Vite dev server (server/dev-plugin.ts).
 *
 * - `/api/*` goes to the one upstream with the target byte for byte; X-Apikey
 *   and X-Apimac become the `apikey`/`apimac` cookies (docs/partner-api.md#keys, docs/partner-api.md#signature).
 * - `/sandbox/*` goes to the embedded sandbox, only when one is mounted;
 *   `/sandbox/api/*` is the sandbox's API as partners call it, the keys sent
 *   as the cookies themselves (`{base_url}` = `<origin>/sandbox`), through the
 *   same checks as `/api/*`; `/sandbox/embed-example` is the proxy's own page
 *   (./embedding.ts).
 * - `/healthz` answers 200; `/embed-config.json` the EMBED_ORIGINS (./embedding.ts);
 *   `/partner-api.json` the API's `{base_url}` (./partner-api-config.ts).
 * - `/workspace/*` is the team's workspace (server/workspace/), when one is
 *   mounted; the writes it records are handed to it after their answer.
 * - Everything else is the built SPA (dist/), when a dist directory is given;
 *   `/embed/*` (the host helper) with the headers pages of other origins need.
 *
 * The routes match the request target as it came on the wire (./target.ts
 * routePathOf), never a URL the HTTP adapter re-parsed. An API call goes
 * through three steps (./api-route.ts): check, forward, answer.
 *
 * Its own state is the sign-in limits' counts (./login-limits.ts), in this
 * process's memory unless the workspace shares them (DATABASE_URL: several
 * copies behind a load balancer then count together, README "Security").
 */
import { Hono } from 'hono';
import { MAX_BODY_BYTES } from '../../src/api/limits.ts';
import type { ApiDeps, Ctx } from './api-call.ts';
import { createApiRoute } from './api-route.ts';
import { compressJsonAnswer } from './compress.ts';
import { clientAddress, trustedProxies } from './client-address.ts';
import {
  EMBED_ASSET_HEADERS,
  EMBED_ASSETS_PREFIX,
  EMBED_CONFIG_PATH,
  EMBED_EXAMPLE_PATH,
  embedConfigResponse,
} from './embedding.ts';
import { envelopeResponse, proxyEnvelope } from './envelope.ts';
import { inProcessLink } from './in-process.ts';
import { createLoginGate } from './login-limits.ts';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_UPSTREAM_TIMEOUT_MS, type ProxyOptions } from './options.ts';
import { PARTNER_API_CONFIG_PATH, partnerApiConfigResponse, SANDBOX_BASE_PATH } from './partner-api-config.ts';
import { createSandboxPages, originOf, sandboxHostGuard, sandboxHostRefused } from './sandbox-pages.ts';
import { securityHeaders } from './security-headers.ts';
import { createStaticFiles } from './static-files.ts';
import { isApiTarget, rawTargetOf, routePathOf, type ProxyEnv } from './target.ts';
import { remoteLink } from './upstream.ts';

export type ProxyApp = Hono<ProxyEnv>;

export function createProxy(options: ProxyOptions): ProxyApp {
  const timeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const log = options.log ?? ((line: string) => console.log(line));
  const publicOrigin = options.publicOrigin === undefined ? null : new URL(options.publicOrigin).origin;
  const isTrusted = trustedProxies(options.trustedProxies ?? []);
  const clientAddressOf = (c: Ctx): string | null =>
    clientAddress(c.env?.incoming?.socket.remoteAddress, c.req.header('x-forwarded-for'), isTrusted);
  const staticFiles = options.distDir === undefined ? null : createStaticFiles(options.distDir);
  const sandboxPages =
    options.sandbox === undefined
      ? null
      : createSandboxPages({ fetch: options.sandbox.fetch, publicOrigin, timeoutMs });
  const sandboxHostAllowed = sandboxHostGuard(publicOrigin);
  const headersForAll = securityHeaders({ frameAncestors: options.frameAncestors, publicOrigin });
  const apiDeps: ApiDeps = {
    link:
      options.upstream.kind === 'remote'
        ? remoteLink(options.upstream.baseUrl, options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES)
        : inProcessLink(options.upstream.fetch),
    maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
    timeoutMs,
    appKey: options.appKey,
    loginGate: options.loginGate ?? createLoginGate(options.loginLimits),
    recorder: options.workspace?.recorder ?? null,
    publicOrigin,
    clientAddressOf,
    log,
  };
  const api = createApiRoute(apiDeps);
  const targetOf = (c: Ctx): string => rawTargetOf(c.env, c.req.url);
  const notFound = (c: Ctx): Response => c.text('Not found\n', 404);

  const app = new Hono<ProxyEnv>({ getPath: (request, route) => routePathOf(route?.env, request.url) });

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
    return isApiTarget(targetOf(c))
      ? envelopeResponse(proxyEnvelope('', 501, 'The proxy failed to handle the request', performance.now()))
      : new Response('Internal error\n', { status: 500 });
  });

  // `/api/*` matches `/api` and `/api?…` too: the check step refuses them in the API's terms.
  app.all('/api/*', (c) => api(c, targetOf(c), 'headers'));
  app.all('/healthz', (c) => c.text('ok\n', 200, { 'Cache-Control': 'no-store' }));
  app.all(EMBED_CONFIG_PATH, (c) => embedConfigResponse(options.embedOrigins ?? [], c.req.method));
  app.all(PARTNER_API_CONFIG_PATH, (c) => partnerApiConfigResponse(partnerApiBaseUrl(c), c.req.method));

  const workspace = options.workspace;
  app.all(
    '/workspace/*',
    workspace === undefined
      ? notFound
      : async (c) =>
          compressJsonAnswer(
            await workspace.handle(c.req.raw, { clientAddress: clientAddressOf(c), origin: originFor(c) }),
            c.req.header('accept-encoding'),
          ),
  );

  if (sandboxPages === null) {
    app.all(`${SANDBOX_BASE_PATH}/*`, notFound);
  } else {
    // The sandbox's {base_url}: /sandbox/api/... is /api/... with the keys as cookies (docs/partner-api.md#authentication), as curl sends them.
    app.all(`${SANDBOX_BASE_PATH}/api/*`, (c) =>
      sandboxHostAllowed(c) ? api(c, targetOf(c).slice(SANDBOX_BASE_PATH.length), 'cookies') : sandboxHostRefused(c),
    );
    app.all(EMBED_EXAMPLE_PATH, (c) => sandboxPages.embedExample(c, targetOf(c), clientAddressOf(c)));
    app.all(`${SANDBOX_BASE_PATH}/*`, (c) => sandboxPages.pages(c, targetOf(c), clientAddressOf(c)));
  }

  if (staticFiles === null) {
    app.all('*', notFound);
  } else {
    const serveFile = (c: Ctx): Promise<Response> =>
      staticFiles({
        method: c.req.method,
        pathname: routePathOf(c.env, c.req.url),
        acceptEncoding: c.req.header('accept-encoding') ?? null,
        ifNoneMatch: c.req.header('if-none-match') ?? null,
      });
    // The host helper is imported by pages of other origins (docs/embedding.md).
    app.all(`${EMBED_ASSETS_PREFIX}:asset{.*}`, async (c) => {
      const file = await serveFile(c);
      if (file.status < 400) for (const [name, value] of EMBED_ASSET_HEADERS) file.headers.set(name, value);
      return file;
    });
    app.all('*', serveFile);
  }

  /** The origin the browser addressed: PUBLIC_URL's, else the request's own. */
  function originFor(c: Ctx): string {
    return publicOrigin ?? originOf(c.req.url);
  }

  /**
   * The partner API's {base_url} for a caller of its own (the developer
   * console's curl): PARTNER_API_URL (never with credentials: the
   * configuration refuses them), or in sandbox mode the sandbox's, on this
   * origin when the sandbox answers the name it was reached by; else unknown.
   */
  function partnerApiBaseUrl(c: Ctx): string | null {
    if (options.upstream.kind === 'remote') return options.upstream.baseUrl;
    if (!sandboxPages || !sandboxHostAllowed(c)) return null;
    return originFor(c) + SANDBOX_BASE_PATH;
  }

  return app;
}

/** The stack's frames without its first line, which repeats the message (possibly request data). */
function stackFrames(err: Error): string {
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join('\n') : '    (no stack)';
}
