/**
 * The dashboard's side of the embedding protocol (docs/embedding.md), without
 * the browser: what to accept, what to do, what to answer. ./start.ts wires it
 * to the window, the router, the session and the theme.
 *
 * A message is accepted only from the embedding page itself (`event.source`
 * is the parent window) and only from an origin of EMBED_ORIGINS; anything
 * else is ignored and logged without its data. Messages go out only to that
 * origin, never to '*'.
 */
import type { Credentials } from '../../api/credentials';
import { initialTargets, isAllowedOrigin } from './origins';
import { PROTOCOL_VERSION, parseHostMessage, type DashboardMessage, type HostMessage } from './protocol';

/** A message to send, each of the union without its version (post adds it). */
type WithoutVersion<M> = M extends unknown ? Omit<M, 'version'> : never;
type Outgoing = WithoutVersion<DashboardMessage>;

export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** What the bridge needs of the app and the page. */
export interface BridgeDeps {
  /** The origins of EMBED_ORIGINS. */
  allowed: readonly string[];
  /** The embedding page (window.parent); null when the dashboard is not in a frame. */
  parent: MessageTarget | null;
  /** The dashboard's own window: its own messages are nobody's business here. */
  self: unknown;
  /** `location.ancestorOrigins` where the browser has it. */
  ancestorOrigins: readonly string[] | undefined;
  /** Checks the keys with the service and keeps them (api_keyinfo, as the API-key login); throws when refused. */
  signIn(credentials: Credentials): Promise<void>;
  /** Why a sign-in failed, for the panel's developers. */
  describeAuthFailure(error: unknown): string;
  isSignedIn(): boolean;
  setTheme(mode: 'light' | 'dark' | 'system'): void;
  /** null: the dashboard's own colours. */
  setAccent(hex: string | null): void;
  /** False when the dashboard has no messages in that language. */
  setLocale(tag: string): boolean;
  navigate(path: string): void;
  /** The part of the frame the panel's window shows (top and height in the frame's CSS pixels). */
  setViewport(band: { top: number; height: number }): void;
  warn(line: string): void;
}

export interface Bridge {
  /** A `message` event of the window. */
  receive(event: { data: unknown; origin: string; source: unknown }): Promise<void>;
  ready(): void;
  resized(height: number): void;
  navigated(path: string): void;
  /** The session changed to another account's keys (the login page inside the frame, say). */
  signedIn(): void;
  signedOut(): void;
}

export function createBridge(deps: BridgeDeps): Bridge {
  let targets = initialTargets(deps.ancestorOrigins, deps.allowed);
  let lastHeight = -1;
  let lastPath: string | null = null;
  /** The latest `auth` wins: an answer to an older one is dropped. */
  let authRound = 0;
  /** While an `auth` is checked, the session's own change is its answer's to report. */
  let authPending = 0;

  function post(message: Outgoing): void {
    if (deps.parent === null) return;
    const full = { ...message, version: PROTOCOL_VERSION };
    for (const origin of targets) deps.parent.postMessage(full, origin);
  }

  async function act(message: HostMessage): Promise<void> {
    switch (message.type) {
      case 'auth': {
        const round = ++authRound;
        authPending++;
        try {
          await deps.signIn({ apiKey: message.apiKey, macKey: message.macKey });
          if (round === authRound) post({ type: 'signed-in' });
        } catch (error) {
          if (round !== authRound) return;
          post({ type: 'error', code: 'auth-failed', message: deps.describeAuthFailure(error), about: 'auth' });
        } finally {
          authPending--;
        }
        return;
      }
      case 'theme':
        if (message.mode !== undefined) deps.setTheme(message.mode);
        if (message.accent !== undefined) deps.setAccent(message.accent);
        return;
      case 'locale':
        if (!deps.setLocale(message.locale)) {
          post({
            type: 'error',
            code: 'unsupported-locale',
            message: 'The dashboard has no messages in this language; it keeps its current one',
            about: 'locale',
          });
        }
        return;
      case 'navigate':
        deps.navigate(message.path);
        return;
      case 'viewport':
        deps.setViewport({ top: message.top, height: message.height });
        return;
    }
  }

  return {
    async receive(event) {
      if (event.source === deps.self) return;
      if (deps.parent === null || event.source !== deps.parent) {
        deps.warn(`ignored a message from ${event.origin}: it does not come from the page that embeds the dashboard`);
        return;
      }
      if (!isAllowedOrigin(event.origin, deps.allowed)) {
        deps.warn(`ignored a message from ${event.origin}: the origin is not in EMBED_ORIGINS`);
        return;
      }
      // The panel's own word for its origin: answers go there alone from now on.
      targets = [event.origin.toLowerCase()];
      const parsed = parseHostMessage(event.data);
      if (!parsed.ok) {
        deps.warn(`refused a message from ${event.origin}: ${parsed.code}`);
        const { code, message, about } = parsed;
        post(about === undefined ? { type: 'error', code, message } : { type: 'error', code, message, about });
        return;
      }
      await act(parsed.message);
    },
    ready: () => post({ type: 'ready', signedIn: deps.isSignedIn() }),
    resized(height) {
      const rounded = Math.max(0, Math.ceil(height));
      if (rounded === lastHeight) return;
      lastHeight = rounded;
      post({ type: 'resize', height: rounded });
    },
    navigated(path) {
      if (path === lastPath) return;
      lastPath = path;
      post({ type: 'navigated', path });
    },
    signedIn() {
      if (authPending === 0) post({ type: 'signed-in' });
    },
    signedOut: () => post({ type: 'signed-out' }),
  };
}
