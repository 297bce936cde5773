/**
 * `npm run dev`: the same proxy and sandbox as `npm start`, mounted in the Vite
 * dev server. Requests for `/api`, `/workspace`, `/sandbox`,
 * `/healthz` and the SPA's run-time settings (`/embed-config.json`,
 * `/partner-api.json`) go to the proxy's Hono app; everything else stays Vite's (hot
 * reload, and no proxy CSP on pages: React's refresh preamble is an inline
 * script, which the production CSP forbids).
 *
 * The middleware is added directly in configureServer, so it runs before Vite's
 * own middlewares and sees the request target exactly as the browser sent it.
 */
import { getRequestListener } from '@hono/node-server';
import type { Plugin } from 'vite';
import type { ServerConfig } from './config.ts';

const PROXIED = /^\/(?:api|workspace|sandbox|healthz|embed-config\.json|partner-api\.json)(?:[/?]|$)/;

export function partnerProxyPlugin(): Plugin {
  return {
    name: 'partner-dashboard:proxy',
    apply: 'serve',
    async configureServer(server) {
      // Imported here so `vite build` (which also loads this config) never opens the sandbox.
      const { ConfigError, serverConfigFromEnv } = await import('./config.ts');
      const { isLoopbackHost } = await import('./loopback.ts');
      const { createServerApp } = await import('./server-app.ts');

      let config: ServerConfig;
      try {
        config = serverConfigFromEnv(process.env);
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        throw new Error(['The configuration is invalid:', ...err.problems.map((p) => `  - ${p}`)].join('\n'), {
          cause: err,
        });
      }
      // Vite listens where its own `server.host` says, not on HOST: the unauthenticated
      // control surface stays refused on an address other machines can reach.
      const viteHost = server.config.server.host;
      const exposed = viteHost === true || (typeof viteHost === 'string' && !isLoopbackHost(viteHost));
      if (exposed && config.upstream.kind === 'sandbox' && config.upstream.sandbox.control) {
        throw new Error(
          'The configuration is invalid:\n  - SANDBOX_CONTROL=1 needs Vite to listen on loopback only (drop --host): the control surface has no authentication',
        );
      }
      const serverApp = await createServerApp(config);
      const listener = getRequestListener(serverApp.app.fetch);

      server.middlewares.use((req, res, next) => {
        if (PROXIED.test(req.url ?? '')) void listener(req, res);
        else next();
      });
      // Vite closes its HTTP server on restart (a config change) and on exit.
      server.httpServer?.once('close', () => void serverApp.close());

      const logger = server.config.logger;
      if (config.upstream.kind === 'remote') {
        logger.info(`  Partner API: ${config.upstream.baseUrl}/api/ (PARTNER_API_URL)`);
      } else if (serverApp.sandbox) {
        const email = serverApp.sandbox.demoEmail;
        logger.info(`  Partner API: the embedded sandbox (database ${serverApp.sandbox.dbPath})`);
        if (email)
          logger.info(
            `  Demo account: ${email}; one-time passwords at /sandbox/outbox?to=${encodeURIComponent(email)}`,
          );
        else logger.info('  One-time passwords at /sandbox/outbox?to=<email>');
      }
    },
  };
}
