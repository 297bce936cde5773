/**
 * The sandbox's own pages, outside the API: health, the outbox, the dashboard
 * page a `dashboard` URL opens, and the synchronization file download.
 */
import type { Hono } from 'hono';
import { requestOrigin, type SandboxEnv } from './http/connection.ts';
import { verifyDashboardToken } from './methods/dashboard.ts';
import { syncfileContent } from './methods/syncfile.ts';
import { readOutbox } from './outbox.ts';
import type { SandboxState } from './state.ts';
import { countSites } from './store/sites.ts';
import { userBySyncfileToken, type UserRow } from './store/users.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

export function mountPages(app: Hono<SandboxEnv>, state: SandboxState, demoEmail: () => string | null): void {
  // demoEmail lets the login page name the demo account, only when there is one.
  app.get('/sandbox/health', (c) => c.json({ ok: true, version: 'sandbox', now: state.now(), demoEmail: demoEmail() }));

  // One recipient at a time: the outbox holds one-time passwords of every account.
  app.get('/sandbox/outbox', (c) => {
    const to = c.req.query('to')?.trim().toLowerCase();
    if (!to) return c.json({ error: 'Name the recipient: /sandbox/outbox?to=<email>' }, 400, NO_STORE);
    return c.json(readOutbox(state, to), 200, NO_STORE);
  });

  app.get('/sandbox/dashboard', (c) => {
    const verdict = verifyDashboardToken(state, c.req.query('token') ?? '');
    if ('refused' in verdict) {
      const [title, text, status] = REFUSALS[verdict.refused];
      return c.html(page(title, text), status);
    }
    return c.html(dashboardPage(state, verdict.user, verdict.expires));
  });

  app.get('/sandbox/syncfile/:token', (c) => {
    const user = userBySyncfileToken(state.db, c.req.param('token'));
    if (!user) return c.text('Unknown synchronization file link\n', 404);
    return c.body(syncfileContent(user.syncfile_name, user.syncfile_token), 200, {
      'Content-Type': 'application/x-httpd-php; charset=utf-8',
      'X-Filename': user.syncfile_name,
      'Content-Disposition': `attachment; filename="${user.syncfile_name}"`,
    });
  });

  // Someone who opens the base URL in a browser learns where the API is.
  app.notFound((c) =>
    c.json(
      { error: 'Not found', api: `${requestOrigin(c, state.config)}/api/<method>/`, docs: 'docs/sandbox.md' },
      404,
    ),
  );
}

const AGAIN = 'Open the dashboard again from the partner panel.';

const REFUSALS = {
  expired: ['Link expired', `This dashboard link has expired (links last 24 hours). ${AGAIN}`, 410],
  'signed-out': ['Link ended', `The key that made this dashboard link was signed out. ${AGAIN}`, 410],
  forged: ['Invalid link', `This dashboard link is not valid. ${AGAIN}`, 403],
} as const;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${body}</p></main></body></html>`;
}

function dashboardPage(state: SandboxState, user: UserRow, expires: number): string {
  return page(
    'Site Security dashboard (sandbox)',
    `Signed in as <strong>${escapeHtml(user.email)}</strong> with ${countSites(state.db, user.id)} sites. ` +
      `This stands in for the service's full dashboard; the link expires ${new Date(expires * 1000).toUTCString()}.`,
  );
}
