/**
 * The sandbox as one Hono app: the API under /api/ (http/handle-api.ts), its own
 * pages under /sandbox/ (pages.ts, control-route.ts), the database and the
 * scheduler that finishes scans. Served alone by `npm run sandbox` (main.ts) and
 * in-process behind the proxy by `npm start` (server/server-app.ts).
 */
import { Hono } from 'hono';
import { ensureAppKey } from './accounts.ts';
import type { SandboxConfig } from './config.ts';
import { mountControl } from './control-route.ts';
import { getMeta, openDb, setMeta } from './db.ts';
import { mountDemoSession } from './demo/session.ts';
import { ensureSimulation } from './demo/simulation.ts';
import { apiRoute } from './http/api-route.ts';
import { hostAllowed, type SandboxEnv } from './http/connection.ts';
import { SECURITY_HEADERS } from './http/security-headers.ts';
import { mountPages } from './pages.ts';
import { printable } from './printable.ts';
import { processDue } from './scans.ts';
import { DEMO_EMAIL, seedDemo } from './seed.ts';
import { sweepDemoCopies } from './demo/copies.ts';
import { SandboxState } from './state.ts';
import { countUsers, findUserByEmail } from './store/users.ts';

export type { SandboxConfig } from './config.ts';

export interface Sandbox {
  app: Hono<SandboxEnv>;
  config: SandboxConfig;
  /** The demo account's e-mail when that account exists in the database (seed `demo`), else null. */
  demoEmail: string | null;
  state: SandboxState;
  close(): void;
}

export function createSandbox(config: SandboxConfig, log: (line: string) => void = console.log): Sandbox {
  // Every line the sandbox prints may quote a request (an e-mail address): escaped once, here.
  const print = (line: string) => log(printable(line));
  const db = openDb(config.dbPath);
  const state = new SandboxState(db, config, config.quiet ? () => {} : print);
  ensureAppKey(state);
  // The demo goes into a database nobody has used yet; `seeded` records that it
  // went in, so a database first opened with SANDBOX_SEED=empty can still get it.
  if (config.seed === 'demo' && !getMeta(db, 'seeded') && countUsers(db) === 0) {
    db.transaction(() => {
      seedDemo(state);
      setMeta(db, 'seeded', '1');
    })();
  }
  ensureSimulation(db, state.now());

  /** Finish due scans; a failure is logged and the caller goes on (the next call or tick retries). */
  const runScheduler = (): void => {
    try {
      processDue(state);
      // Demo copies whose time has come go, with their keys, before any call can use them.
      sweepDemoCopies(state);
    } catch (err) {
      print(`sandbox: scheduler: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  // Scans finish and scheduled scans run even when nobody asks.
  const timer = setInterval(runScheduler, 1000);
  timer.unref();

  const app = new Hono<SandboxEnv>();
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  });

  const api = apiRoute(state, runScheduler, print);
  // Over HTTP the URL is normalised before routing, so /api/../sandbox/outbox would
  // reach another route: a raw target under /api/ always goes to the API, which
  // refuses the traversal with 503.
  app.use('*', async (c, next) => {
    const raw = c.env?.incoming?.url;
    if (raw !== undefined && /^\/api(?:[/?]|$)/.test(raw)) return api(c);
    await next();
  });
  app.all('/api', api);
  app.all('/api/*', api);

  // The outbox shows every one-time password: standalone, a page whose host name an
  // attacker points at this machine (DNS rebinding) must not read it.
  app.use('/sandbox/*', async (c, next) => {
    if (!hostAllowed(c, config, false)) {
      return c.json(
        { error: 'The sandbox pages answer only on localhost, a loopback address or the host of SANDBOX_PUBLIC_URL' },
        403,
        { 'Cache-Control': 'no-store' },
      );
    }
    await next();
  });
  const demoEmail = () => (getMeta(db, 'seeded') === '1' && findUserByEmail(db, DEMO_EMAIL) ? DEMO_EMAIL : null);
  mountDemoSession(app, state, demoEmail);
  mountPages(app, state, demoEmail);
  mountControl(app, state);

  app.onError((err, c) => {
    print(`sandbox: ${err.message}`);
    return c.json({ error: 'Internal sandbox error' }, 500);
  });

  return {
    app,
    config,
    demoEmail: demoEmail(),
    state,
    close() {
      clearInterval(timer);
      if (db.open) db.close();
    },
  };
}
