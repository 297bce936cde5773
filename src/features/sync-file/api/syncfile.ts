import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client';
import { useApi } from '../../../lib/api-context';

/**
 * syncfile_get (docs/partner-api.md#syncfile_get): the PHP file and the name it must carry (X-Filename).
 * Read when the page opens, so the name shows before the download; the file
 * is the account's own and changes rarely.
 */
function syncfileQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['syncfile_get'] as const,
    queryFn: () => api.syncfile_get(),
    staleTime: 10 * 60_000,
  });
}

export function useSyncfile() {
  return useQuery(syncfileQueryOptions(useApi()));
}
