import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { credentialsSchema, type Credentials } from '../api/credentials';
import { readStorage, removeStorage, writeStorage, type StorageArea } from '../platform/safe-storage';

/**
 * The signed-in session: the key pair (docs/partner-api.md#authentication), when it expires, who it is
 * and how it was obtained. Kept in sessionStorage, or localStorage when the
 * user asks to be remembered (docs/architecture.md#non-negotiables). Never rendered, never
 * logged, never put in a URL.
 */
const SESSION_STORAGE_KEY = 'psd.session';

export const sessionSchema = z.object({
  v: z.literal(1),
  apiKey: credentialsSchema.shape.apiKey,
  macKey: credentialsSchema.shape.macKey,
  /** UNIX seconds; 0 = no expiry (docs/partner-api.md#key-metadata keydata.expires). */
  expires: z.int().check(z.nonnegative()),
  email: z.optional(z.string().check(z.maxLength(320))),
  /** `signin`: made by signin, so signout deletes it (docs/partner-api.md#authorization-methods, docs/partner-api.md#signout). `key`: typed in by the user. */
  kind: z.enum(['signin', 'key']),
  /** A demo account of its own ("Try the demo"): UNIX seconds when it is removed, with its keys. */
  demoResetsAt: z.optional(z.int().check(z.nonnegative())),
});

export type Session = z.infer<typeof sessionSchema>;

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
  const parsed = sessionSchema.safeParse(json);
  if (parsed.success) return parsed.data;
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
      const value = JSON.stringify(sessionSchema.parse(session));
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
