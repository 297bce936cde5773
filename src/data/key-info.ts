import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { methodQuery } from '../api/query-keys';
import { useApi } from '../lib/api-context';

/**
 * api_keyinfo (docs/partner-api.md#api_keyinfo): the key in use; fields not specified, `expires`
 * observed (0 = never). The signed-in layout's loader ensures it, so the
 * service checks the key before the shell shows.
 */
export function keyInfoQueryOptions(api: ApiClient) {
  return queryOptions({ ...methodQuery(api, 'api_keyinfo'), staleTime: 60_000 });
}

/** Inside the signed-in layout, whose loader has it: never suspends there. */
export function useKeyInfo() {
  return useSuspenseQuery(keyInfoQueryOptions(useApi()));
}
