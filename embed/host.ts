/**
 * The host helper: embeds the Partner Security Dashboard in a hoster panel's
 * page and speaks the embedding protocol with it (docs/embedding.md). The
 * dashboard serves it, built, as an ES module at `/embed/host.js` (CORS open),
 * so a page of any origin imports it without a build step:
 *
 *   import { embedDashboard } from 'https://dashboard.example.com/embed/host.js';
 *   const dashboard = embedDashboard({
 *     container: document.getElementById('security'),
 *     auth: { apiKey: '…', macKey: '…' },
 *     theme: { mode: 'dark', accent: '#0f766e' },
 *     locale: 'de',
 *   });
 *   dashboard.on('navigated', (message) => console.log(message.path));
 *
 * It creates the iframe (`?embed=1`), waits for the dashboard's `ready`, then
 * sends `auth`, `theme` and `locale` (again after every `ready`: a reloaded
 * frame gets them too), sizes the iframe on every `resize` so it needs no
 * scrollbar of its own, and passes every message on to listeners. As the
 * frame is then as tall as the dashboard's page, it tells the dashboard which
 * part of the frame the window shows (`viewport`), so dialogs and toasts open
 * there: after each `ready`, and when the page scrolls or resizes or the frame
 * does (once per animation frame at most). Messages go only to the
 * dashboard's origin and are taken only from its frame.
 *
 * No imports at run time: it is transpiled file by file (server/embed-plugin.ts).
 */
import type { DashboardMessage } from '../src/features/embed/protocol.ts';

export const PROTOCOL_VERSION = 1;

export type { DashboardMessage };
export type DashboardMessageType = DashboardMessage['type'];
export type DashboardMessageOf<T extends DashboardMessageType> = Extract<DashboardMessage, { type: T }>;
/** What a listener of `on(type)` gets: that type's messages, or every message for `'message'`. */
export type Received<T extends DashboardMessageType | 'message'> = T extends DashboardMessageType
  ? DashboardMessageOf<T>
  : DashboardMessage;

export interface Credentials {
  apiKey: string;
  /** The mac key that signs requests; leave it out for a key without signature. */
  macKey?: string;
}

export interface ThemeSettings {
  mode?: 'light' | 'dark' | 'system';
  /** `#rgb` or `#rrggbb`; null: the dashboard's own colours. */
  accent?: string | null;
}

export interface EmbedOptions {
  /** Where the iframe goes. */
  container: HTMLElement;
  /** The dashboard's origin; by default the one this module was loaded from. */
  origin?: string;
  /** The page of the dashboard to open first, e.g. `/sites`; default `/`. */
  path?: string;
  /** Keys that sign the user in without a one-time code (sent after each `ready`). */
  auth?: Credentials;
  theme?: ThemeSettings;
  /** A BCP 47 language tag (`de`, `en-GB`). */
  locale?: string;
  /** The iframe's accessible name. */
  title?: string;
  /** The iframe's height until the dashboard reports its own, in CSS pixels; default 480. */
  initialHeight?: number;
}

export interface EmbeddedDashboard {
  iframe: HTMLIFrameElement;
  /** Settles at the dashboard's first `ready`. */
  ready: Promise<DashboardMessageOf<'ready'>>;
  navigate(path: string): void;
  setTheme(theme: ThemeSettings): void;
  setLocale(locale: string): void;
  signIn(credentials: Credentials): void;
  /** Listens to one type of message, or to all (`'message'`); returns a function that stops listening. */
  on<T extends DashboardMessageType | 'message'>(type: T, listener: (message: Received<T>) => void): () => void;
  /** Removes the iframe and stops listening. */
  destroy(): void;
}

const MAX_HEIGHT = 100_000;

/** A horizontal band of the frame: its top and height in the frame's CSS pixels. */
export interface FrameBand {
  top: number;
  height: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * The part of the iframe the window shows, in the frame's CSS pixels (what
 * the `viewport` message says): the window's visible area (the visual
 * viewport, when pinch-zoomed), less what boxes around the frame clip (a
 * panel whose content scrolls in a box of its own), clamped to the frame.
 * Height 0 when none of it shows.
 */
export function visibleBand(iframe: HTMLIFrameElement): FrameBand {
  const view = iframe.ownerDocument.defaultView;
  if (view === null) return { top: 0, height: 0 };
  const doc = iframe.ownerDocument;
  const box = iframe.getBoundingClientRect();
  const style = view.getComputedStyle(iframe);
  const padTop = parseFloat(style.paddingTop) || 0;
  const padBottom = parseFloat(style.paddingBottom) || 0;
  // The frame's own viewport, in its CSS pixels; the iframe may be scaled on screen (a transform).
  const frameHeight = Math.max(0, iframe.clientHeight - padTop - padBottom);
  const scale = iframe.offsetHeight > 0 && box.height > 0 ? box.height / iframe.offsetHeight : 1;
  const frameTop = box.top + (iframe.clientTop + padTop) * scale;

  const visual = view.visualViewport;
  let shownTop = visual ? visual.offsetTop : 0;
  let shownBottom = visual ? visual.offsetTop + visual.height : view.innerHeight;
  for (
    let el = iframe.parentElement;
    el !== null && el !== doc.body && el !== doc.documentElement;
    el = el.parentElement
  ) {
    const { overflowY, display } = view.getComputedStyle(el);
    if (overflowY === 'visible' || display === 'contents') continue;
    const clip = el.getBoundingClientRect();
    const elScale = el.offsetHeight > 0 && clip.height > 0 ? clip.height / el.offsetHeight : 1;
    shownTop = Math.max(shownTop, clip.top + el.clientTop * elScale);
    shownBottom = Math.min(shownBottom, clip.top + (el.clientTop + el.clientHeight) * elScale);
  }
  const top = Math.round(clamp((shownTop - frameTop) / scale, 0, frameHeight));
  const bottom = Math.round(clamp((shownBottom - frameTop) / scale, 0, frameHeight));
  return { top, height: Math.max(0, bottom - top) };
}

function isOfType<T extends DashboardMessageType | 'message'>(
  type: T,
  message: DashboardMessage,
): message is Received<T> {
  return type === 'message' || message.type === type;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A message of the protocol from the dashboard, checked; null for anything else. */
export function readDashboardMessage(data: unknown): DashboardMessage | null {
  if (!isRecord(data) || data.version !== PROTOCOL_VERSION) return null;
  switch (data.type) {
    case 'ready':
      return { type: 'ready', version: 1, signedIn: data.signedIn === true };
    case 'resize': {
      const { height } = data;
      return typeof height === 'number' && Number.isFinite(height) && height >= 0 && height <= MAX_HEIGHT
        ? { type: 'resize', version: 1, height }
        : null;
    }
    case 'navigated':
      return typeof data.path === 'string' ? { type: 'navigated', version: 1, path: data.path } : null;
    case 'signed-in':
    case 'signed-out':
      return { type: data.type, version: 1 };
    case 'error': {
      const { code, message, about } = data;
      if (typeof code !== 'string' || typeof message !== 'string') return null;
      const known = [
        'bad-message',
        'unknown-type',
        'unsupported-version',
        'auth-failed',
        'unsupported-locale',
      ] as const;
      const named = known.find((c) => c === code);
      if (named === undefined) return null;
      return typeof about === 'string'
        ? { type: 'error', version: 1, code: named, message, about }
        : { type: 'error', version: 1, code: named, message };
    }
    default:
      return null;
  }
}

export function embedDashboard(options: EmbedOptions): EmbeddedDashboard {
  const origin = new URL(options.origin ?? import.meta.url).origin;
  const src = new URL(options.path ?? '/', origin);
  if (src.origin !== origin) throw new Error('path must be a path of the dashboard, such as /sites');
  src.searchParams.set('embed', '1');

  const iframe = document.createElement('iframe');
  iframe.src = src.href;
  iframe.title = options.title ?? 'Partner Security Dashboard';
  // The CSSOM, not a style attribute: fine under the host page's CSP too.
  iframe.style.display = 'block';
  iframe.style.width = '100%';
  iframe.style.border = '0';
  iframe.style.height = `${options.initialHeight ?? 480}px`;

  let auth = options.auth;
  let theme: ThemeSettings | undefined = options.theme;
  let locale = options.locale;
  let pendingPath: string | undefined;
  let isReady = false;
  const listeners = new Set<(message: DashboardMessage) => void>();
  let markReady: (message: DashboardMessageOf<'ready'>) => void = () => undefined;
  const ready = new Promise<DashboardMessageOf<'ready'>>((resolve) => {
    markReady = resolve;
  });

  const send = (message: Record<string, unknown>) =>
    iframe.contentWindow?.postMessage({ ...message, version: PROTOCOL_VERSION }, origin);

  const sendAuth = (credentials: Credentials) =>
    send({ type: 'auth', apiKey: credentials.apiKey, ...(credentials.macKey ? { macKey: credentials.macKey } : {}) });

  function sendState(): void {
    if (auth) sendAuth(auth);
    if (theme) send({ type: 'theme', ...theme });
    if (locale) send({ type: 'locale', locale });
    if (pendingPath !== undefined) send({ type: 'navigate', path: pendingPath });
    pendingPath = undefined;
  }

  /** What the last `viewport` said ("top,height"); a reloaded frame gets it again. */
  let sentBand = '';
  let bandFrame = 0;
  function sendViewport(always: boolean): void {
    if (!isReady) return;
    const band = visibleBand(iframe);
    const key = `${band.top},${band.height}`;
    if (!always && key === sentBand) return;
    sentBand = key;
    send({ type: 'viewport', top: band.top, height: band.height });
  }
  /** At most once per animation frame, however many scroll events came. */
  function scheduleViewport(): void {
    if (bandFrame !== 0) return;
    bandFrame = requestAnimationFrame(() => {
      bandFrame = 0;
      sendViewport(false);
    });
  }

  function onMessage(event: MessageEvent): void {
    if (event.source !== iframe.contentWindow || event.origin !== origin) return;
    const message = readDashboardMessage(event.data);
    if (message === null) return;
    if (message.type === 'ready') {
      isReady = true;
      sendState();
      sendViewport(true);
      markReady(message);
    } else if (message.type === 'resize') {
      iframe.style.height = `${Math.ceil(message.height)}px`;
    }
    listeners.forEach((listener) => listener(message));
  }

  window.addEventListener('message', onMessage);
  // Scrolling of the page or of any box around the frame (scroll events do not bubble: capture).
  const passive = { capture: true, passive: true } as const;
  window.addEventListener('scroll', scheduleViewport, passive);
  window.addEventListener('resize', scheduleViewport, passive);
  window.visualViewport?.addEventListener('scroll', scheduleViewport, passive);
  window.visualViewport?.addEventListener('resize', scheduleViewport, passive);
  // The frame resized (a `resize` of the dashboard, the panel's layout), or the page around it moved it.
  const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(scheduleViewport) : null;
  resizes?.observe(iframe);
  resizes?.observe(document.documentElement);
  options.container.append(iframe);

  return {
    iframe,
    ready,
    navigate(path) {
      if (isReady) send({ type: 'navigate', path });
      else pendingPath = path;
    },
    setTheme(next) {
      theme = { ...theme, ...next };
      if (isReady) send({ type: 'theme', ...next });
    },
    setLocale(next) {
      locale = next;
      if (isReady) send({ type: 'locale', locale: next });
    },
    signIn(credentials) {
      auth = credentials;
      if (isReady) sendAuth(credentials);
    },
    on(type, listener) {
      const wrapped = (message: DashboardMessage) => {
        if (isOfType(type, message)) listener(message);
      };
      listeners.add(wrapped);
      return () => void listeners.delete(wrapped);
    },
    destroy() {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('scroll', scheduleViewport, passive);
      window.removeEventListener('resize', scheduleViewport, passive);
      window.visualViewport?.removeEventListener('scroll', scheduleViewport, passive);
      window.visualViewport?.removeEventListener('resize', scheduleViewport, passive);
      resizes?.disconnect();
      if (bandFrame !== 0) cancelAnimationFrame(bandFrame);
      iframe.remove();
    },
  };
}
