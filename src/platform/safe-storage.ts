/**
 * Web Storage that never throws. Inside a hoster panel's iframe with
 * third-party storage blocked, merely touching `window.localStorage` throws a
 * SecurityError (docs/architecture.md#three-uses, use 2); the dashboard must still work, so it then
 * behaves as if nothing was stored.
 */
export type StorageArea = 'local' | 'session';

function area(which: StorageArea): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the value could not be stored (blocked or full). */
export function writeStorage(which: StorageArea, key: string, value: string): boolean {
  try {
    const store = area(which);
    if (!store) return false;
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStorage(which: StorageArea, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing stored that we could reach: nothing to remove.
  }
}
