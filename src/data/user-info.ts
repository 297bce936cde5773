import { useQuery } from '@tanstack/react-query';
import { useApi } from '../lib/api-context';
import { accountQueryOptions } from './account';

/**
 * api_userinfo (docs/partner-api.md#api_userinfo): the user of the key, or null for a key with no user.
 * Asked only when needed (`enabled`): the session usually knows the e-mail already.
 */
export function useUserInfo({ enabled }: { enabled: boolean }) {
  return useQuery({ ...accountQueryOptions(useApi()), enabled });
}
