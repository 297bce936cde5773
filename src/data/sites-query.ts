/**
 * The sites list's query (docs/partner-api.md#sites_list sites_list?withscanreport), apart from the
 * rest of the resource (./sites.ts) so that a route's loader, which every page
 * loads, carries only this.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { methodKey, methodQuery } from '../api/query-keys';

/** How long an answer counts as fresh, and how often a page that shows it asks again in the background. */
export const SITES_STALE_MS = 30_000;
export const SITES_REFRESH_MS = 60_000;

/** Every sites_list query, whatever its arguments. */
export const SITES_KEY = methodKey('sites_list');

/** sites_list?withscanreport, of the whole account or of one unit (docs/partner-api.md#sites_list); never withfwhistory here. */
export function sitesQueryOptions(api: ApiClient, unit?: string) {
  const args = unit === undefined ? { withscanreport: true } : { withscanreport: true, unit };
  return queryOptions({
    ...methodQuery(api, 'sites_list', args),
    staleTime: SITES_STALE_MS,
    refetchInterval: SITES_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
