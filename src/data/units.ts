/**
 * Units (docs/partner-api.md#unit-methods): look one up, rename it, delete it with or without its
 * sites. The directory of units (units-directory.ts) follows each change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isMethodError } from '../api/error-catalogue';
import { useApi } from '../lib/api-context';
import { useAccountId } from './account';
import { type Site } from './sites';
import { SITES_KEY, sitesQueryOptions } from './sites-query';
import { useSiteWrite } from './site-writes';
import { addUnit, removeUnit, renameUnit } from './units-directory';

/** A unit looked up: its sites, or null when the service has no unit with this e-mail (142900). */
export function useLookUpUnit() {
  const api = useApi();
  const client = useQueryClient();
  const account = useAccountId();
  return useMutation({
    mutationFn: async (email: string): Promise<Site[] | null> => {
      try {
        return await client.fetchQuery({ ...sitesQueryOptions(api, email), staleTime: 0 });
      } catch (error) {
        if (isMethodError(error, 'sites_list', 'unitNotFound')) return null;
        throw error;
      }
    },
    onSuccess: (sites, email) => {
      if (sites) addUnit(account, email, 'lookup');
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
 * not on the list's refresh interval.
 */
export function useUnitCheck(unit: string): UnitCheck {
  const query = useQuery({
    ...sitesQueryOptions(useApi(), unit),
    refetchInterval: false,
    refetchOnWindowFocus: false,
    staleTime: 5 * 60_000,
    retry: false,
  });
  // Checked before the data: a refetch that finds the unit gone keeps the old answer beside its error.
  if (isMethodError(query.error, 'sites_list', 'unitNotFound')) return { state: 'missing' };
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
    onSettled: () => client.invalidateQueries({ queryKey: SITES_KEY }),
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
