/**
 * The whole server as one Hono app, from a validated configuration: the proxy
 * in front of the real partner API, or in front of the embedded sandbox (whose
 * `/sandbox/*` pages are then served on the same origin). Shared by `npm start`
 * (server/main.ts) and `npm run dev` (server/dev-plugin.ts).
 */
import { serve, type ServerType } from '@hono/node-server';
import type { ServerConfig } from './config.ts';
import { createGuardedServer } from './http-server.ts';
import { createProxy, type ProxyApp } from './proxy/app.ts';
import { trustedProxies } from './proxy/client-address.ts';
import { proxyBadRequestAnswer } from './proxy/envelope.ts';
import { inProcessLink } from './proxy/in-process.ts';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_UPSTREAM_TIMEOUT_MS } from './proxy/options.ts';
import { securityHeaders } from './proxy/security-headers.ts';
import { remoteLink, type UpstreamLink } from './proxy/upstream.ts';
import type { FleetFetch } from './readmodel/refresh.ts';
import { openWorkspace, type Workspace } from './workspace/workspace.ts';

export interface ServerApp {
  app: ProxyApp;
  /** Present in sandbox mode. */
  sandbox?: { demoEmail: string | null; dbPath: string };
  /**
   * Serves the app over HTTP as `npm start` does: the proxy's security headers
   * on every answer, the HTTP layer's early ones included (server/http-server.ts).
   */
  listen(port: number, hostname: string): ServerType;
  /** The team's workspace (server/workspace/). */
  workspace: Workspace;
  /** Closes the workspace's store and the sandbox's database, once requests in flight are done. */
  close(): Promise<void>;
}

export async function createServerApp(
  config: ServerConfig,
  options: { distDir?: string; log?: (line: string) => void } = {},
): Promise<ServerApp> {
  const log = options.log ?? ((line: string) => console.log(line));
  const openWorkspaceOn = (link: UpstreamLink, fleetFetch: FleetFetch) =>
    openWorkspace(config.workspace, {
      link,
      fleetFetch,
      timeoutMs: DEFAULT_UPSTREAM_TIMEOUT_MS,
      loginLimits: config.loginLimits,
      log,
    });
  const mounted = (workspace: Workspace) => ({
    workspace: { handle: workspace.handle, recorder: workspace.recorder },
    loginGate: workspace.loginGate ?? undefined,
  });
  const common = {
    frameAncestors: config.frameAncestors,
    embedOrigins: config.embedOrigins,
    publicOrigin: config.publicOrigin,
    trustedProxies: config.trustedProxies,
    loginLimits: config.loginLimits,
    distDir: options.distDir,
    log,
  };
  const headersForAll = securityHeaders({ frameAncestors: config.frameAncestors, publicOrigin: config.publicOrigin });
  const listen = (app: ProxyApp) => (port: number, hostname: string) =>
    serve({
      fetch: app.fetch,
      port,
      hostname,
      createServer: createGuardedServer(proxyBadRequestAnswer, headersForAll, {
        limits: config.connections,
        exempt: trustedProxies(config.trustedProxies),
      }),
    });
  if (config.upstream.kind === 'remote') {
    const base = config.upstream.baseUrl.replace(/\/+$/, '');
    const workspace = await openWorkspaceOn(
      remoteLink(config.upstream.baseUrl, DEFAULT_MAX_RESPONSE_BYTES),
      ({ target, headers, signal }) => fetch(base + target, { headers, signal, redirect: 'manual' }),
    );
    const app = createProxy({
      ...common,
      ...mounted(workspace),
      upstream: { kind: 'remote', baseUrl: config.upstream.baseUrl },
      appKey: config.upstream.appKey,
    });
    return { app, workspace, listen: listen(app), close: () => workspace.close() };
  }

  // Loaded only in sandbox mode: a proxy in front of the real service never opens SQLite.
  const { createSandbox } = await import('./sandbox/app.ts');
  const sandbox = createSandbox(config.upstream.sandbox);
  const inProcess = async (req: Request): Promise<Response> => sandbox.app.fetch(req);
  let workspace: Workspace;
  try {
    workspace = await openWorkspaceOn(inProcessLink(inProcess), ({ target, origin, headers }) =>
      inProcess(new Request(origin + target, { headers })),
    );
    await (await import('./demo-workspace.ts')).connectDemoWorkspace(sandbox, workspace.store, log);
  } catch (err) {
    sandbox.close();
    throw err;
  }
  const app = createProxy({
    ...common,
    ...mounted(workspace),
    upstream: { kind: 'in-process', fetch: inProcess },
    appKey: config.upstream.appKey,
    sandbox: { fetch: inProcess },
  });
  let closed = false;
  return {
    app,
    sandbox: { demoEmail: sandbox.demoEmail, dbPath: config.upstream.sandbox.dbPath },
    workspace,
    listen: listen(app),
    close: async () => {
      if (closed) return;
      closed = true;
      await workspace.close();
      sandbox.close();
    },
  };
}
