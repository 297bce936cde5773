import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { classifyError } from '../api/error-catalogue';

/**
 * The one QueryClient. Side effects of errors live here, in the caches'
 * onError, not in the fetch layer (docs/architecture.md#side-effects-outside-the-fetch-layer): `onError` sees every
 * failed query and mutation (the session guard ends the session on 502).
 */
export function createQueryClient(onError: (error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        // A query that failed before its page showed (a loader's prefetch, the overview's early
        // read) shows its error with Retry; it is not asked again behind the user's back, which
        // would call a refusing service twice and hide what the page is about to say.
        retryOnMount: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Drops everything cached for an account (its queries and mutations), as a
 * sign-in, a sign-out or an ended session must, but keeps what belongs to the
 * page rather than to an account (a query whose `meta.keepAcrossAccounts` is
 * set: the sandbox's demo account, which the login page offers). A query the
 * login page watches and that is removed under it would never answer it again:
 * "Try the demo" would be gone until a reload.
 */
export function forgetAccountData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.meta?.['keepAcrossAccounts'] !== true });
  queryClient.getMutationCache().clear();
}

/**
 * Retry once when the service may come back (it was unreachable, or said 500
 * "temporarily unavailable", docs/partner-api.md#system-errors), or the dashboard's own
 * server (out of reach, or failed); an answer that refuses the request
 * will refuse it again, and a rate limit's wait is longer than any retry.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  const c = classifyError(error);
  if (c.kind === 'system') return c.code === 500;
  if (c.kind === 'ownServer') return true;
  return c.kind === 'unreachable' && (c.transport === 'network' || c.transport === 'timeout');
}
