/**
 * What the dashboard knows about sites that the API does not report
 * (docs/architecture.md#what-the-api-does-not-give), per account:
 * - automatic patching as last set through the dashboard, by whom and when
 *   (sites_list has no field for it, docs/partner-api.md#site-object),
 * - options the account's key may not use (docs/partner-api.md#site_setoption,
 *   options marked (!): 145904), so every row shows them as unavailable
 *   instead of offering a change that will fail, and
 * - when a site's scan period was last set through the dashboard (sites_list
 *   says when the next scan is, not when the schedule was changed), so a site
 *   whose period just changed is not judged by scans the new period never
 *   asked for (read apart, `/workspace/period-set`: only the sync file page
 *   needs it),
 * all kept by the team's workspace (docs/workspace.md), which records the
 * writes as they pass through the server: the same in every browser. What
 * this page has just set or met is laid over the workspace's answer, in
 * memory, until the workspace has something newer.
 */
import { useStore } from '@nanostores/react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { atom } from 'nanostores';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { SITE_OPTIONS, type SiteOption } from '../api/registry/sites';
import type { PatchingState, Who, WorkspaceClient, WorkspaceState } from '../api/workspace';
import type { Site } from '../api/schemas';
import { siteKey, useWorkspaceState, workspaceQuery } from './workspace';
import { useWorkspaceClient } from './workspace-client';

interface Laid<T> {
  value: T;
  /** When this page set it (ms): the workspace's record wins once it is newer. */
  at: number;
}

/** account → site key → patching set here (undefined: put back to the workspace's). */
const patchingLaid = atom<Readonly<Record<string, Readonly<Record<string, Laid<0 | 1>>>>>>({});
/** account → options refused here. */
const refusedLaid = atom<Readonly<Record<string, readonly SiteOption[]>>>({});

function layPatching(account: string, domains: readonly string[], value: 0 | 1 | undefined, at = Date.now()): void {
  const all = patchingLaid.get();
  const next = { ...all[account] };
  for (const domain of domains) {
    if (value === undefined) delete next[siteKey(domain)];
    else next[siteKey(domain)] = { value, at };
  }
  patchingLaid.set({ ...all, [account]: next });
}

/** Patching as a site object may carry it: the read model's rows do (and a unit's list, given it). */
export interface PatchingCarried {
  patching?: boolean | null;
  patchingSet?: { at: number; by: Who } | null;
}

/** The record a row carries: null when none is known, undefined when the row does not say. */
function carried(site: Site & PatchingCarried): PatchingState | null | undefined {
  if (site.patchingSet === undefined) return undefined;
  if (site.patchingSet === null || site.patching === null || site.patching === undefined) return null;
  return {
    domain: siteKey(site.domain),
    enabled: site.patching,
    setAt: site.patchingSet.at,
    setBy: site.patchingSet.by,
  };
}

/** The workspace's record laid under what this page set, whichever is newer. */
function withLaid(
  recorded: PatchingState | null | undefined,
  mine: Laid<0 | 1> | undefined,
): { value: 0 | 1; state?: PatchingState } | undefined {
  if (mine && (!recorded || recorded.setAt < mine.at)) return { value: mine.value };
  return recorded ? { value: recorded.enabled ? 1 : 0, state: recorded } : undefined;
}

/** Sites in one ask at most (the server's limit), and the length of their names in its URL (IDN names encode long). */
const PATCHING_PER_ASK = 500;
const PATCHING_URL_CHARS = 6_000;

/** The sites in asks of at most PATCHING_PER_ASK names and PATCHING_URL_CHARS characters of URL. */
function askBatches(keys: readonly string[]): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let chars = 0;
  for (const key of keys) {
    const length = encodeURIComponent(key).length + 1;
    if (batch.length > 0 && (batch.length >= PATCHING_PER_ASK || chars + length > PATCHING_URL_CHARS)) {
      batches.push(batch);
      [batch, chars] = [[], 0];
    }
    batch.push(key);
    chars += length;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
const NO_RECORDS: readonly PatchingState[] = [];

/**
 * Some sites' patching as the workspace has it (a unit's list, a site the read model has not read
 * yet), with this page's changes laid over: site key → value and record. Not the whole account's:
 * it grows with the fleet, and the read model's rows carry their own.
 */
export function usePatchingStatesFor(
  account: string | undefined,
  domains: readonly string[],
  enabled = true,
): { states: ReadonlyMap<string, { value: 0 | 1; state?: PatchingState }>; isPending: boolean } {
  const workspace = useWorkspaceClient();
  const keys = useMemo(() => [...new Set(domains.map(siteKey))].sort(), [domains]);
  const query = useQuery({
    ...workspaceQuery(['patching', keys] as const, async () =>
      (await Promise.all(askBatches(keys).map((batch) => workspace.patching(batch)))).flat(),
    ),
    enabled: enabled && keys.length > 0,
  });
  const recorded = query.data ?? NO_RECORDS;
  const laid = useStore(patchingLaid)[account ?? ''];
  const states = useMemo(() => {
    const byKey = new Map(recorded.map((r) => [r.domain, r]));
    const out = new Map<string, { value: 0 | 1; state?: PatchingState }>();
    for (const key of keys) {
      const state = withLaid(byKey.get(key), laid?.[key]);
      if (state) out.set(key, state);
    }
    return out;
  }, [keys, recorded, laid]);
  return { states, isPending: enabled && keys.length > 0 && query.isPending };
}

/** Site key → 1 or 0, as last set through the dashboard, for these sites; a site not in it: unknown. */
export function usePatchingMemoryFor(account: string | undefined, domains: readonly string[]) {
  const { states } = usePatchingStatesFor(account, domains);
  return useMemo(() => patchingValues(states), [states]);
}

/** Site key → 1 or 0 from the states usePatchingStatesFor gives. */
export function patchingValues(states: ReadonlyMap<string, { value: 0 | 1 }>): Readonly<Record<string, 0 | 1>> {
  return Object.fromEntries([...states].map(([key, { value }]) => [key, value]));
}

/** One site's patching as last set: the value, and who set it when (absent while only this page knows of it). */
export function usePatchingOf(
  account: string | undefined,
  site: Site & PatchingCarried,
): { value: 0 | 1; state?: PatchingState } | undefined {
  const fromRow = carried(site);
  const key = siteKey(site.domain);
  const workspace = useWorkspaceClient();
  // Asked only when the row does not say (a table's rows do): no query, not even an idle one, per row otherwise.
  const options = workspaceQuery(['patching', [key]] as const, () => workspace.patching([key]));
  const queries: (typeof options)[] = fromRow === undefined ? [options] : [];
  const asked = useQueries({ queries })[0];
  return withLaid(fromRow === undefined ? (asked?.data?.[0] ?? null) : fromRow, useLaidPatching(account, key));
}

/** Whether a site carries its patching (a table's rows do): `useCarriedPatching` then needs no query. */
export function carriesPatching(site: Site & PatchingCarried): boolean {
  return site.patchingSet !== undefined;
}

/** `usePatchingOf` for a site that carries its patching (`carriesPatching`): no query, not even an idle observer. */
export function useCarriedPatching(
  account: string | undefined,
  site: Site & PatchingCarried,
): { value: 0 | 1; state?: PatchingState } | undefined {
  return withLaid(carried(site) ?? null, useLaidPatching(account, siteKey(site.domain)));
}

/** What this page set for a site (site key) that the workspace may not have recorded yet. */
function useLaidPatching(account: string | undefined, key: string): Laid<0 | 1> | undefined {
  return useStore(patchingLaid)[account ?? '']?.[key];
}

/** A row's patching as last known, with this page's changes laid over (not a hook: for an export). */
export function patchingNow(account: string | undefined, site: Site & PatchingCarried): 0 | 1 | undefined {
  const mine = account === undefined ? undefined : patchingLaid.get()[account]?.[siteKey(site.domain)];
  return withLaid(carried(site), mine)?.value;
}

/** Shows a site's patching as set here (or, with undefined, as the workspace has it) until the workspace records the change. */
export function rememberPatching(account: string | undefined, domain: string, value: 0 | 1 | undefined): void {
  if (account !== undefined) layPatching(account, [domain], value);
}

/** The same for many sites at once (a bulk change). */
export function rememberPatchingMany(account: string | undefined, domains: readonly string[], value: 0 | 1): void {
  if (account !== undefined && domains.length > 0) layPatching(account, domains, value);
}

/** What this page set for a site and the workspace may not have yet, to put back on failure. */
export function patchingOf(account: string | undefined, domain: string): 0 | 1 | undefined {
  return account === undefined ? undefined : patchingLaid.get()[account]?.[siteKey(domain)]?.value;
}

const optionNames = z.enum(Object.keys(SITE_OPTIONS) as [SiteOption, ...SiteOption[]]);
const selectRefused = (s: WorkspaceState) => s.refusedOptions;

/** The options this account's key was refused (145904), by anyone on the account. */
export function useUnavailableOptions(account: string | undefined): readonly SiteOption[] {
  const recorded = useWorkspaceState(selectRefused).data;
  const laid = useStore(refusedLaid)[account ?? ''];
  return useMemo(() => {
    const out = new Set<SiteOption>(laid ?? []);
    for (const { option } of recorded ?? []) {
      const parsed = optionNames.safeParse(option);
      if (parsed.success) out.add(parsed.data);
    }
    return [...out];
  }, [recorded, laid]);
}

export function markOptionUnavailable(account: string | undefined, option: SiteOption): void {
  if (account === undefined) return;
  const all = refusedLaid.get();
  const known = all[account] ?? [];
  if (!known.includes(option)) refusedLaid.set({ ...all, [account]: [...known, option] });
}

/** account → site key → when this page set its scan period (ms). */
const periodLaid = atom<Readonly<Record<string, Readonly<Record<string, number>>>>>({});

/** The sites whose scan period was set through the dashboard lately, by anyone on the account. */
function periodSetQueryOptions(workspace: WorkspaceClient) {
  return workspaceQuery(['period-set'] as const, () => workspace.periodSet());
}

/**
 * Domain (as the workspace keys it) → when (UNIX time) its scan period was
 * last set through the dashboard; undefined until the workspace has answered
 * (or failed to), so a site is not judged before its change is known.
 */
export function usePeriodChanges(account: string | undefined): Readonly<Record<string, number>> | undefined {
  const query = useQuery(periodSetQueryOptions(useWorkspaceClient()));
  const recorded = query.data;
  const laid = useStore(periodLaid)[account ?? ''];
  const changes = useMemo(() => {
    const at: Record<string, number> = {};
    for (const { domain, setAt } of recorded ?? []) at[domain] = setAt;
    for (const [key, mine] of Object.entries(laid ?? {})) at[key] = Math.max(at[key] ?? 0, mine);
    return Object.fromEntries(Object.entries(at).map(([key, ms]) => [key, Math.floor(ms / 1000)]));
  }, [recorded, laid]);
  return query.isPending ? undefined : changes;
}

/** Shows that these sites' scan period was set now (one write for a bulk change) until the workspace has it. */
export function rememberPeriodChange(account: string | undefined, domains: readonly string[], now = Date.now()): void {
  if (account === undefined || domains.length === 0) return;
  const all = periodLaid.get();
  const next = { ...all[account] };
  for (const domain of domains) next[siteKey(domain)] = now;
  periodLaid.set({ ...all, [account]: next });
}
