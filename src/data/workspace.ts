/**
 * What the team's workspace keeps for the account (docs/workspace.md): one
 * cache entry, `/workspace/state`, read at sign-in (the _auth route's loader)
 * and by every page that shows the units directory, patching as last set,
 * options refused for the key or sync-file evidence. The customers of the
 * sites are asked apart (they grow with the fleet): one site's, or the whole
 * map where a page lists the account's sites to pick from. The server
 * records the writes as they pass through the proxy; after one, the entry is
 * asked again (invalidateWorkspace), and what the page changed meanwhile is
 * shown from the memories' overlays (site-memory.ts, units-directory.ts).
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { WorkspaceClient, WorkspaceState } from '../api/workspace';
import { hostToUnicode } from '../lib/punycode';
import { useWorkspaceClient } from './workspace-client';

/** Every workspace cache entry starts with this. */
export const WORKSPACE_KEY = ['workspace'] as const;

/** How often an open page asks again, so a colleague's change shows without a reload. */
const WORKSPACE_REFRESH_MS = 60_000;

/** A read of the workspace under WORKSPACE_KEY: fresh for 15 s, asked again every minute, on focus and after writes. */
export function workspaceQuery<T, K extends readonly unknown[]>(part: K, queryFn: () => Promise<T>) {
  return queryOptions({
    queryKey: [...WORKSPACE_KEY, ...part] as const,
    queryFn,
    staleTime: 15_000,
    refetchInterval: WORKSPACE_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export function workspaceStateQueryOptions(workspace: WorkspaceClient) {
  return workspaceQuery(['state'] as const, () => workspace.state());
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

/** When every unit was last reconciled with the service (null: never). */
export function useReconciledAt(): number | null {
  return useWorkspaceState(selectReconciledAt).data ?? null;
}

const selectUnitCount = (s: WorkspaceState) => s.unitCount;

/** How many units the directory has (every page's state says it; the directory itself is asked apart), undefined until known. */
export function useUnitCount(): number | undefined {
  return useWorkspaceState(selectUnitCount).data;
}

const NO_CUSTOMERS: CustomerMap = new Map();

/**
 * Which customer each site of the account belongs to, the whole map: only where
 * a page lists the account's sites to pick from (it grows with the fleet; the
 * sites table's rows carry their own, a site page asks for its one).
 */
export function useCustomerMap(enabled = true): { customers: CustomerMap; isPending: boolean } {
  const workspace = useWorkspaceClient();
  const query = useQuery({
    ...workspaceQuery(['customers'] as const, () => workspace.customers()),
    select: (answer): CustomerMap => new Map(answer.sites.map((c) => [c.domain, c.unit])),
    enabled,
  });
  return { customers: query.data ?? NO_CUSTOMERS, isPending: query.isPending };
}

/** The customer of one site, undefined when none is known. */
export function customerOf(customers: CustomerMap, domain: string): string | undefined {
  return customers.get(siteKey(domain));
}

/** The customer of one site (the site page, a client report), asked for that site alone. */
export function useSiteCustomer(domain: string): string | undefined {
  const workspace = useWorkspaceClient();
  const site = siteKey(domain);
  const query = useQuery(workspaceQuery(['customer', site] as const, () => workspace.customerOf(site)));
  return query.data ?? undefined;
}
