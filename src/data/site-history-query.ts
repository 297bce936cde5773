/**
 * sites_list?withscanreport&withfwhistory (spec §4.3, §2.10): the sites with
 * their 30-day firewall history, for the site page, the printable reports and
 * the overview. sites_list has no filter by site, only by unit: a unit's
 * sites are a small answer; the whole account's is about 1.7 kB a site (17 MB
 * for 10,000), so it is asked only by the pages that draw the history, never
 * by the sites table (./sites-query.ts), fresh for longer, and refreshed in
 * the background less often. Writes patch it like every sites_list query
 * (the SITES_KEY prefix), so the page and the table agree.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { methodQuery } from '../api/query-keys';
import { useApi } from '../lib/api-context';

/** The firewall's numbers grow through the day (the sandbox's too): a few minutes old is fresh enough. */
export const HISTORY_STALE_MS = 2 * 60_000;
export const HISTORY_REFRESH_MS = 5 * 60_000;

/** The account's sites (or one unit's) with scan reports and firewall history. */
export function sitesHistoryQueryOptions(api: ApiClient, unit?: string) {
  const args =
    unit === undefined
      ? { withscanreport: true, withfwhistory: true }
      : { withscanreport: true, withfwhistory: true, unit };
  return queryOptions({
    ...methodQuery(api, 'sites_list', args),
    staleTime: HISTORY_STALE_MS,
    refetchInterval: HISTORY_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** The history where it may still be loading or fail on its own (a section of the site page). */
export function useSitesHistory(unit?: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...sitesHistoryQueryOptions(useApi(), unit), enabled, retry: 1 });
}
