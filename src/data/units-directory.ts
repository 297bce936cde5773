/**
 * The units (end customers) this dashboard knows of, per account, in this
 * browser. The API has no method that lists units and a site does not say
 * whom it is shared with (docs/architecture.md#what-the-api-does-not-give), so the
 * dashboard keeps its own directory: every unit it shared a site with, and
 * every e-mail the user looked up with `sites_list?unit=` (docs/partner-api.md#sites_list, 142900
 * when there is no such unit).
 */
import { useStore } from '@nanostores/react';
import * as z from 'zod/mini';
import { accountStore } from '../lib/account-storage';

/** How a unit came into the directory. */
export type UnitSource = 'shared' | 'lookup';

export interface UnitEntry {
  email: string;
  source: UnitSource;
  /** When it was added here (ms since 1970). */
  added: number;
}

const entrySchema = z.object({ email: z.string(), source: z.enum(['shared', 'lookup']), added: z.number() });
const directory = accountStore('units', z.array(entrySchema), () => []);

/** E-mails compare as the service compares them: trimmed, any case. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The account's directory, sorted by e-mail. */
export function useUnitsDirectory(account: string | undefined): readonly UnitEntry[] {
  return useStore(directory.of(account ?? ''));
}

function update(account: string | undefined, change: (units: UnitEntry[]) => UnitEntry[]): void {
  if (account === undefined) return;
  const store = directory.of(account);
  const next = change([...store.get()]).sort((a, b) => a.email.localeCompare(b.email));
  store.set(next);
}

/** Adds a unit (a share through this dashboard wins over a look-up as the source). */
export function addUnit(account: string | undefined, email: string, source: UnitSource, now = Date.now()): void {
  const wanted = normalEmail(email);
  update(account, (units) => {
    const known = units.find((u) => u.email === wanted);
    if (!known) return [...units, { email: wanted, source, added: now }];
    if (known.source === source || source === 'lookup') return units;
    return units.map((u) => (u === known ? { ...u, source } : u));
  });
}

/** Forgets a unit here (the service keeps it). */
export function removeUnit(account: string | undefined, email: string): void {
  const wanted = normalEmail(email);
  update(account, (units) => units.filter((u) => u.email !== wanted));
}

/** After unit_update: the unit is known under its new e-mail (merged when that one was known too, docs/partner-api.md#unit_update). */
export function renameUnit(account: string | undefined, from: string, to: string, now = Date.now()): void {
  const old = normalEmail(from);
  const renamed = normalEmail(to);
  update(account, (units) => {
    const entry = units.find((u) => u.email === old) ?? { email: old, source: 'lookup', added: now };
    const rest = units.filter((u) => u.email !== old);
    if (rest.some((u) => u.email === renamed)) return rest;
    return [...rest, { ...entry, email: renamed }];
  });
}
