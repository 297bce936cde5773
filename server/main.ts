/**
 * `npm start`: the whole dashboard in one Node process.
 * Validates the configuration, builds the SPA when dist/ is missing or stale,
 * mounts the embedded sandbox unless PARTNER_API_URL is set, and serves the
 * proxy, the SPA and (in sandbox mode) the sandbox's own pages on HOST:PORT
 * (127.0.0.1 in sandbox mode, every interface in front of the real service).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, serverConfigFromEnv, type ServerConfig } from './config.ts';
import { listenUrl } from './config/network.ts';
import { watchParent } from './parent-watch.ts';
import { createServerApp, type ServerApp } from './server-app.ts';
import { ensureSpaBuilt } from './spa-build.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'dist');

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function banner(config: ServerConfig, server: ServerApp, port: number): string[] {
  const base = listenUrl(config.host, port);
  const everywhere = config.host === '0.0.0.0' || config.host === '::';
  const lines = [
    `Partner Security Dashboard: ${base}/${everywhere ? ` (listening on every interface, HOST=${config.host})` : ''}`,
  ];
  if (config.publicOrigin !== undefined) lines.push(`  Public URL: ${config.publicOrigin}/ (PUBLIC_URL)`);
  if (config.upstream.kind === 'remote') {
    lines.push(`  Partner API: ${config.upstream.baseUrl}/api/ (PARTNER_API_URL)`);
    return lines;
  }
  lines.push(
    `  Partner API: the embedded sandbox (database ${server.sandbox?.dbPath ?? '?'}; set PARTNER_API_URL for the real service)`,
  );
  if (everywhere && config.publicOrigin === undefined) {
    // The proxy serves /sandbox/* only to loopback hosts and PUBLIC_URL's (server/proxy/app.ts).
    lines.push(
      '  Other machines: set PUBLIC_URL to the address they use, or the sandbox pages (outbox, sync file) answer 403',
    );
  }
  if (server.sandbox) {
    const email = server.sandbox.demoEmail;
    if (email) {
      lines.push(`  Demo account: ${email} (sign in with this e-mail)`);
      lines.push(`  One-time passwords: ${base}/sandbox/outbox?to=${encodeURIComponent(email)} (and on this console)`);
    } else {
      lines.push(`  One-time passwords: ${base}/sandbox/outbox?to=<email> (and on this console)`);
    }
    // The example panel embeds the dashboard from the other loopback name (docs/embedding.md).
    if (config.embedOrigins.includes(`http://localhost:${port}`)) {
      lines.push(`  Embedding example: ${base}/sandbox/embed-example (a hoster panel on another origin)`);
    }
  }
  return lines;
}

async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = serverConfigFromEnv(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(
      ['The server cannot start: the configuration is invalid.', ...err.problems.map((p) => `  - ${p}`)].join('\n'),
    );
    process.exit(1);
  }

  try {
    await ensureSpaBuilt(root, distDir, (line) => console.log(line));
  } catch (err) {
    console.error(`The server cannot start: building the dashboard failed: ${messageOf(err)}`);
    process.exit(1);
  }

  let server: ServerApp;
  try {
    server = await createServerApp(config, { distDir });
  } catch (err) {
    console.error(`The server cannot start: ${messageOf(err)}`);
    process.exit(1);
  }
  const http = server.listen(config.port, config.host);

  http.once('listening', () => {
    const address = http.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    console.log(banner(config, server, port).join('\n'));
  });
  http.once('error', (err: NodeJS.ErrnoException) => {
    void server.close();
    console.error(
      err.code === 'EADDRINUSE'
        ? `The server cannot start: port ${config.port} is in use (set PORT to another port).`
        : err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND'
          ? `The server cannot start: HOST ${config.host} is not an address of this machine.`
          : `The server cannot start: ${err.message}`,
    );
    process.exit(1);
  });

  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) process.exit(1); // a second Ctrl-C does not wait
    stopping = true;
    console.log(`${reason}: stopping…`);
    // Let requests in flight finish, then close the database they may be using.
    http.close(() => {
      void server.close().finally(() => process.exit(0));
    });
    if ('closeIdleConnections' in http) http.closeIdleConnections();
    setTimeout(() => {
      if ('closeAllConnections' in http) http.closeAllConnections();
    }, 3000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  // Killed by its process id, npm may not pass the signal on: the server ends with it all the same.
  watchParent(stop);
}

main().catch((err: unknown) => {
  console.error(`The server stopped: ${messageOf(err)}`);
  process.exit(1);
});
