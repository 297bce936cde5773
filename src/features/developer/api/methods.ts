import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client';
import { methodQuery } from '../../../api/query-keys';
import { useApi } from '../../../lib/api-context';

/** api_methodlist (docs/partner-api.md#api_methodlist): the methods this key may call. */
export function methodListQueryOptions(api: ApiClient) {
  return queryOptions({ ...methodQuery(api, 'api_methodlist'), staleTime: 5 * 60_000 });
}

/** The route's loader has it: never suspends on the page. */
export function useMethodList() {
  return useSuspenseQuery(methodListQueryOptions(useApi()));
}

/** api_methoddata (docs/partner-api.md#method-metadata, docs/partner-api.md#api_methoddata) of one method. */
function methodDataQueryOptions(api: ApiClient, name: string) {
  return queryOptions({ ...methodQuery(api, 'api_methoddata', name), staleTime: 5 * 60_000 });
}

export function useMethodData(name: string) {
  return useQuery(methodDataQueryOptions(useApi(), name));
}
