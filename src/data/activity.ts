/**
 * The team's activity log (docs/workspace.md): every write that passed
 * through the server, newest first, paged by cursor; and the account's keys,
 * which name who made each change. Read from the workspace, never from this
 * browser's storage, so every colleague sees the same log.
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ActivityFilter, WorkspaceClient } from '../api/workspace';
import { useWorkspaceClient as useWorkspace } from './workspace-client';

/** Entries a page of the log asks for. */
const ACTIVITY_PAGE = 50;
/** How often an open log asks for what colleagues did since. */
const LIVE_MS = 10_000;

function activityKeysQueryOptions(workspace: WorkspaceClient) {
  return queryOptions({ queryKey: ['workspace', 'keys'], queryFn: () => workspace.keys(), staleTime: 60_000 });
}

function activityQueryOptions(workspace: WorkspaceClient, filter: ActivityFilter, limit = ACTIVITY_PAGE) {
  return infiniteQueryOptions({
    queryKey: ['workspace', 'activity', filter, limit],
    queryFn: ({ pageParam }) => workspace.activity(filter, { limit, before: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    refetchInterval: LIVE_MS,
  });
}

/** The account's keys (who may appear in the log), for the user filter and the names. */
export function useActivityKeys() {
  return useQuery(activityKeysQueryOptions(useWorkspace()));
}

/** The log filtered, a page at a time ("Load more" asks for the next), kept fresh while shown. */
export function useActivity(filter: ActivityFilter) {
  return useInfiniteQuery(activityQueryOptions(useWorkspace(), filter));
}

/** A site's latest entries (the site page). */
export function useSiteActivity(domain: string, limit: number) {
  const workspace = useWorkspace();
  return useQuery({
    queryKey: ['workspace', 'activity', { site: domain }, limit, 'latest'],
    queryFn: () => workspace.activity({ site: domain }, { limit }),
    refetchInterval: LIVE_MS,
  });
}
