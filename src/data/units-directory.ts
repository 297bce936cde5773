/**
 * The units (end customers) the account's team knows of. The API has no
 * method that lists units and a site does not say whom it is shared with
 * (docs/architecture.md#what-the-api-does-not-give), so the team's workspace
 * keeps the directory (docs/workspace.md): every unit a site was shared with
 * through the dashboard, every e-mail looked up with `sites_list?unit=`
 * (docs/partner-api.md#sites_list, 142900 when there is no such unit), and
 * what a browser kept before and imported. The same in every browser.
 * What this page has just changed is laid over the workspace's answer, in
 * memory, until the workspace has caught up.
 */
import { useStore } from '@nanostores/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { atom } from 'nanostores';
import { useMemo } from 'react';
import type { Unit } from '../api/workspace';
import { workspaceQuery } from './workspace';
import { useWorkspaceClient } from './workspace-client';

/** How a unit came into the directory: a write through the dashboard, a look-up, an import from a browser. */
export type UnitSource = 'shared' | 'lookup' | 'import';

export interface UnitEntry {
  email: string;
  source: UnitSource;
  /** When it was added (ms since 1970). */
  added: number;
  /** The sites the workspace gives it (from writes and checks). */
  siteCount: number;
  /** The last check with sites_list?unit= (ms), null before any. */
  checkedAt: number | null;
}

/** E-mails compare as the service compares them: trimmed, any case. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** account → e-mail → added (an entry) or forgotten (null) here, and when. */
const laid = atom<Readonly<Record<string, Laid>>>({});

function sourceOf(unit: Unit): UnitSource {
  return unit.source === 'write' ? 'shared' : unit.source === 'import' ? 'import' : 'lookup';
}

/** The directory as the workspace has it: asked apart from the state (it grows with the account's customers). */
function useRecordedUnits(enabled: boolean) {
  const workspace = useWorkspaceClient();
  return useQuery({ ...workspaceQuery(['units'] as const, () => workspace.units()), enabled });
}

/** This page's own changes, by e-mail: added (an entry) or forgotten (null), and when. */
type Laid = Readonly<Record<string, { entry: UnitEntry | null; at: number }>>;

/**
 * The workspace's units with this page's changes laid over, sorted by e-mail: what the page added
 * and the workspace does not list yet (those `wanted` takes), less what it forgot (unless the
 * workspace has it again since). Returns how many it added and took away, too.
 */
function layOver(
  recorded: readonly Unit[],
  mine: Laid | undefined,
  wanted: (email: string) => boolean = () => true,
): { units: UnitEntry[]; added: number; removed: number } {
  const out = new Map<string, UnitEntry>();
  for (const u of recorded) {
    out.set(u.email, {
      email: u.email,
      source: sourceOf(u),
      added: u.addedAt,
      siteCount: u.siteCount,
      checkedAt: u.checkedAt,
    });
  }
  let added = 0;
  let removed = 0;
  for (const [email, { entry, at }] of Object.entries(mine ?? {})) {
    const theirs = out.get(email);
    if (entry === null) {
      // Forgotten here: gone unless the workspace has it again since.
      if (theirs && theirs.added < at && (theirs.checkedAt ?? 0) < at) {
        out.delete(email);
        removed++;
      }
    } else if (!theirs && wanted(email)) {
      out.set(email, entry);
      added++;
    }
  }
  return { units: [...out.values()].sort((a, b) => a.email.localeCompare(b.email)), added, removed };
}

/** The account's directory, sorted by e-mail: the whole of it (a select of customers, when there are few). */
export function useUnitsDirectory(account: string | undefined, enabled = true): readonly UnitEntry[] {
  const recorded = useRecordedUnits(enabled).data;
  const mine = useStore(laid)[account ?? ''];
  return useMemo(() => layOver(recorded ?? [], mine).units, [recorded, mine]);
}

export interface FoundUnits {
  /** The first `limit` units whose e-mail contains the part, sorted, with this page's own changes. */
  units: readonly UnitEntry[];
  /** How many units match in all. */
  total: number;
}

/**
 * A part of the directory, asked of the server (`GET /workspace/units?q`): the units whose e-mail
 * contains `part` (normalised: trimmed, lower case; '' for any), the first `limit`, and how many
 * match. While the next part is asked for, `data` is the last answer; undefined before the first.
 */
export function useFoundUnits(account: string | undefined, part: string, limit: number, enabled = true) {
  const workspace = useWorkspaceClient();
  const query = useQuery({
    ...workspaceQuery(['units', 'find', part, limit] as const, () => workspace.findUnits(part, limit)),
    placeholderData: keepPreviousData,
    // A read of the team's own server: asked once more after any failure before the page says so (a
    // connection reset before the answer is already sent again by the client, src/api/workspace.ts).
    retry: 1,
    enabled,
  });
  const mine = useStore(laid)[account ?? ''];
  const answer = query.data;
  const data = useMemo((): FoundUnits | undefined => {
    if (answer === undefined) return undefined;
    const { units, added, removed } = layOver(answer.units, mine, (email) => email.includes(part));
    return { units, total: Math.max(units.length, answer.total + added - removed) };
  }, [answer, mine, part]);
  return { data, isError: query.isError, refetch: query.refetch };
}

function lay(account: string | undefined, email: string, entry: UnitEntry | null, now: number): void {
  if (account === undefined) return;
  const all = laid.get();
  laid.set({ ...all, [account]: { ...all[account], [normalEmail(email)]: { entry, at: now } } });
}

/** Shows a unit in the directory until the workspace lists it (it records shares and look-ups itself). */
export function addUnit(account: string | undefined, email: string, source: UnitSource, now = Date.now()): void {
  const wanted = normalEmail(email);
  lay(account, wanted, { email: wanted, source, added: now, siteCount: 0, checkedAt: null }, now);
}

/** Hides a unit the workspace is asked to forget (the service keeps it). */
export function removeUnit(account: string | undefined, email: string, now = Date.now()): void {
  lay(account, email, null, now);
}

/** After unit_update: the unit is known under its new e-mail (merged when that one was known too, docs/partner-api.md#unit_update). */
export function renameUnit(account: string | undefined, from: string, to: string, now = Date.now()): void {
  removeUnit(account, from, now);
  addUnit(account, to, 'shared', now);
}
