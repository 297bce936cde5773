/**
 * Whether some sites are in the account, from the server's read model
 * (docs/workspace.md#the-read-model) instead of the whole account's sites_list
 * (47 MB at 100,000 sites): which of the hosts pasted into Add sites are there
 * already (and how many sites there are, the plan's use), which of the sites
 * the sync file page lists are still there. Under the workspace's key, so a
 * write (the sites just added, one deleted) asks again.
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { WorkspaceClient } from '../api/workspace';
import { pollWhileReading } from './fleet-reading';
import { SITES_STALE_MS } from './sites-query';
import { WORKSPACE_KEY } from './workspace';
import { useWorkspaceClient } from './workspace-client';

const KNOWN_KEY = [...WORKSPACE_KEY, 'fleet', 'known'] as const;

/** The account's sites as last read; undefined before the server's first read. */
export function useSiteCount(): number | undefined {
  const workspace = useWorkspaceClient();
  const { data } = useQuery({
    queryKey: [...WORKSPACE_KEY, 'fleet', 'count'] as const,
    queryFn: () => workspace.fleet.sites({ limit: 1 }),
    staleTime: SITES_STALE_MS,
    refetchInterval: pollWhileReading(),
  });
  return data && data.asOf !== null ? data.total : undefined;
}

/** Hosts in one request at most (the server takes 10,000, in a body under 2 MiB). */
const HOSTS_PER_REQUEST = 5_000;
const CHARACTERS_PER_REQUEST = 1_000_000;

/** The hosts in requests the server takes: a paste longer than one `sites_add` is asked about in parts. */
export function parts(hosts: readonly string[]): string[][] {
  const out: string[][] = [];
  let part: string[] = [];
  let size = 0;
  for (const host of hosts) {
    if (part.length === HOSTS_PER_REQUEST || (part.length > 0 && size + host.length > CHARACTERS_PER_REQUEST)) {
      out.push(part);
      part = [];
      size = 0;
    }
    part.push(host);
    size += host.length + 4;
  }
  if (part.length > 0) out.push(part);
  return out;
}

/** What the server says of all of `hosts`, asked in parts; the freshness of the last part. */
async function knownOf(workspace: WorkspaceClient, hosts: readonly string[]) {
  const answers = [];
  for (const part of parts(hosts)) answers.push(await workspace.fleet.known(part));
  const last = answers.at(-1);
  return {
    asOf: last?.asOf ?? null,
    refreshing: last?.refreshing ?? false,
    refreshError: last?.refreshError ?? null,
    known: answers.flatMap((a) => a.known),
  };
}

function knownOptions(workspace: WorkspaceClient, hosts: readonly string[]) {
  return queryOptions({
    // One entry per list of hosts: a paste of 10,000 is one request, not one per keystroke after it.
    queryKey: [...KNOWN_KEY, hosts.join('\n')] as const,
    queryFn: () => knownOf(workspace, hosts),
    staleTime: SITES_STALE_MS,
    refetchInterval: pollWhileReading(),
  });
}

/**
 * Which of `hosts` are sites of the account (empty while none is asked about), the last answer kept
 * while a new list is asked about; whether it is the answer about these hosts; and `check`, which
 * asks about a list now (a send is planned with it).
 */
export function useKnownSites(hosts: readonly string[]) {
  const workspace = useWorkspaceClient();
  const client = useQueryClient();
  const { data, isPlaceholderData } = useQuery({
    ...knownOptions(workspace, hosts),
    enabled: hosts.length > 0,
    placeholderData: keepPreviousData,
  });
  const known = useMemo(() => (hosts.length === 0 || data === undefined ? EMPTY : new Set(data.known)), [hosts, data]);
  /** The answer is about these very hosts, from a read of the fleet (not before the server's first). */
  const answered = hosts.length === 0 || (data !== undefined && !isPlaceholderData && data.asOf !== null);
  const check = useCallback(
    async (list: readonly string[]): Promise<ReadonlySet<string>> =>
      list.length === 0 ? EMPTY : new Set((await client.fetchQuery(knownOptions(workspace, list))).known),
    [client, workspace],
  );
  return { known, answered, check };
}

const EMPTY: ReadonlySet<string> = new Set();
