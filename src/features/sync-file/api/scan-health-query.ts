/**
 * The sync file page's lists, from the server's read model
 * (`/workspace/fleet/scan-health`, docs/workspace.md#the-read-model): the
 * sites whose scheduled scans stopped and those never scanned, judged at this
 * browser's time, the first 100 of each (of those whose domain contains what
 * the page's box holds) and how many there are, whatever the fleet's size. A
 * bulk re-check asks for every site of its list when it starts. Under the
 * workspace's key, so a site write asks again; while the server reads the
 * fleet, the page asks every second until the read is in.
 */
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { WorkspaceClient } from '../../../api/workspace';
import { pollWhileReading } from '../../../data/fleet-reading';
import { useRefreshFleet } from '../../../data/fleet-refresh';
import { SITES_STALE_MS } from '../../../data/sites-query';
import { WORKSPACE_KEY } from '../../../data/workspace';
import { useWorkspaceClient } from '../../../data/workspace-client';

const SCAN_HEALTH_KEY = [...WORKSPACE_KEY, 'fleet', 'scan-health'] as const;

/** At most this many sites of a list are asked for and drawn at once (a large fleet may list thousands). */
export const SITES_SHOWN = 100;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The lists' first sites whose domain contains `part` (lower case; '' for all). */
export function scanHealthQueryOptions(workspace: WorkspaceClient, part = '') {
  return queryOptions({
    queryKey: [...SCAN_HEALTH_KEY, part],
    queryFn: () => workspace.fleet.scanHealth(nowSeconds(), { q: part, limit: SITES_SHOWN }),
    staleTime: SITES_STALE_MS,
    // While the next part is asked for, the last answer stays.
    placeholderData: keepPreviousData,
    // Not every minute: the lists are judged from it, and a re-check asks the service about each site itself.
    refetchInterval: pollWhileReading(),
    refetchOnWindowFocus: true,
  });
}

export function useScanHealth(part = '', enabled = true) {
  return useQuery({ ...scanHealthQueryOptions(useWorkspaceClient(), part), enabled });
}

/**
 * Every site of one list (a bulk re-check's), judged now: through the query cache, so its failure is
 * seen as every query's (an ended session ends here too) and a passing one is asked once more; not kept.
 */
export function everySiteOf(queryClient: QueryClient, workspace: WorkspaceClient, list: 'stopped' | 'never') {
  return queryClient.fetchQuery({
    queryKey: [...SCAN_HEALTH_KEY, { limit: 'all', list }],
    queryFn: () => workspace.fleet.scanHealth(nowSeconds(), { limit: 'all', list }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Asks the server to read the fleet again now, then the page's sites (which follow the read until it is in). */
export function useRefreshScanHealth(): () => Promise<void> {
  return useRefreshFleet(SCAN_HEALTH_KEY);
}
