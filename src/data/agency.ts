import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { AgencyBody } from '../api/bodies';
import { methodKey } from '../api/query-keys';
import type { Agency } from '../api/schemas';
import { useApi } from '../lib/api-context';
import { useOptimisticMutation } from '../lib/use-optimistic-mutation';
import { agencyQueryOptions } from './agency-query';

export { agencyQueryOptions } from './agency-query';

/** The agency page: its loader has the record (or null) in the cache already. */
export function useAgencyRecord() {
  return useSuspenseQuery(agencyQueryOptions(useApi()));
}

/** The header's brand reads it too; any failure there shows the product name (retry: false). */
export function useAgency({ retry = 3 }: { retry?: number | false } = {}) {
  return useQuery({ ...agencyQueryOptions(useApi()), retry });
}

/**
 * agency_update (docs/partner-api.md#agency_update): creates or replaces the record. Optimistic: the
 * header shows the new title at once; a failure puts the old record back and
 * says why (catalogue, toast unless the form shows it inline).
 */
export function useUpdateAgency({ errorDisplay = 'toast' }: { errorDisplay?: 'toast' | 'inline' } = {}) {
  const api = useApi();
  return useOptimisticMutation({
    mutationFn: (body: AgencyBody) => api.agency_update(body),
    queryKey: methodKey('agency_view'),
    optimistic: (_current: Agency | null, body): Agency | null => ({ ...body }),
    errorDisplay,
  });
}

/** agency_delete (docs/partner-api.md#agency_delete), `ignore` so an agency already gone is no error. */
export function useDeleteAgency({ errorDisplay = 'toast' }: { errorDisplay?: 'toast' | 'inline' } = {}) {
  const api = useApi();
  return useOptimisticMutation({
    mutationFn: () => api.agency_delete({ ignore: true }),
    queryKey: methodKey('agency_view'),
    optimistic: (): Agency | null => null,
    errorDisplay,
  });
}
