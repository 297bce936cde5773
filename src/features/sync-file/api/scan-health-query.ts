/**
 * The sync file page's sites, from the server's read model
 * (`/workspace/fleet/scan-health`, docs/workspace.md#the-read-model): those
 * never scanned or whose scheduled scans are overdue, judged at this
 * browser's time (about 1,000 rows, 11 KB compressed, at the 10,000-site
 * demo) instead of the whole account's sites_list (618 KB compressed). Under
 * the workspace's key, so a site write asks again; while the server reads the
 * fleet, the page asks every second until the read is in.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkspaceClient } from '../../../api/workspace';
import { pollWhileReading } from '../../../data/fleet-reading';
import { useRefreshFleet } from '../../../data/fleet-refresh';
import { SITES_STALE_MS } from '../../../data/sites-query';
import { WORKSPACE_KEY } from '../../../data/workspace';
import { useWorkspaceClient } from '../../../data/workspace-client';

const SCAN_HEALTH_KEY = [...WORKSPACE_KEY, 'fleet', 'scan-health'] as const;

export function scanHealthQueryOptions(workspace: WorkspaceClient) {
  return queryOptions({
    queryKey: SCAN_HEALTH_KEY,
    queryFn: () => workspace.fleet.scanHealth(Math.floor(Date.now() / 1000)),
    staleTime: SITES_STALE_MS,
    // Not every minute: the lists are judged from it, and a re-check asks the service about each site itself.
    refetchInterval: pollWhileReading(),
    refetchOnWindowFocus: true,
  });
}

export function useScanHealth() {
  return useQuery(scanHealthQueryOptions(useWorkspaceClient()));
}

/** Asks the server to read the fleet again now, then the page's sites (which follow the read until it is in). */
export function useRefreshScanHealth(): () => Promise<void> {
  return useRefreshFleet(SCAN_HEALTH_KEY);
}
