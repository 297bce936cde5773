/**
 * The machinery of every write to sites: optimistic on the cached lists, rolled
 * back site by site (a failure of one site's change leaves the other sites'
 * changes in flight alone), and one refetch once the last overlapping write
 * has settled (an answer from between two writes would make the controls jump).
 */
import { useMutation, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Site } from '../api/schemas';
import { type SitePatch } from './sites';
import { SITES_KEY } from './sites-query';
import { invalidateWorkspace } from './workspace';

/** Every site write shares it, so the refetch waits for the last of them. */
const WRITE_KEY = ['sites-write'] as const;

interface Saved {
  key: QueryKey;
  domain: string;
  index: number;
  site: Site;
}

/** Applies `patch` to the given sites of the matching lists and keeps what was there. */
function applyOptimistic(
  client: QueryClient,
  queryKey: QueryKey,
  domains: readonly string[],
  patch: SitePatch,
): Saved[] {
  const wanted = new Set(domains);
  const saved: Saved[] = [];
  for (const [key, sites] of client.getQueriesData<Site[]>({ queryKey })) {
    if (!sites) continue;
    let changed = false;
    const next: Site[] = [];
    sites.forEach((site, index) => {
      if (!wanted.has(site.domain)) {
        next.push(site);
        return;
      }
      changed = true;
      saved.push({ key, domain: site.domain, index, site });
      const patched = patch(site);
      if (patched) next.push(patched);
    });
    if (changed) client.setQueryData(key, next);
  }
  return saved;
}

/** Puts the saved sites back where they were (a deleted one at its old place). */
function rollBack(client: QueryClient, saved: readonly Saved[]): void {
  for (const { key, domain, index, site } of saved) {
    client.setQueryData<Site[]>(key, (sites) => {
      if (!sites) return sites;
      const at = sites.findIndex((s) => s.domain === domain);
      if (at >= 0) return sites.map((s, i) => (i === at ? site : s));
      const next = [...sites];
      next.splice(Math.min(index, next.length), 0, site);
      return next;
    });
  }
}

export interface SiteWriteOptions<V, R> {
  mutationFn: (variables: V) => Promise<R>;
  /** The sites the write changes at once, and how. */
  optimistic?: (variables: V) => { domains: readonly string[]; patch: SitePatch; queryKey?: QueryKey };
  /** Before the call, after the optimistic change (a memory outside the cache). */
  onMutate?: (variables: V) => void;
  onSuccess?: (result: R, variables: V) => void;
  /** After the rollback. */
  onError?: (error: unknown, variables: V) => void;
}

export function useSiteWrite<V, R>(options: SiteWriteOptions<V, R>) {
  return useMutation({
    mutationKey: WRITE_KEY,
    mutationFn: options.mutationFn,
    onMutate: async (variables, { client }) => {
      const optimistic = options.optimistic?.(variables);
      let saved: Saved[] = [];
      if (optimistic) {
        const queryKey = optimistic.queryKey ?? SITES_KEY;
        // An answer already on its way must not overwrite the change.
        await client.cancelQueries({ queryKey });
        saved = applyOptimistic(client, queryKey, optimistic.domains, optimistic.patch);
      }
      options.onMutate?.(variables);
      return { saved };
    },
    onError: (error, variables, context, { client }) => {
      rollBack(client, context?.saved ?? []);
      options.onError?.(error, variables);
    },
    onSuccess: (result, variables) => options.onSuccess?.(result, variables),
    onSettled: async (_r, _e, _v, _c, { client }) => {
      // This write still counts as in flight here: more than one means another is.
      if (client.isMutating({ mutationKey: WRITE_KEY }) > 1) return;
      await client.invalidateQueries({ queryKey: SITES_KEY });
      // The workspace has recorded the write by now (off the answer's path; the memories' overlays cover a late one).
      await invalidateWorkspace(client);
    },
  });
}
