/**
 * `npm run sandbox`: the partner API sandbox alone, for partners who point their
 * own integrations at it.
 */
import { serve } from '@hono/node-server';
import { connectionLimitsFromEnv } from '../config/connections.ts';
import { createGuardedServer } from '../http-server.ts';
import { watchParent } from '../parent-watch.ts';
import { badRequestAnswer } from './http/envelope.ts';
import { SECURITY_HEADERS } from './http/security-headers.ts';
import { createSandbox } from './app.ts';
import { ConfigError, sandboxConfigFromEnv } from './config.ts';

function main(): void {
  let config;
  try {
    config = sandboxConfigFromEnv(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // The same bounded connections as `npm start` (HTTP_*, README "Security").
  const connections = connectionLimitsFromEnv(process.env);
  if ('problems' in connections) {
    console.error(
      ['The sandbox cannot start: the configuration is invalid.', ...connections.problems.map((p) => `  - ${p}`)].join(
        '\n',
      ),
    );
    process.exit(1);
  }
  const sandbox = createSandbox(config);
  const server = serve(
    {
      fetch: sandbox.app.fetch,
      port: config.port,
      hostname: '127.0.0.1',
      // The security headers on every answer, the HTTP layer's own early 400s included.
      createServer: createGuardedServer(badRequestAnswer, Object.entries(SECURITY_HEADERS), { limits: connections }),
    },
    (info) => {
      const listening = `http://127.0.0.1:${info.port}`;
      // The spec's {base_url}: requests go to {base_url}/api/<method>/ (docs/partner-api.md#requests). The URLs
      // the sandbox hands out start with it too (http/connection.ts requestOrigin).
      const base = config.publicOrigin ?? listening;
      console.log('Partner API sandbox ready');
      console.log(`  base_url ${base} (the API is under /api/: ${base}/api/<method>/)`);
      if (config.publicOrigin !== undefined) console.log(`  listening on ${listening} (SANDBOX_PUBLIC_URL is set)`);
      console.log(`  application key (signup, signin, signout, api_*): ${config.appKey}`);
      if (sandbox.demoEmail) {
        console.log(`  demo account: ${sandbox.demoEmail} (sign up, then read the code in the outbox)`);
      }
      console.log(`  outbox: ${base}/sandbox/outbox?to=<email>`);
      console.log(`  database: ${config.dbPath}; signatures for signin keys: ${config.signinDs}`);
      if (config.control) console.log(`  control surface: ${base}/sandbox/control/<action>`);
    },
  );
  const stop = () => {
    server.close();
    sandbox.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  // Ends with whatever started it (npm, a bench), even when the signal does not reach it.
  watchParent(stop);
}

main();
