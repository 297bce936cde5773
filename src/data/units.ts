/**
 * Units (docs/partner-api.md#unit-methods): look one up, rename it, delete it
 * with or without its sites, forget it. The team's workspace keeps the
 * directory (units-directory.ts, docs/workspace.md): it records renames and
 * deletions as they pass through the server; look-ups and each check's
 * answer are reported to it.
 */
import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isMethodError } from '../api/error-catalogue';
import { useApi } from '../lib/api-context';
import { useAccountId } from './account';
import { type Site } from './sites';
import { SITES_KEY, sitesQueryOptions } from './sites-query';
import { useSiteWrite } from './site-writes';
import { addUnit, normalEmail, removeUnit, renameUnit } from './units-directory';
import { invalidateWorkspace } from './workspace';
import { useWorkspaceClient } from './workspace-client';

/** A unit looked up: its sites, or null when the service has no unit with this e-mail (142900). */
export function useLookUpUnit() {
  const api = useApi();
  const workspace = useWorkspaceClient();
  const client = useQueryClient();
  const account = useAccountId();
  return useMutation({
    mutationFn: async (email: string): Promise<Site[] | null> => {
      let sites: Site[];
      try {
        sites = await client.fetchQuery({ ...sitesQueryOptions(api, email), staleTime: 0 });
      } catch (error) {
        if (isMethodError(error, 'sites_list', 'unitNotFound')) return null;
        throw error;
      }
      await workspace.addUnits([email], 'lookup');
      await workspace.reportUnitCheck(
        email,
        sites.map((s) => s.domain),
      );
      return sites;
    },
    // Not waited for: the caller's own onSuccess (the unit shown) comes with the unit in the list.
    onSuccess: (sites, email) => {
      if (sites) addUnit(account, email, 'lookup');
      void invalidateWorkspace(client);
    },
  });
}

export type UnitCheck =
  | { state: 'checking' }
  | { state: 'found'; sites: number }
  | { state: 'missing' }
  | { state: 'unknown'; error: unknown };

/**
 * Whether the service still knows a unit of the directory (it may have been
 * renamed or deleted elsewhere): its sites_list?unit=, asked once in a while,
 * not on the list's refresh interval. Each answer is reported to the
 * workspace, so the unit's site count and its sites' customer agree with it
 * for everyone.
 */
export function useUnitCheck(unit: string): UnitCheck {
  const workspace = useWorkspaceClient();
  const client = useQueryClient();
  const options = sitesQueryOptions(useApi(), unit);
  const query = useQuery({
    ...options,
    refetchInterval: false,
    refetchOnWindowFocus: false,
    staleTime: 5 * 60_000,
    retry: false,
  });
  // Checked before the data: a refetch that finds the unit gone keeps the old answer beside its error.
  const missing = isMethodError(query.error, 'sites_list', 'unitNotFound');
  // Each answer of the service is reported: the one in the cache when the check starts, then each
  // fetch's. A unit not found is not (the workspace would list it again after its deletion), nor is
  // what a site write lays over the cached list meanwhile (setQueryData, `manual`): a unit deleted
  // with its sites would be reported with none, after its deletion, and listed again.
  const hash = hashKey(options.queryKey);
  useEffect(() => {
    const report = (sites: readonly Site[]) =>
      void workspace
        .reportUnitCheck(
          normalEmail(unit),
          sites.map((s) => s.domain),
        )
        .then(
          () => invalidateWorkspace(client),
          () => undefined,
        );
    const cache = client.getQueryCache();
    const now = cache.get<Site[]>(hash)?.state;
    if (now?.status === 'success' && now.data) report(now.data);
    return cache.subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== hash) return;
      if (event.action.type !== 'success' || event.action.manual === true) return;
      const sites = event.query.state.data as Site[] | undefined;
      if (sites) report(sites);
    });
  }, [hash, unit, workspace, client]);
  if (missing) return { state: 'missing' };
  if (query.data) return { state: 'found', sites: query.data.length };
  if (query.isError) return { state: 'unknown', error: query.error };
  return { state: 'checking' };
}

/** unit_update: every site shared with the unit follows it (docs/partner-api.md#lifecycle, docs/partner-api.md#unit_update). */
export function useRenameUnit() {
  const api = useApi();
  const client = useQueryClient();
  const account = useAccountId();
  return useMutation({
    mutationFn: ({ unit, to }: { unit: string; to: string }) => api.unit_update(unit, to),
    onSuccess: (_result, { unit, to }) => renameUnit(account, unit, to),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: SITES_KEY });
      await invalidateWorkspace(client);
    },
  });
}

/**
 * unit_delete, with its sites or without (docs/partner-api.md#lifecycle: without, they stay in the
 * account, unshared). With its sites they leave every list at once.
 */
export function useDeleteUnit() {
  const api = useApi();
  const account = useAccountId();
  return useSiteWrite({
    mutationFn: ({ unit, withSites }: { unit: string; withSites: boolean; domains: readonly string[] }) =>
      api.unit_delete(unit, { withsites: withSites, ignore: true }),
    optimistic: ({ withSites, domains }) => ({ domains: withSites ? domains : [], patch: () => null }),
    onSuccess: (_result, { unit }) => removeUnit(account, unit),
  });
}

/** Forgets a unit in the workspace's directory, for the whole team (the service keeps it). */
export function useForgetUnit() {
  const workspace = useWorkspaceClient();
  const client = useQueryClient();
  const account = useAccountId();
  return useMutation({
    mutationFn: (unit: string) => workspace.forgetUnit(normalEmail(unit)),
    onMutate: (unit) => removeUnit(account, unit),
    onSettled: () => invalidateWorkspace(client),
  });
}
