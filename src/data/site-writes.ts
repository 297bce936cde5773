/**
 * The machinery of every write to sites, a row's, the site page's and a bulk
 * change's alike: optimistic on the cached lists (useOptimisticMutation),
 * rolled back site by site (a failure of one site's change leaves the other
 * sites' changes in flight alone), and one refetch once the last overlapping
 * write has settled (an answer from between two writes would make the controls jump).
 */
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef } from 'react';
import type { Site } from '../api/schemas';
import { useOptimisticMutation } from '../lib/use-optimistic-mutation';
import { patchFleetWindows, restoreFleetRows, type RowsBefore } from './fleet-windows';
import { SITES_KEY } from './sites-query';
import { WORKSPACE_KEY } from './workspace';

/** What becomes of a site in the cached lists: the new site, or null when it is gone. */
export type SitePatch = (site: Site) => Site | null;

/** Every site write shares it, so the refetch waits for the last of them. */
const WRITE_KEY = ['sites-write'] as const;

/** The list with the patched sites (the same list when none of them is in it). */
function patchSites(sites: Site[], patches: ReadonlyMap<string, SitePatch>): Site[] {
  let changed = false;
  const next: Site[] = [];
  for (const site of sites) {
    const patch = patches.get(site.domain);
    if (!patch) {
      next.push(site);
      continue;
    }
    changed = true;
    const patched = patch(site);
    if (patched) next.push(patched);
  }
  return changed ? next : sites;
}

/** `current` with the given sites as they were in `before` (a deleted one back at its old place). */
function restoreSites(current: Site[], before: readonly Site[], domains: readonly string[]): Site[] {
  let next = current;
  for (const domain of domains) {
    const index = before.findIndex((s) => s.domain === domain);
    const site = before[index];
    if (!site) continue;
    const at = next.findIndex((s) => s.domain === domain);
    if (at >= 0) {
      next = next.map((s, i) => (i === at ? site : s));
      continue;
    }
    next = [...next];
    next.splice(Math.min(index, next.length), 0, site);
  }
  return next;
}

/**
 * Applies many patches (by domain) to every cached sites_list query in one
 * pass: a bulk change of 1,000 sites updates the cache a few times a second,
 * not 1,000 times.
 */
function patchCachedSites(client: QueryClient, patches: ReadonlyMap<string, SitePatch>): void {
  if (patches.size === 0) return;
  // The sites table's windows of the read model too (fleet-windows.ts).
  patchFleetWindows(client, patches);
  for (const [key, sites] of client.getQueriesData<Site[]>({ queryKey: SITES_KEY })) {
    if (!sites) continue;
    const next = patchSites(sites, patches);
    if (next !== sites) client.setQueryData(key, next);
  }
}

export interface SiteWriteOptions<V, R> {
  mutationFn: (variables: V) => Promise<R>;
  /** The sites the write changes at once, and how (in every sites_list query, or those under `queryKey`). */
  optimistic?: (variables: V) => { domains: readonly string[]; patch: SitePatch; queryKey?: QueryKey };
  /** Before the call, after the optimistic change (a memory outside the cache). */
  onMutate?: (variables: V) => void;
  onSuccess?: (result: R, variables: V) => void;
  /** After the rollback. */
  onError?: (error: unknown, variables: V) => void;
}

/** One write of sites; the caller shows a failure where the change was made. */
export function useSiteWrite<V, R>(options: SiteWriteOptions<V, R>) {
  const { optimistic } = options;
  const client = useQueryClient();
  // The read model's windows as they were before each write in flight (by its variables), to put back on failure.
  const fleetBefore = useRef(new Map<V, RowsBefore>()).current;
  return useOptimisticMutation<V, R, Site[]>({
    mutationKey: WRITE_KEY,
    mutationFn: options.mutationFn,
    queryKey: (variables) => optimistic?.(variables).queryKey ?? SITES_KEY,
    optimistic:
      optimistic &&
      ((sites, variables) => {
        const { domains, patch } = optimistic(variables);
        return patchSites(sites, new Map(domains.map((domain) => [domain, patch])));
      }),
    rollback: (current, before, variables) => restoreSites(current, before, optimistic?.(variables).domains ?? []),
    // The workspace records the write off the answer's path; asked again with the lists (the memories' overlays cover a late record).
    invalidate: [SITES_KEY, WORKSPACE_KEY],
    errorDisplay: 'inline',
    onMutate: (variables) => {
      const change = optimistic?.(variables);
      // A change of every list (not one unit's) shows at once in the sites table's windows too.
      if (change && change.queryKey === undefined) {
        fleetBefore.set(
          variables,
          patchFleetWindows(client, new Map(change.domains.map((domain) => [domain, change.patch]))),
        );
      }
      options.onMutate?.(variables);
    },
    onSuccess: (result, variables) => {
      fleetBefore.delete(variables);
      options.onSuccess?.(result, variables);
    },
    onError: (error, variables) => {
      restoreFleetRows(client, fleetBefore.get(variables) ?? new Map());
      fleetBefore.delete(variables);
      options.onError?.(error, variables);
    },
  });
}

/** Shows sites confirmed by the service in every cached list (patches by domain, in one pass). */
export type ShowConfirmed = (patches: ReadonlyMap<string, SitePatch>) => void;

/**
 * A run of many sites' changes (a bulk change) as one site write: the refetch
 * waits for its end and its end for the other writes; each site shows its
 * change once the service has confirmed it (`show`, batched by the caller),
 * so there is nothing to roll back.
 */
export function useSiteRun<V, R>(run: (variables: V, show: ShowConfirmed) => Promise<R>) {
  const client = useQueryClient();
  return useSiteWrite<V, R>({
    mutationFn: async (variables) => {
      // An answer already on its way must not overwrite the confirmed changes.
      await client.cancelQueries({ queryKey: SITES_KEY });
      return run(variables, (patches) => patchCachedSites(client, patches));
    },
  });
}
