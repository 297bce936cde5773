/**
 * The proxy's part of embedding the dashboard in hoster panels
 * (docs/embedding.md):
 * - `/embed-config.json`: the origins whose messages the embedded SPA accepts
 *   (EMBED_ORIGINS), read at run time, so one build serves every setting;
 * - `/embed/*` (the host helper, built into dist/embed/): importable by a
 *   page of another origin, so it carries CORS headers;
 * - `/sandbox/embed-example` (sandbox mode only, ./sandbox-pages.ts): a
 *   hoster panel's page that embeds the dashboard from the other loopback
 *   name, with its own CSP (it frames and loads scripts from that origin).
 */
import { hostNameOf, isLoopbackHost } from '../loopback.ts';

export const EMBED_CONFIG_PATH = '/embed-config.json';
export const EMBED_EXAMPLE_PATH = '/sandbox/embed-example';
/** The host helper and the example's script and styles (dist/embed/, built by server/embed-plugin.ts). */
export const EMBED_ASSETS_PREFIX = '/embed/';

/** The shape of /embed-config.json; `version` changes only if the shape does (src/features/embed/origins.ts reads it). */
interface EmbedConfig {
  version: 1;
  origins: string[];
}

export function embedConfigResponse(origins: readonly string[], method: string): Response {
  if (method !== 'GET' && method !== 'HEAD') {
    return new Response('Method not allowed\n', { status: 405, headers: { Allow: 'GET, HEAD' } });
  }
  const config: EmbedConfig = { version: 1, origins: [...origins] };
  // Not a secret, but it follows the server's settings: never kept by a cache.
  return new Response(method === 'HEAD' ? null : JSON.stringify(config), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * Headers that let a page of any origin load the host helper as a module
 * (`<script type="module">` and `import` fetch in CORS mode). Public code, no
 * credentials: a wildcard is right here, and only here.
 */
export const EMBED_ASSET_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Access-Control-Allow-Origin', '*'],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
];

/**
 * The dashboard the example page embeds: the same port under the other
 * loopback name (`localhost` ↔ `127.0.0.1`), so the page and the dashboard
 * are two origins and two sites, as a panel and the dashboard are. Null when
 * the page was reached under another name (PUBLIC_URL's host).
 */
export function exampleDashboardOrigin(hostHeader: string): string | null {
  const name = hostNameOf(hostHeader);
  if (name === null || !isLoopbackHost(name)) return null;
  const port = /:(\d{1,5})$/.exec(hostHeader.trim())?.[1];
  const suffix = port === undefined ? '' : `:${port}`;
  return name === 'localhost' ? `http://127.0.0.1${suffix}` : `http://localhost${suffix}`;
}

/** The example page's own CSP: scripts, styles and the frame come from the dashboard's origin only. */
export function exampleCsp(dashboardOrigin: string | null): string {
  const dashboard = dashboardOrigin ?? "'none'";
  return [
    "default-src 'none'",
    `script-src ${dashboard}`,
    `style-src ${dashboard}`,
    // The demo keys come from this origin's /sandbox/demo-session.
    "connect-src 'self'",
    `frame-src ${dashboard}`,
    "img-src 'self' data:",
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The example panel page for a request addressed to `hostHeader`, and its
 * CSP; reached under a name that is not loopback, it says where to open it.
 */
export function embedExample(hostHeader: string): { html: string; csp: string } {
  const dashboardOrigin = exampleDashboardOrigin(hostHeader);
  return { html: examplePage(dashboardOrigin, hostHeader), csp: exampleCsp(dashboardOrigin) };
}

function examplePage(dashboardOrigin: string | null, hostHeader: string): string {
  const head = (styles: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Example hoster panel — Partner Security Dashboard embedded</title>${styles}</head>`;
  if (dashboardOrigin === null) {
    const port = /:(\d{1,5})$/.exec(hostHeader.trim())?.[0] ?? '';
    const url = `http://127.0.0.1${port}${EMBED_EXAMPLE_PATH}`;
    return `${head('')}<body><main><h1>Embedding example</h1><p>The example embeds the dashboard from the other loopback name of this machine: open <a href="${escapeHtml(url)}">${escapeHtml(url)}</a> on the machine that runs the dashboard.</p></main></body></html>`;
  }
  const origin = escapeHtml(dashboardOrigin);
  const button = (attr: string, label: string, extra = '') =>
    `<button type="button" ${attr}${extra ? ` class="${extra}"` : ''}>${label}</button>`;
  return `${head(`<link rel="stylesheet" href="${origin}/embed/example.css">`)}
<body>
<header class="panel-top"><span class="panel-logo" aria-hidden="true"></span><span class="panel-name">HostPanel</span><span class="panel-user">customer@hosting.example</span></header>
<div class="panel">
<nav class="panel-nav" aria-label="Panel"><a href="#">Domains</a><a href="#">E-mail</a><a href="#" aria-current="page">Website security</a><a href="#">Billing</a></nav>
<main class="panel-main">
<h1>Website security</h1>
<p class="panel-intro">An example hoster panel on <strong>http://${escapeHtml(hostHeader.trim())}</strong>. The dashboard below comes from <strong>${origin}</strong> and talks to this page by <code>postMessage</code> (docs/embedding.md). The frame is as tall as the dashboard's page, so this page scrolls, not the frame; it tells the dashboard which part of the frame you see, and the dashboard's dialogs and notices open there.</p>
<div class="panel-controls">
<fieldset><legend>Account</legend>${button('data-action="auth"', 'Sign in as the demo account')}</fieldset>
<fieldset><legend>Theme</legend>${button('data-mode="light"', 'Light')}${button('data-mode="dark"', 'Dark')}</fieldset>
<fieldset><legend>Accent</legend>${button('data-accent=""', 'Default', 'swatch swatch-default')}${button('data-accent="#0f766e"', 'Teal', 'swatch swatch-teal')}${button('data-accent="#7c3aed"', 'Violet', 'swatch swatch-violet')}${button('data-accent="#f97316"', 'Orange', 'swatch swatch-orange')}</fieldset>
<fieldset><legend>Language</legend>${button('data-locale="en"', 'English')}${button('data-locale="de"', 'Deutsch')}</fieldset>
<fieldset><legend>Go to</legend>${button('data-path="/"', 'Overview')}${button('data-path="/sites"', 'Sites')}</fieldset>
</div>
<p class="panel-status" role="status" id="status">Loading the dashboard…</p>
<div id="dashboard" class="dashboard-slot"></div>
<h2>Messages from the dashboard</h2>
<ol id="events" class="events"></ol>
<section class="panel-more" aria-labelledby="panel-more-title">
<h2 id="panel-more-title">More in your hosting package</h2>
<p>Backups, SSL certificates and DNS have pages of their own. Like a real panel's page, this one goes on below the dashboard: scroll it so the dashboard's top is out of view, then open a dialog in the dashboard.</p>
</section>
</main>
</div>
<script type="module" src="${origin}/embed/example.js"></script>
</body></html>`;
}
