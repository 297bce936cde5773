import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { methodQuery } from '../api/query-keys';
import { useApi } from '../lib/api-context';

/** api_userinfo (docs/partner-api.md#api_userinfo): the user of the key, or null for a key with no user. */
function userInfoQueryOptions(api: ApiClient) {
  return queryOptions({ ...methodQuery(api, 'api_userinfo'), staleTime: 5 * 60_000 });
}

/** Asked only when needed (`enabled`): the session usually knows the e-mail already. */
export function useUserInfo({ enabled }: { enabled: boolean }) {
  return useQuery({ ...userInfoQueryOptions(useApi()), enabled });
}
