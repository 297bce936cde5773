import { useMutation, type QueryKey } from '@tanstack/react-query';
import { errorText } from '../i18n/error-text';
import { toast } from './toast-store';

export interface OptimisticMutationOptions<TVariables, TData, TCache> {
  /** The write: one call of the API client. */
  mutationFn: (variables: TVariables) => Promise<TData>;
  /**
   * The cached data the write changes: every query whose key starts with this
   * (a registry key, `methodKey('sites_list')` covers every sites_list query).
   */
  queryKey: QueryKey;
  /** The cached data as it will be once the write succeeds (applied to each query that has data). */
  optimistic: (current: TCache, variables: TVariables) => TCache;
  /** What to refetch once the write settles; default `[queryKey]`. */
  invalidate?: readonly QueryKey[];
  /**
   * 'toast' (default): a failure shows the catalogue's title and message as a
   * toast. 'inline': the caller shows `mutation.error` where the change was made.
   */
  errorDisplay?: 'toast' | 'inline';
  /** The toast's title when the catalogue's is too general ("Firewall of example.com not changed"). */
  errorTitle?: (variables: TVariables) => string;
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** After the rollback: what else a failure means (an option unavailable for this key, spec 145904). */
  onError?: (error: unknown, variables: TVariables) => void;
}

/**
 * A write whose effect shows at once (docs/architecture.md#the-parts: optimistic toggles with
 * rollback). On start it cancels the queries it changes (so an older answer
 * cannot overwrite the optimistic data), keeps a copy and applies
 * `optimistic`; on failure it puts the copy back and says why (catalogue);
 * when settled it refetches what changed, unless another write to the same
 * data is still in flight (that one's settling refetches, and an answer from
 * between the two would make the controls jump).
 */
export function useOptimisticMutation<TVariables, TData, TCache>(
  options: OptimisticMutationOptions<TVariables, TData, TCache>,
) {
  const { queryKey, optimistic, errorDisplay = 'toast' } = options;
  const mutationKey = ['optimistic', ...queryKey];
  return useMutation({
    mutationKey,
    mutationFn: options.mutationFn,
    onMutate: async (variables, { client }) => {
      await client.cancelQueries({ queryKey });
      const snapshot = client.getQueriesData<TCache>({ queryKey });
      client.setQueriesData<TCache>({ queryKey }, (current) =>
        current === undefined ? undefined : optimistic(current, variables),
      );
      return { snapshot };
    },
    onError: (error, variables, result, { client }) => {
      for (const [key, data] of result?.snapshot ?? []) client.setQueryData(key, data);
      options.onError?.(error, variables);
      if (errorDisplay !== 'toast') return;
      const text = errorText(error);
      // The session guard is already taking the user to the sign-in page.
      if (text.sessionEnded) return;
      toast({
        tone: 'error',
        title: options.errorTitle?.(variables) ?? text.title,
        description: `${text.message} ${text.next}`,
      });
    },
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
    onSettled: async (_data, _error, _variables, _result, { client }) => {
      // This write still counts as in flight here: more than one means another is.
      if (client.isMutating({ mutationKey }) > 1) return;
      await Promise.all((options.invalidate ?? [queryKey]).map((key) => client.invalidateQueries({ queryKey: key })));
    },
  });
}
