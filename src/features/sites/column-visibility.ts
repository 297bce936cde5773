/**
 * Which of the sites table's columns the user hid or showed (the Columns
 * menu), kept on this device. Where storage is blocked (a panel's iframe with
 * third-party storage off) the choice lives in memory for the session:
 * src/lib/safe-storage.ts never throws.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useMemo } from 'react';
import { readStorage, writeStorage } from '../../platform/safe-storage';

const COLUMNS_STORAGE_KEY = 'sites.columns';

/** Column id → shown; only the columns the user chose (the rest keep their defaults). */
export type ColumnChoices = Readonly<Record<string, boolean>>;

function readChoices(): ColumnChoices {
  try {
    const parsed: unknown = JSON.parse(readStorage('local', COLUMNS_STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, shown]) => typeof shown === 'boolean'));
  } catch {
    return {};
  }
}

const choices = atom<ColumnChoices | null>(null);

function current(): ColumnChoices {
  const known = choices.get();
  if (known) return known;
  const read = readChoices();
  choices.set(read);
  return read;
}

/** Shows or hides a column, for this device (in memory only when storage is blocked). */
export function setColumnShown(id: string, shown: boolean): void {
  const next = { ...current(), [id]: shown };
  choices.set(next);
  writeStorage('local', COLUMNS_STORAGE_KEY, JSON.stringify(next));
}

/** The user's column choices over `defaults` (column id → false for a column hidden until shown). */
export function useColumnVisibility(defaults: ColumnChoices): ColumnChoices {
  const known = useStore(choices) ?? current();
  return useMemo(() => ({ ...defaults, ...known }), [defaults, known]);
}
