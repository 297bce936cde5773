/**
 * Image addresses that failed to load in this session (a broken agency logo):
 * remembered in sessionStorage (in memory when storage is blocked), so a logo
 * that does not load is not fetched again on every page, with a console error
 * each time. A new session, or another address, tries again.
 */
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { readStorage, writeStorage } from '../platform/safe-storage';

const KEY = 'psd.broken-images';
/** The most addresses kept: a few logos, not a log. */
const KEPT = 20;

function load(): readonly string[] {
  try {
    const parsed: unknown = JSON.parse(readStorage('session', KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string').slice(-KEPT) : [];
  } catch {
    return [];
  }
}

const $broken = atom<readonly string[]>(load());

function isImageBroken(src: string): boolean {
  return $broken.get().includes(src);
}

function markImageBroken(src: string): void {
  if (isImageBroken(src)) return;
  const next = [...$broken.get(), src].slice(-KEPT);
  $broken.set(next);
  writeStorage('session', KEY, JSON.stringify(next));
}

/** Whether `src` failed in this session, and the handler that remembers it failing (an `<img>`'s onError). */
export function useBrokenImage(src: string): [broken: boolean, onError: () => void] {
  const broken = useStore($broken).includes(src);
  return [broken, () => markImageBroken(src)];
}
