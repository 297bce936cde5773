/**
 * Query keys and query functions derived from the registry, for TanStack Query
 * (the feature modules wrap them in `queryOptions` with their own freshness).
 * A key is the method's name followed by the call's arguments exactly as the
 * client takes them, so `['sites_list']` is the prefix of every sites_list
 * query: invalidating it refreshes them all. No React here (src/api is isomorphic).
 */
import type { ApiClient, CallArgs, CallResult, EnvelopeMethod, MethodFunction } from './client.ts';

export type MethodKey<M extends EnvelopeMethod> = readonly [M, ...CallArgs<M>];

export function methodKey<M extends EnvelopeMethod>(method: M, ...args: CallArgs<M>): MethodKey<M> {
  return [method, ...args];
}

/** The key and the function that answers it, for `queryOptions({ ...methodQuery(...), staleTime })`. */
export function methodQuery<M extends EnvelopeMethod>(
  api: ApiClient,
  method: M,
  ...args: CallArgs<M>
): { queryKey: MethodKey<M>; queryFn: () => Promise<CallResult<M>> } {
  // Seen through the mapped type, api[method] is MethodFunction<M> for this very M.
  const derived: { [K in EnvelopeMethod]: MethodFunction<K> } = api;
  const fn = derived[method];
  return { queryKey: methodKey(method, ...args), queryFn: () => fn(...args) };
}
