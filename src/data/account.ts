import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { methodQuery } from '../api/query-keys';
import { useApi } from '../lib/api-context';

/** api_userinfo (docs/partner-api.md#api_userinfo): the one factory of its cache entry (the account id, the account menu, the developer page). */
export function accountQueryOptions(api: ApiClient) {
  return queryOptions({ ...methodQuery(api, 'api_userinfo'), staleTime: 5 * 60_000 });
}

/**
 * Who the signed-in account is, as a key for what this browser remembers per
 * account (the units directory, scan results, automatic patching): its e-mail
 * in lower case, else its id; `key` for a key with no user (api_userinfo null);
 * undefined until known. Only `id` and `email` are read (docs/architecture.md#what-the-api-does-not-give: fields
 * beyond those observed are not assumed).
 */
export function useAccountId(): string | undefined {
  const { data, isError } = useQuery({ ...accountQueryOptions(useApi()), retry: 1 });
  if (isError) return 'key';
  if (data === undefined) return undefined;
  return accountIdOf(data);
}

function accountIdOf(user: { email?: string | undefined; id?: string | number | undefined } | null): string {
  if (user?.email) return user.email.trim().toLowerCase();
  if (user?.id !== undefined) return `id:${user.id}`;
  return 'key';
}
