/**
 * agency_view's query options alone, for route loaders: a loader is part of
 * the entry chunk every page loads (the login page's budget), the mutations
 * in ./agency.ts are not.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { isMethodError } from '../api/error-catalogue';
import { methodQuery } from '../api/query-keys';
import type { Agency } from '../api/schemas';

/** agency_view (docs/partner-api.md#agency_view), with "no agency yet" (noAgency, 123900) as null rather than an error. */
export function agencyQueryOptions(api: ApiClient) {
  const { queryKey, queryFn } = methodQuery(api, 'agency_view');
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<Agency | null> => {
      try {
        return await queryFn();
      } catch (error) {
        if (isMethodError(error, 'agency_view', 'noAgency')) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}
