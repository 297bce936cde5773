import { useSyncExternalStore } from 'react';
import { isCookieSafe } from '../api/cookie-safe';
import type { Credentials } from '../api/credentials';
import { readStorage, removeStorage, writeStorage, type StorageArea } from '../platform/safe-storage';
import type { Session } from './session-schema';

export type { Session };

/**
 * The signed-in session: the key pair (docs/partner-api.md#authentication), when it expires, who it is
 * and how it was obtained. Kept in sessionStorage, or localStorage when the
 * user asks to be remembered (docs/architecture.md#non-negotiables). Never rendered, never
 * logged, never put in a URL.
 */
const SESSION_STORAGE_KEY = 'psd.session';

/**
 * A session as stored, checked field by field as `sessionSchema`
 * (./session-schema.ts) checks it, and with only its fields; null for
 * anything else.
 */
export function readSession(value: unknown): Session | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const count = (x: unknown) => Number.isSafeInteger(x) && (x as number) >= 0;
  if (v.v !== 1 || typeof v.apiKey !== 'string' || !isCookieSafe(v.apiKey)) return null;
  if (!(v.macKey === undefined || v.macKey === '' || (typeof v.macKey === 'string' && isCookieSafe(v.macKey)))) {
    return null;
  }
  if (!count(v.expires) || (v.kind !== 'signin' && v.kind !== 'key')) return null;
  if (!(v.email === undefined || (typeof v.email === 'string' && v.email.length <= 320))) return null;
  if (!(v.demoResetsAt === undefined || count(v.demoResetsAt))) return null;
  const session: Session = { v: 1, apiKey: v.apiKey, expires: v.expires as number, kind: v.kind };
  if ('macKey' in v) session.macKey = v.macKey as string | undefined;
  if ('email' in v) session.email = v.email as string | undefined;
  if ('demoResetsAt' in v) session.demoResetsAt = v.demoResetsAt as number | undefined;
  return session;
}

/** Why the user is back on the sign-in page; the page words it (authMessages.notice*). */
export type SessionNotice =
  | { reason: 'keyExpired' }
  | { reason: 'sessionEnded' }
  /** Signed out here, but the service could not delete the key: the error says why. */
  | { reason: 'signOutFailed'; error: unknown };

export interface SessionStore {
  get(): Session | null;
  /** True when the session lives in localStorage ("remember this device"). */
  isRemembered(): boolean;
  set(session: Session, remember: boolean): void;
  /** Forget the keys in memory and in both storages. */
  clear(): void;
  /** A notice for the login page ("Your session has ended: …"), kept until the next sign-in. */
  notice(): SessionNotice | null;
  setNotice(notice: SessionNotice | null): void;
  subscribe(listener: () => void): () => void;
}

function credentialsOf(session: Session): Credentials {
  return session.macKey ? { apiKey: session.apiKey, macKey: session.macKey } : { apiKey: session.apiKey };
}

/** The session's keys as the API client signs with them, read at each call (main.tsx). */
export function credentialsGetter(session: Pick<SessionStore, 'get'>): () => Credentials | null {
  return () => {
    const current = session.get();
    return current ? credentialsOf(current) : null;
  };
}

/** Keys with an expiry at or before now are invalid (docs/partner-api.md#key-metadata, docs/partner-api.md#keys). */
export function isSessionExpired(session: Session, nowMs = Date.now()): boolean {
  return session.expires > 0 && session.expires * 1000 <= nowMs;
}

function load(which: StorageArea): Session | null {
  const raw = readStorage(which, SESSION_STORAGE_KEY);
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = null;
  }
  const session = readSession(json);
  if (session) return session;
  // Unreadable or from an older version: drop it rather than guess.
  removeStorage(which, SESSION_STORAGE_KEY);
  return null;
}

export function createSessionStore(opts: { onSignedOutElsewhere?: () => void } = {}): SessionStore {
  let remembered = false;
  let current = load('session');
  if (!current) {
    current = load('local');
    remembered = current !== null;
  }
  let notice: SessionNotice | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  // Signing out in another tab removes the remembered keys: follow it here.
  // (No window outside a browser, e.g. in unit tests: the store then lives in memory.)
  globalThis.window?.addEventListener('storage', (e) => {
    if (e.key === SESSION_STORAGE_KEY && e.newValue === null && remembered && current) {
      current = null;
      remembered = false;
      emit();
      opts.onSignedOutElsewhere?.();
    }
  });

  return {
    get: () => current,
    isRemembered: () => remembered,
    set(session, remember) {
      const checked = readSession(session);
      if (!checked) throw new TypeError('Not a session: its keys or fields are malformed');
      const value = JSON.stringify(checked);
      removeStorage(remember ? 'session' : 'local', SESSION_STORAGE_KEY);
      // If storage is blocked (third-party iframe) the session still lives in memory.
      writeStorage(remember ? 'local' : 'session', SESSION_STORAGE_KEY, value);
      current = session;
      remembered = remember;
      notice = null;
      emit();
    },
    clear() {
      removeStorage('session', SESSION_STORAGE_KEY);
      removeStorage('local', SESSION_STORAGE_KEY);
      current = null;
      remembered = false;
      emit();
    },
    notice: () => notice,
    setNotice(next) {
      notice = next;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useSessionNotice(store: SessionStore): SessionNotice | null {
  return useSyncExternalStore(store.subscribe, store.notice, store.notice);
}
