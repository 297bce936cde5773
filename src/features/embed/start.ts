/**
 * Embed mode's messaging, wired to the browser (docs/embedding.md): loaded
 * lazily, only with `?embed=1` (src/main.tsx), so none of it weighs on a
 * normal page load. The protocol itself is ./bridge.ts.
 */
import type { Credentials } from '../../api/credentials';
import { matchLocale, setHostLocale } from '../../i18n/locale';
import { showHostViewport, trackInteractions, type Band } from '../../lib/embed-viewport';
import { setThemePreference } from '../../lib/theme';
import { applyAccent } from './accent';
import { createBridge } from './bridge';
import { isAllowedOrigin, loadEmbedOrigins } from './origins';

/** What the app gives embed mode: the session and the router, as functions (src/embed-start.ts). */
export interface EmbedApp {
  signIn(credentials: Credentials): Promise<void>;
  describeAuthFailure(error: unknown): string;
  isSignedIn(): boolean;
  /** Calls back when another account signs in or the session ends. */
  subscribeSession(listener: (change: 'signed-in' | 'signed-out') => void): () => void;
  navigate(path: string): void;
  currentPath(): string;
  subscribeNavigation(listener: (path: string) => void): () => void;
}

function ancestorOriginsOf(win: Window): string[] | undefined {
  const list = win.location.ancestorOrigins;
  return list === undefined ? undefined : Array.from(list);
}

/** The content's height, in CSS pixels, whenever it changes (the panel sizes the iframe to it). */
function observeHeight(element: HTMLElement, onHeight: (height: number) => void): void {
  let queued = false;
  const measure = () => {
    queued = false;
    onHeight(element.getBoundingClientRect().height);
  };
  const soon = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(measure);
  };
  // Sizes that change with no change to the DOM: an image or a font that arrives, the frame's width.
  new ResizeObserver(measure).observe(element);
  // Chromium does not render a frame of another site while it is out of view (no ResizeObserver
  // callback, no animation frame) until the panel scrolls it in: the panel would keep the height of
  // the first paint, and the frame jump when reached. A change to the DOM is measured at once
  // instead, after React's commit (getBoundingClientRect lays the page out on demand).
  new MutationObserver(soon).observe(element, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
  });
  void document.fonts.ready.then(measure);
  measure();
}

export async function startEmbed(app: EmbedApp): Promise<void> {
  // Dialogs and toasts open where the user is (src/lib/embed-viewport.ts): in the band the
  // panel reports, else near the control last used.
  trackInteractions(document);
  const allowed = await loadEmbedOrigins();
  const inFrame = window.parent !== window;
  const ancestors = ancestorOriginsOf(window);
  const embedder = ancestors?.[0];
  const warn = (line: string) => console.warn(`[embed] ${line}`);
  if (inFrame && embedder !== undefined && !isAllowedOrigin(embedder, allowed)) {
    warn(`embedded by ${embedder}, which is not in EMBED_ORIGINS: no messages to or from it`);
  }

  let hostBand: Band | null = null;
  const showBand = () => {
    if (hostBand !== null) showHostViewport(document.documentElement, hostBand, window.innerHeight);
  };
  // The frame's height changed: the band is clamped to it again.
  window.addEventListener('resize', showBand);

  let stopAccent: () => void = () => undefined;
  const bridge = createBridge({
    allowed,
    parent: inFrame ? window.parent : null,
    self: window,
    ancestorOrigins: ancestors,
    signIn: app.signIn,
    describeAuthFailure: app.describeAuthFailure,
    isSignedIn: app.isSignedIn,
    setTheme: (mode) => setThemePreference(mode, { persist: false }),
    setAccent: (hex) => {
      stopAccent();
      stopAccent = applyAccent(document.documentElement, hex);
    },
    setLocale: (tag) => {
      if (matchLocale([tag]) === undefined) return false;
      setHostLocale(tag);
      return true;
    },
    navigate: app.navigate,
    setViewport: (band) => {
      hostBand = band;
      showBand();
    },
    warn,
  });

  window.addEventListener('message', (event) => void bridge.receive(event));
  app.subscribeSession((change) => (change === 'signed-in' ? bridge.signedIn() : bridge.signedOut()));
  app.subscribeNavigation((path) => bridge.navigated(path));
  bridge.ready();
  bridge.navigated(app.currentPath());
  const root = document.getElementById('root');
  if (root !== null) observeHeight(root, (height) => bridge.resized(height));
}
