import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { ApiError } from '../../api/errors';

/** Query keys of the signed-in account; the cache is cleared on sign-in and sign-out. */
export const accountKeys = {
  all: ['account'] as const,
  keyInfo: () => [...accountKeys.all, 'keyinfo'] as const,
  userInfo: () => [...accountKeys.all, 'userinfo'] as const,
  agency: () => [...accountKeys.all, 'agency'] as const,
};

/** api_keyinfo (spec §4.6): fields not specified; `expires` observed (0 = never). */
export function keyInfoQuery(api: ApiClient) {
  return queryOptions({
    queryKey: accountKeys.keyInfo(),
    queryFn: () => api.api_keyinfo(),
    staleTime: 60_000,
  });
}

/** api_userinfo (spec §4.6): the user, or null when no user is associated with the key. */
export function userInfoQuery(api: ApiClient) {
  return queryOptions({
    queryKey: accountKeys.userInfo(),
    queryFn: () => api.api_userinfo(),
    staleTime: 5 * 60_000,
  });
}

/** Spec §7.3: agency_view answers 123900 when the account has no agency record. */
export const NO_AGENCY = 123900;

/** agency_view (spec §4.2), with "no agency yet" as null rather than an error. */
export function agencyQuery(api: ApiClient) {
  return queryOptions({
    queryKey: accountKeys.agency(),
    queryFn: async () => {
      try {
        return await api.agency_view();
      } catch (error) {
        if (error instanceof ApiError && error.code === NO_AGENCY) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}
