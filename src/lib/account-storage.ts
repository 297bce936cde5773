/**
 * What this browser remembers per account (docs/architecture.md#what-the-api-does-not-give: the units directory, scan results, automatic patching as last set),
 * as nanostores atoms kept in localStorage (or, for what should last only as
 * long as the tab, sessionStorage) under `psd.<name>.<account>`.
 * Storage that is blocked (a panel iframe) or full only loses the memory, never
 * the page; a value that no longer parses starts empty; other tabs' writes
 * arrive through the `storage` event.
 */
import { atom, type WritableAtom } from 'nanostores';
import type * as z from 'zod/mini';
import { readStorage, writeStorage, type StorageArea } from '../platform/safe-storage';

export interface AccountStore<T> {
  /** The atom of one account (made on first use, then the same one). */
  of(account: string): WritableAtom<T>;
  /** The storage key of one account's value. */
  storageKey(account: string): string;
}

export function accountStore<T>(
  name: string,
  schema: z.ZodMiniType<T>,
  empty: () => T,
  { area = 'local' }: { area?: StorageArea } = {},
): AccountStore<T> {
  const atoms = new Map<string, WritableAtom<T>>();
  const storageKey = (account: string) => `psd.${name}.${account}`;

  const parse = (raw: string | null): T => {
    if (raw === null) return empty();
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : empty();
    } catch {
      return empty();
    }
  };

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      for (const [account, store] of atoms) {
        if (e.key === storageKey(account)) store.set(parse(e.newValue));
      }
    });
  }

  return {
    storageKey,
    of(account) {
      let store = atoms.get(account);
      if (!store) {
        const created = atom(parse(readStorage(area, storageKey(account))));
        created.listen((value) => void writeStorage(area, storageKey(account), JSON.stringify(value)));
        atoms.set(account, created);
        store = created;
      }
      return store;
    },
  };
}
