/**
 * What the team's workspace keeps for the account (docs/workspace.md): one
 * cache entry, `/workspace/state`, read at sign-in (the _auth route's loader)
 * and by every page that shows a customer, the units directory, patching as
 * last set, options refused for the key or sync-file evidence. The server
 * records the writes as they pass through the proxy; after one, the entry is
 * asked again (invalidateWorkspace), and what the page changed meanwhile is
 * shown from the memories' overlays (site-memory.ts, units-directory.ts).
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { WorkspaceClient, WorkspaceState } from '../api/workspace';
import { hostToUnicode } from '../lib/punycode';
import { useWorkspaceClient } from './workspace-client';

/** Every workspace cache entry starts with this. */
export const WORKSPACE_KEY = ['workspace'] as const;

/** How often an open page asks again, so a colleague's change shows without a reload. */
export const WORKSPACE_REFRESH_MS = 60_000;

export function workspaceStateQueryOptions(workspace: WorkspaceClient) {
  return queryOptions({
    queryKey: [...WORKSPACE_KEY, 'state'] as const,
    queryFn: () => workspace.state(),
    staleTime: 15_000,
    refetchInterval: WORKSPACE_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** Asks the workspace again after a write (the server has recorded it by the time the write's answer is read). */
export function invalidateWorkspace(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: WORKSPACE_KEY });
}

/** A part of the workspace's state (`select`, stable: a module function, so the part is computed once per answer). */
export function useWorkspaceState<T>(select: (state: WorkspaceState) => T) {
  return useQuery({ ...workspaceStateQueryOptions(useWorkspaceClient()), select });
}

/** A site's domain as the workspace keys it: UTF-8, lower case, no trailing dot. */
export function siteKey(domain: string): string {
  return hostToUnicode(domain.trim().toLowerCase().replace(/\.$/, ''));
}

/** Domain (as siteKey gives it) → the e-mail of the customer (unit) it is shared with. */
export type CustomerMap = ReadonlyMap<string, string>;

const selectReconciledAt = (s: WorkspaceState) => s.reconciledAt;

const NO_CUSTOMERS: CustomerMap = new Map();

/** One map per answer, however many rows ask for it. */
const maps = new WeakMap<WorkspaceState, CustomerMap>();

function customerMap(state: WorkspaceState): CustomerMap {
  let map = maps.get(state);
  if (!map) maps.set(state, (map = new Map(state.customers.map((c) => [c.domain, c.unit]))));
  return map;
}

/** Which customer each site belongs to (from writes through the dashboard and the per-unit checks), with the last reconcile's time. */
export function useSiteCustomers(): { customers: CustomerMap; reconciledAt: number | null; isPending: boolean } {
  const query = useWorkspaceState(customerMap);
  const reconciledAt = useWorkspaceState(selectReconciledAt).data ?? null;
  return { customers: query.data ?? NO_CUSTOMERS, reconciledAt, isPending: query.isPending };
}

/** The customer of one site, undefined when none is known. */
export function customerOf(customers: CustomerMap, domain: string): string | undefined {
  return customers.get(siteKey(domain));
}

/** The customer of one site (the site page, a client report, "Share more"). */
export function useSiteCustomer(domain: string): string | undefined {
  const { customers } = useSiteCustomers();
  return useMemo(() => customerOf(customers, domain), [customers, domain]);
}
