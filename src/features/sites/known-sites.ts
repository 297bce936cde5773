/**
 * What the Add sites dialog knows of the account, from the server's read model
 * (docs/workspace.md#the-read-model) instead of the whole account's sites_list
 * (47 MB at 100,000 sites): how many sites there are (the plan's use), and
 * which of the hosts pasted are there already. Under the workspace's key, so
 * a write (the sites just added) asks again.
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { FleetFreshness } from '../../api/fleet';
import type { WorkspaceClient } from '../../api/workspace';
import { stillReading } from '../../data/fleet-reading';
import { SITES_STALE_MS } from '../../data/sites-query';
import { WORKSPACE_KEY } from '../../data/workspace';
import { useWorkspaceClient } from '../../data/workspace-client';

const KNOWN_KEY = [...WORKSPACE_KEY, 'fleet', 'known'] as const;
/** How often the dialog asks while the server reads the fleet (its first read). */
const READING_POLL_MS = 1_000;
const whileReading = (query: { state: { data: FleetFreshness | undefined } }) =>
  stillReading(query.state.data) ? READING_POLL_MS : false;

/** The account's sites as last read; undefined before the server's first read. */
export function useSiteCount(): number | undefined {
  const workspace = useWorkspaceClient();
  const { data } = useQuery({
    queryKey: [...WORKSPACE_KEY, 'fleet', 'count'] as const,
    queryFn: () => workspace.fleet.sites({ limit: 1 }),
    staleTime: SITES_STALE_MS,
    refetchInterval: whileReading,
  });
  return data && data.asOf !== null ? data.total : undefined;
}

function knownOptions(workspace: WorkspaceClient, hosts: readonly string[]) {
  return queryOptions({
    // One entry per list of hosts: a paste of 10,000 is one request, not one per keystroke after it.
    queryKey: [...KNOWN_KEY, hosts.join('\n')] as const,
    queryFn: () => workspace.fleet.known(hosts),
    staleTime: SITES_STALE_MS,
    refetchInterval: whileReading,
  });
}

/**
 * Which of `hosts` are sites of the account (empty while none is asked about), the last answer kept
 * while a new list is asked about; and `check`, which asks about a list now (a send is planned with it).
 */
export function useKnownSites(hosts: readonly string[]) {
  const workspace = useWorkspaceClient();
  const client = useQueryClient();
  const { data } = useQuery({
    ...knownOptions(workspace, hosts),
    enabled: hosts.length > 0,
    placeholderData: keepPreviousData,
  });
  const known = useMemo(() => (hosts.length === 0 || data === undefined ? EMPTY : new Set(data.known)), [hosts, data]);
  const check = useCallback(
    async (list: readonly string[]): Promise<ReadonlySet<string>> =>
      list.length === 0 ? EMPTY : new Set((await client.fetchQuery(knownOptions(workspace, list))).known),
    [client, workspace],
  );
  return { known, check };
}

const EMPTY: ReadonlySet<string> = new Set();
