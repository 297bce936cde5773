import { readStorage, writeStorage } from '../platform/safe-storage';

/**
 * Theme preference: follow the system, or force light or dark. The same
 * storage key and rule are applied before first paint by public/theme-init.js
 * (an external script: the CSP forbids inline script); keep the two in step.
 */
const THEME_STORAGE_KEY = 'psd.theme';
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

function isPreference(value: string | null): value is ThemePreference {
  return THEME_PREFERENCES.some((p) => p === value);
}

const darkQuery = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

let preference: ThemePreference = (() => {
  const stored = readStorage('local', THEME_STORAGE_KEY);
  return isPreference(stored) ? stored : 'system';
})();
const listeners = new Set<() => void>();

function apply(): void {
  const dark = preference === 'dark' || (preference === 'system' && (darkQuery()?.matches ?? false));
  document.documentElement.classList.toggle('dark', dark);
}

export function getThemePreference(): ThemePreference {
  return preference;
}

/**
 * `persist: false` applies it to this page only: an embedding panel's theme
 * is the panel's, never the user's own choice on this device.
 */
export function setThemePreference(next: ThemePreference, options: { persist?: boolean } = {}): void {
  preference = next;
  if (options.persist !== false) writeStorage('local', THEME_STORAGE_KEY, next);
  apply();
  listeners.forEach((l) => l());
}

export function subscribeThemePreference(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Follow system changes while the preference is "system"; call once at start. */
export function startThemeSync(): void {
  apply();
  darkQuery()?.addEventListener('change', apply);
  // Another tab changed the preference.
  window.addEventListener('storage', (e) => {
    if (e.key === THEME_STORAGE_KEY && isPreference(e.newValue)) {
      preference = e.newValue;
      apply();
      listeners.forEach((l) => l());
    }
  });
}
