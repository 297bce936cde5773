/**
 * The script of the sandbox's example hoster panel (/sandbox/embed-example,
 * server/proxy/embedding.ts): what a panel's page does with the host helper.
 * Loaded from the dashboard's origin, like the helper beside it.
 */
import { embedDashboard, type DashboardMessage } from './host.js';

interface DemoKeys {
  key: string;
  hmac: string;
}

function isDemoKeys(value: unknown): value is DemoKeys {
  return (
    typeof value === 'object' &&
    value !== null &&
    'key' in value &&
    typeof value.key === 'string' &&
    'hmac' in value &&
    typeof value.hmac === 'string'
  );
}

function element(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`The example page has no #${id}`);
  return found;
}

const status = element('status');
const events = element('events');
const dashboard = embedDashboard({ container: element('dashboard'), title: 'Partner Security Dashboard' });

/** One line per message; the stream of `resize` messages updates one line. */
function log(message: DashboardMessage): void {
  const { type, version: _version, ...rest } = message;
  const text = `${type}${Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : ''}`;
  const last = events.lastElementChild;
  if (type === 'resize' && last instanceof HTMLElement && last.dataset.type === 'resize') {
    last.textContent = text;
    return;
  }
  const item = document.createElement('li');
  item.dataset.type = type;
  item.textContent = text;
  events.append(item);
}

dashboard.on('message', log);
dashboard.on('ready', (message) => {
  status.textContent = message.signedIn
    ? 'The dashboard is ready and signed in.'
    : 'The dashboard is ready. Sign it in with the demo account, or on its own sign-in page.';
});
dashboard.on('signed-in', () => (status.textContent = 'Signed in with the keys this page handed over.'));
dashboard.on('signed-out', () => (status.textContent = 'Signed out inside the dashboard.'));
dashboard.on('error', (message) => (status.textContent = `The dashboard refused a message: ${message.message}`));

/** A wait in minutes, as the dashboard's own login page says it ("Wait 42 minutes"), not seconds. */
function waitWords(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return 'Try again in a few minutes.';
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'Try again in a minute.' : `Try again in ${minutes} minutes.`;
}

/** Like a panel's server holding the partner's key: here the sandbox's one-step demo session (docs/sandbox.md). */
async function signInAsDemo(): Promise<void> {
  status.textContent = 'Getting keys for the demo account…';
  const res = await fetch('/sandbox/demo-session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (res.status === 429) {
    status.textContent = `Too many demo sign-ins from here. ${waitWords(Number(res.headers.get('Retry-After')))}`;
    return;
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok || !isDemoKeys(body)) {
    status.textContent = `The demo keys could not be had (HTTP ${res.status}).`;
    return;
  }
  dashboard.signIn({ apiKey: body.key, macKey: body.hmac });
  status.textContent = 'Keys handed over; the dashboard checks them…';
}

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button === null) return;
  const { action, mode, accent, locale, path } = button.dataset;
  if (action === 'auth') void signInAsDemo();
  if (mode === 'light' || mode === 'dark') {
    // The panel's own page follows its theme too.
    document.documentElement.classList.toggle('panel-dark', mode === 'dark');
    dashboard.setTheme({ mode });
    status.textContent = `Sent theme: ${mode}.`;
  }
  if (accent !== undefined) {
    dashboard.setTheme({ accent: accent === '' ? null : accent });
    status.textContent = `Sent accent: ${accent === '' ? 'the dashboard’s own' : accent}.`;
  }
  if (locale !== undefined) {
    dashboard.setLocale(locale);
    status.textContent = `Sent language: ${locale}.`;
  }
  if (path !== undefined) {
    dashboard.navigate(path);
    status.textContent = `Sent navigate: ${path}.`;
  }
});
