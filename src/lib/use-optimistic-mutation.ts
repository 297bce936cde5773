import { useMutation, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { errorText } from '../i18n/error-text';
import { toast } from './toast-store';

export interface OptimisticMutationOptions<TVariables, TData, TCache> {
  /** The write: one call of the API client (or a run of many, as one write). */
  mutationFn: (variables: TVariables) => Promise<TData>;
  /**
   * The cached data the write changes: every query whose key starts with this
   * (a registry key, `methodKey('sites_list')` covers every sites_list query),
   * or, when it depends on the write, a function of it (one unit's list).
   */
  queryKey: QueryKey | ((variables: TVariables) => QueryKey);
  /** The cached data as it will be once the write succeeds (applied to each query that has data); none: unchanged until the answer. */
  optimistic?: (current: TCache, variables: TVariables) => TCache;
  /**
   * On failure, what a changed query becomes, from its data now and before the
   * write. Default: as before. Writes that may overlap give back only their own
   * part, so another write's change still in flight stays.
   */
  rollback?: (current: TCache, before: TCache, variables: TVariables) => TCache;
  /** Writes sharing it refetch once, when the last of them settles; default `['optimistic', ...queryKey]`. */
  mutationKey?: QueryKey;
  /** What to refetch once the write settles; default `[queryKey]`. */
  invalidate?: readonly QueryKey[];
  /**
   * 'toast' (default): a failure shows the catalogue's title and message as a
   * toast. 'inline': the caller shows `mutation.error` where the change was made.
   */
  errorDisplay?: 'toast' | 'inline';
  /** The toast's title when the catalogue's is too general ("Firewall of example.com not changed"). */
  errorTitle?: (variables: TVariables) => string;
  /** After the optimistic change, before the call: what the write changes outside the cache. */
  onMutate?: (variables: TVariables) => void;
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** After the rollback: what else a failure means. */
  onError?: (error: unknown, variables: TVariables) => void;
}

/** The queries the optimistic change touched, as they were. */
type Before<TCache> = readonly (readonly [QueryKey, TCache])[];

/** Applies `next` to every query under `queryKey` that has data; keeps, of those it changed, what was there. */
function applyOptimistic<TCache>(
  client: QueryClient,
  queryKey: QueryKey,
  next: (current: TCache) => TCache,
): Before<TCache> {
  const before: [QueryKey, TCache][] = [];
  for (const [key, current] of client.getQueriesData<TCache>({ queryKey })) {
    if (current === undefined) continue;
    const changed = next(current);
    // A query the write does not touch keeps its data and its age.
    if (changed === current) continue;
    before.push([key, current]);
    client.setQueryData(key, changed);
  }
  return before;
}

/**
 * Every write whose effect shows at once (docs/architecture.md#the-parts:
 * optimistic toggles with rollback). On start it cancels the queries it changes
 * (so an older answer cannot overwrite the optimistic data), keeps a copy and
 * applies `optimistic`; on failure it puts back what `rollback` says and says
 * why (catalogue); when settled it refetches what changed, unless another write
 * with the same `mutationKey` is still in flight (that one's settling
 * refetches, and an answer from between the two would make the controls jump).
 */
export function useOptimisticMutation<TVariables, TData, TCache>(
  options: OptimisticMutationOptions<TVariables, TData, TCache>,
) {
  const { optimistic, rollback, errorDisplay = 'toast' } = options;
  const keyOf = (variables: TVariables): QueryKey =>
    typeof options.queryKey === 'function' ? options.queryKey(variables) : options.queryKey;
  const mutationKey = options.mutationKey ?? [
    'optimistic',
    ...(typeof options.queryKey === 'function' ? [] : options.queryKey),
  ];
  return useMutation({
    mutationKey,
    mutationFn: options.mutationFn,
    onMutate: async (variables, { client }) => {
      let before: Before<TCache> = [];
      if (optimistic) {
        const queryKey = keyOf(variables);
        await client.cancelQueries({ queryKey });
        before = applyOptimistic<TCache>(client, queryKey, (current) => optimistic(current, variables));
      }
      options.onMutate?.(variables);
      return { before };
    },
    onError: (error, variables, context, { client }) => {
      for (const [key, data] of context?.before ?? []) {
        client.setQueryData<TCache>(key, (current) =>
          rollback && current !== undefined ? rollback(current, data, variables) : data,
        );
      }
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
    onSettled: async (_data, _error, variables, _context, { client }) => {
      // This write still counts as in flight here: more than one means another is.
      if (client.isMutating({ mutationKey }) > 1) return;
      await Promise.all(
        (options.invalidate ?? [keyOf(variables)]).map((key) => client.invalidateQueries({ queryKey: key })),
      );
    },
  });
}
