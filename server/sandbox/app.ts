import type { IncomingMessage } from 'node:http';
import { Hono, type Context } from 'hono';
import { ZodError } from 'zod';
import { BodyTooLarge, readLimited } from '../read-limited.ts';
import { ensureAppKey, findUserByEmail } from './accounts.ts';
import { handleApi, internalErrorResponse, MAX_BODY_BYTES, type ApiResponse } from './api.ts';
import type { Handler } from './call.ts';
import type { SandboxConfig } from './config.ts';
import { ControlError, isControlAction, runControl } from './control.ts';
import { getMeta, openDb, setMeta, prepared } from './db.ts';
import { dashboard, signin, signout, signup, verifyDashboardToken } from './methods/account.ts';
import { agencyDelete, agencyUpdate, agencyView } from './methods/agency.ts';
import {
  apiKeyInfo,
  apiMethodData,
  apiMethodList,
  apiTest,
  apiUserInfo,
  syncfileContent,
  syncfileGet,
} from './methods/common.ts';
import { siteDelete, siteScan, siteSetOption, sitesAdd, sitesList, siteUnshare } from './methods/sites.ts';
import { unitDelete, unitUpdate } from './methods/units.ts';
import { readOutbox } from './outbox.ts';
import { DEMO_EMAIL, seedDemo } from './seed.ts';
import { processDue } from './simulation.ts';
import { SandboxState, type UserRow } from './state.ts';

export type { SandboxConfig } from './config.ts';
export { sandboxConfigFromEnv, ConfigError } from './config.ts';

/** One handler per registry method; the registry decides routing and validation. */
const HANDLERS: Record<string, Handler> = {
  signup,
  signin,
  signout,
  dashboard,
  agency_update: agencyUpdate,
  agency_delete: agencyDelete,
  agency_view: agencyView,
  unit_update: unitUpdate,
  unit_delete: unitDelete,
  sites_add: sitesAdd,
  sites_list: sitesList,
  site_delete: siteDelete,
  site_unshare: siteUnshare,
  site_setoption: siteSetOption,
  site_scan: siteScan,
  syncfile_get: syncfileGet,
  api_methodlist: apiMethodList,
  api_methoddata: apiMethodData,
  api_keyinfo: apiKeyInfo,
  api_userinfo: apiUserInfo,
  api_test: apiTest,
};

export interface Sandbox {
  app: Hono<Env>;
  config: SandboxConfig;
  /** The demo account's e-mail when that account exists in the database (seed `demo`), else null. */
  demoEmail: string | null;
  state: SandboxState;
  close(): void;
}

type Env = { Bindings: { incoming?: IncomingMessage } };

export function createSandbox(config: SandboxConfig, log: (line: string) => void = console.log): Sandbox {
  const db = openDb(config.dbPath);
  const state = new SandboxState(db, config, config.quiet ? () => {} : log);
  ensureAppKey(state);
  // The demo goes into a database nobody has used yet; `seeded` records that it
  // went in, so a database first opened with SANDBOX_SEED=empty can still get it.
  if (config.seed === 'demo' && !getMeta(db, 'seeded')) {
    const users = (prepared(db, 'SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
    if (users === 0) {
      db.transaction(() => {
        seedDemo(state);
        setMeta(db, 'seeded', '1');
      })();
    }
  }

  /** Finish due scans; a failure is logged and the caller goes on (the next call or tick retries). */
  const runScheduler = (): void => {
    try {
      processDue(state);
    } catch (err) {
      log(`sandbox: scheduler: ${errorText(err)}`);
    }
  };
  // Scans finish and scheduled scans run even when nobody asks.
  const timer = setInterval(runScheduler, 1000);
  timer.unref();

  const app = new Hono<Env>();

  const api = async (c: Context<Env>) => {
    const incoming = c.env?.incoming;
    const url = new URL(c.req.url);
    // The signature covers the target exactly as received (spec §5.5).
    // In-process there is no raw target: href keeps an empty "?" that url.search drops.
    const target = incoming?.url ?? url.href.slice(url.origin.length);
    let res: ApiResponse;
    try {
      // Declared too large, or larger than announced: the API answers 503 (null body).
      const declared = Number(c.req.header('content-length') ?? '0');
      const body =
        declared > MAX_BODY_BYTES
          ? null
          : await readLimited(c.req.raw.body, MAX_BODY_BYTES).catch((err: unknown) => {
              if (err instanceof BodyTooLarge) return null;
              throw err;
            });
      runScheduler();
      res = handleApi(state, HANDLERS, {
        target,
        httpMethod: c.req.method,
        headers: c.req.raw.headers,
        body,
        origin: url.origin,
        ip: clientIp(c),
      });
    } catch (err) {
      // Every /api/ answer is the envelope, even when the body could not be read
      // (a client that hung up mid-body) or the database failed outside a call.
      log(`sandbox: ${c.req.method} ${methodLabel(target)}: ${errorText(err)}`);
      res = internalErrorResponse(target);
    }
    // Encoded once here; the length lets the proxy pass small answers on unread.
    const bytes = Buffer.from(res.body, 'utf8');
    return new Response(bytes, {
      status: res.status,
      headers: { ...res.headers, 'Content-Length': String(bytes.byteLength) },
    });
  };
  // Over HTTP the URL is normalised before routing, so /api/../sandbox/outbox would
  // reach another route: a raw target under /api/ always goes to the API, which
  // refuses the traversal with 503 (issue 2, "Bad input").
  app.use('*', async (c, next) => {
    const raw = c.env?.incoming?.url;
    if (raw !== undefined && /^\/api(?:[/?]|$)/.test(raw)) return api(c);
    await next();
  });
  app.all('/api', api);
  app.all('/api/*', api);

  // demoEmail lets the login page name the demo account, only when there is one.
  app.get('/sandbox/health', (c) =>
    c.json({ ok: true, version: 'sandbox', now: state.now(), demoEmail: demoAccount(state) }),
  );

  // One recipient at a time: the outbox holds one-time passwords of every account.
  app.get('/sandbox/outbox', (c) => {
    const to = c.req.query('to')?.trim().toLowerCase();
    if (!to)
      return c.json({ error: 'Name the recipient: /sandbox/outbox?to=<email>' }, 400, { 'Cache-Control': 'no-store' });
    return c.json(readOutbox(state, to), 200, { 'Cache-Control': 'no-store' });
  });

  app.get('/sandbox/dashboard', (c) => {
    const verdict = verifyDashboardToken(state, c.req.query('token') ?? '');
    if ('refused' in verdict) {
      const expired = verdict.refused === 'expired';
      return c.html(
        page(
          expired ? 'Link expired' : 'Invalid link',
          expired
            ? 'This dashboard link has expired (links last 24 hours). Open the dashboard again from the partner panel.'
            : 'This dashboard link is not valid. Open the dashboard again from the partner panel.',
        ),
        expired ? 410 : 403,
      );
    }
    return c.html(dashboardPage(state, verdict.user, verdict.expires));
  });

  app.get('/sandbox/syncfile/:token', (c) => {
    const user = prepared(db, 'SELECT * FROM users WHERE syncfile_token = ?').get(c.req.param('token')) as
      UserRow | undefined;
    if (!user) return c.text('Unknown synchronization file link\n', 404);
    return c.body(syncfileContent(user.syncfile_name, user.syncfile_token), 200, {
      'Content-Type': 'application/x-httpd-php; charset=utf-8',
      'X-Filename': user.syncfile_name,
      'Content-Disposition': `attachment; filename="${user.syncfile_name}"`,
    });
  });

  app.post('/sandbox/control/:action', async (c) => {
    if (!config.control) return c.json({ error: 'The control surface is off (set SANDBOX_CONTROL=1)' }, 404);
    const action = c.req.param('action');
    if (!isControlAction(action)) return c.json({ error: `Unknown control action ${action}` }, 404);
    // JSON only: a cross-site form or text/plain POST (no CORS preflight) cannot reach it.
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      return c.json({ error: 'The control surface takes Content-Type: application/json' }, 415);
    }
    let input: unknown;
    try {
      input = await c.req.json();
    } catch {
      return c.json({ error: 'The body must be JSON' }, 400);
    }
    try {
      return c.json(runControl(state, action, input));
    } catch (err) {
      if (err instanceof ControlError) return c.json({ error: err.message }, 400);
      if (err instanceof ZodError)
        return c.json({ error: err.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 400);
      throw err;
    }
  });

  // Someone who opens the base URL in a browser learns where the API is.
  app.notFound((c) =>
    c.json({ error: 'Not found', api: `${new URL(c.req.url).origin}/api/<method>/`, docs: 'docs/sandbox.md' }, 404),
  );
  app.onError((err, c) => {
    log(`sandbox: ${err.message}`);
    return c.json({ error: 'Internal sandbox error' }, 500);
  });

  return {
    app,
    config,
    demoEmail: demoAccount(state),
    state,
    close() {
      clearInterval(timer);
      if (db.open) db.close();
    },
  };
}

/**
 * The client address for IP-bound keys (spec §5.8). Over a socket (`npm run
 * sandbox`) it is the socket's peer and X-Forwarded-For is ignored: any client
 * could send one. Without a socket the sandbox is mounted in-process behind our
 * own proxy (`npm start`), which sets X-Forwarded-For from its socket.
 */
function clientIp(c: Context<Env>): string {
  const incoming = c.env?.incoming;
  if (incoming) return (incoming.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  // In-process our proxy always sets it; without it the address is unknown and matches no binding.
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || '';
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The method part of a target, for a log line (never the query, which may hold e-mails). */
function methodLabel(target: string): string {
  return /^\/api\/[a-z_]{0,40}/.exec(target)?.[0] ?? '/api/';
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${body}</p></main></body></html>`;
}

function dashboardPage(state: SandboxState, user: UserRow, expires: number): string {
  const sites = (prepared(state.db, 'SELECT COUNT(*) AS n FROM sites WHERE user_id = ?').get(user.id) as { n: number })
    .n;
  return page(
    'Site Security dashboard (sandbox)',
    `Signed in as <strong>${escapeHtml(user.email)}</strong> with ${sites} sites. ` +
      `This stands in for the service's full dashboard; the link expires ${new Date(expires * 1000).toUTCString()}.`,
  );
}

/** The demo account's e-mail when the demo seed made it. */
function demoAccount(state: SandboxState): string | null {
  return getMeta(state.db, 'seeded') === '1' && findUserByEmail(state, DEMO_EMAIL) ? DEMO_EMAIL : null;
}
