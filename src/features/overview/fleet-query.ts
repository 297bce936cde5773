/**
 * The overview's data: the fleet's figures as the server last read them
 * (`/workspace/fleet/summary`, docs/workspace.md#the-read-model), already
 * summed: counters, the sites that need attention, the 30 days of the
 * firewall and the most attacked sites. Answered at once from what the
 * server knows, with its time; while the server reads the fleet again the
 * query asks every second until the read is in. Under the workspace's key,
 * so every site write asks again (src/data/site-writes.ts); the server has
 * applied the dashboard's own writes by then.
 */
import { queryOptions } from '@tanstack/react-query';
import type { WorkspaceClient } from '../../api/workspace';
import { pollWhileReading } from '../../data/fleet-reading';
import { useRefreshFleet } from '../../data/fleet-refresh';
import { SITES_REFRESH_MS, SITES_STALE_MS } from '../../data/sites-query';
import { WORKSPACE_KEY } from '../../data/workspace';

/** Every overview query (the first sites that need attention, or all of them). */
export const FLEET_KEY = [...WORKSPACE_KEY, 'fleet', 'summary'] as const;

/** The figures; `all`: every site that needs attention, not only the first 10. */
export function fleetQueryOptions(workspace: WorkspaceClient, all = false) {
  return queryOptions({
    queryKey: [...FLEET_KEY, all ? 'all' : 'first'] as const,
    queryFn: () => workspace.fleet.summary(all ? { attention: 'all' } : {}),
    staleTime: SITES_STALE_MS,
    refetchInterval: pollWhileReading(SITES_REFRESH_MS),
    refetchOnWindowFocus: true,
  });
}

/** Asks the server to read the fleet again now, then the figures (which then follow the read until it is in). */
export function useRefreshOverview(): () => Promise<void> {
  return useRefreshFleet(FLEET_KEY);
}
