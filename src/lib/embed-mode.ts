import { readStorage, removeStorage, writeStorage } from '../platform/safe-storage';

/**
 * Embed mode (docs/embedding.md): the dashboard inside a hoster
 * panel's iframe, opened as `/?embed=1`. The flag is decided once per page
 * load, before the router reads the URL, and the parameter is then taken off
 * the address (the router and every link see the app's own URLs). It is kept
 * in this tab's sessionStorage, so a reload of the frame stays embedded; where
 * the browser blocks a third-party frame's storage (as panels with
 * third-party cookies blocked do) it lives in memory, for this page load.
 * `?embed=0` turns it off.
 *
 * `<html data-embed>` carries it to the styles (the `embed:` variant of
 * src/index.css: no app header, compact spacing); the embed bridge
 * (src/features/embed) is loaded only in this mode.
 */
const EMBED_PARAM = 'embed';
const STORAGE_KEY = 'psd.embed';

let embedded = false;

/** Reads `?embed=` and the tab's flag, marks `<html>`, drops the parameter. Call once, before the router is created. */
export function detectEmbedMode(win: Window = window): boolean {
  const url = new URL(win.location.href);
  const asked = url.searchParams.get(EMBED_PARAM);
  if (asked === '1') {
    embedded = true;
    writeStorage('session', STORAGE_KEY, '1');
  } else if (asked === '0') {
    embedded = false;
    removeStorage('session', STORAGE_KEY);
  } else {
    embedded = readStorage('session', STORAGE_KEY) === '1';
  }
  if (asked !== null) {
    url.searchParams.delete(EMBED_PARAM);
    win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
  }
  win.document.documentElement.toggleAttribute('data-embed', embedded);
  return embedded;
}

/** True inside a host panel (`?embed=1` on this tab's first load). */
export function isEmbedded(): boolean {
  return embedded;
}

const PANEL_AUTH_KEY = 'psd.embed.panel-auth';
let panelAuth: boolean | undefined;

/**
 * The panel signed this frame in (an `auth` message): its keys are the
 * panel's, so once the session ends the frame says "Signed out" and leaves
 * signing in to the panel, rather than offer a login form. Kept for the tab,
 * as the embed flag is.
 */
export function markPanelSignedIn(): void {
  panelAuth = true;
  writeStorage('session', PANEL_AUTH_KEY, '1');
}

/** True in a frame the panel signed in (see markPanelSignedIn). */
export function isPanelSignedIn(): boolean {
  panelAuth ??= embedded && readStorage('session', PANEL_AUTH_KEY) === '1';
  return embedded && panelAuth;
}
