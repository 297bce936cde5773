/**
 * The site page's site: one site as the server last read the fleet
 * (`/workspace/fleet/site/<domain>`, docs/workspace.md#the-read-model): its
 * report, options and 30 days of firewall history, a small answer, instead
 * of the whole account's sites_list. Kept as a list of that one site under
 * the sites_list key (SITES_KEY), so the one write path (./site-writes.ts)
 * changes it at once, rolls it back and asks again like every sites list.
 * How fresh the read is goes to its own cache entry (FLEET_FRESHNESS_KEY).
 *
 * A site the server's read does not have (added elsewhere since that read,
 * deleted, or a mistyped address) is not found as of that read, and on the
 * page's first ask the server reads the fleet again at once: the page says
 * so meanwhile and asks again when that read is in (a site added elsewhere
 * then shows). Never the account's whole list for one site (47 MB of JSON at
 * 100,000 sites), but when the server's read cannot say: its store
 * unavailable, or no read of the fleet yet. While the server reads the fleet
 * (its first read, say), the page waits for that read (up to
 * FIRST_READ_WAIT_MS).
 */
import { queryOptions, skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { FleetFreshness } from '../api/fleet';
import type { Site } from '../api/schemas';
import { WorkspaceError } from '../api/workspace';
import { READING_POLL_MS, stillReading } from './fleet-reading';
import { useApi } from '../lib/api-context';
import { findSite } from './find-site';
import { listedReport, newerSite } from './listed-reports';
import { SITES_KEY, SITES_REFRESH_MS, SITES_STALE_MS, sitesQueryOptions } from './sites-query';
import { siteKey, WORKSPACE_KEY } from './workspace';
import { workspaceOf } from './workspace-client';

/** How fresh the server's read of the fleet is, as its last answer to the site page said. */
const FLEET_FRESHNESS_KEY = [...WORKSPACE_KEY, 'fleet', 'freshness'] as const;

/** How long a site page waits for a read of the fleet under way before it reads the account's list. */
const FIRST_READ_WAIT_MS = 15_000;

const freshnessOf = ({ asOf, refreshing, refreshError }: FleetFreshness): FleetFreshness => ({
  asOf,
  refreshing,
  refreshError,
});

/** The site page's query of a site. */
export function fleetSiteKey(domain: string) {
  return [...SITES_KEY, { fleetSite: siteKey(domain) }] as const;
}

/** The site page's site (a list of it alone, or empty when the account has no such site). */
export function fleetSiteQueryOptions(api: ApiClient, client: QueryClient, domain: string) {
  const site = siteKey(domain);
  const workspace = workspaceOf(api);
  return queryOptions({
    queryKey: fleetSiteKey(domain),
    queryFn: async ({ signal, queryKey }): Promise<Site[]> => {
      // The page's first ask (a refetch, a poll or a write's, has an answer already).
      const firstAsk = client.getQueryData(queryKey) === undefined;
      const waitUntil = Date.now() + FIRST_READ_WAIT_MS;
      const listed = async () => {
        const found = findSite(await client.fetchQuery(sitesQueryOptions(api)), site);
        return found ? [found] : [];
      };
      for (let again = false; ; again = true) {
        try {
          const answer = await workspace.fleet.site(site);
          client.setQueryData(FLEET_FRESHNESS_KEY, freshnessOf(answer));
          // A scan's new report read from a list since the server's read stays on the page until that read has it.
          return [newerSite(answer.site, listedReport(client, answer.site.domain)) ?? answer.site];
        } catch (error) {
          // Unknown to the server's read (404), or the server's store unavailable (5xx).
          if (!(error instanceof WorkspaceError && (error.status === 404 || error.status >= 500))) throw error;
        }
        // How fresh the server's read is: while it reads, wait for the read rather than read the whole list.
        const known = await workspace.fleet.sites({ limit: 1 }).catch(() => null);
        if (known === null) return listed();
        client.setQueryData(FLEET_FRESHNESS_KEY, freshnessOf(known));
        if (known.refreshing && Date.now() < waitUntil) {
          await new Promise((resolve) => setTimeout(resolve, READING_POLL_MS));
          signal.throwIfAborted();
          continue;
        }
        // Nothing read yet (the first read failed, or runs long): the server's read cannot say.
        if (known.asOf === null) return listed();
        // A read may have come in between the two questions: the site once more on the page's first ask.
        if (firstAsk && !again) continue;
        // Not in the fleet as last read. Asked again (polled while a read runs), that is the answer.
        if (known.refreshing || !firstAsk) return [];
        // The page's first ask: the site may have come since that read (or the one just waited for
        // began); the server reads again now, and the page asks again when that read is in.
        const reading = await workspace.fleet.refresh().catch(() => null);
        if (reading !== null) client.setQueryData(FLEET_FRESHNESS_KEY, freshnessOf(reading));
        return [];
      }
    },
    staleTime: SITES_STALE_MS,
    // While the server reads the fleet, asked every second until the read is in.
    refetchInterval: () =>
      stillReading(client.getQueryData<FleetFreshness>(FLEET_FRESHNESS_KEY)) ? READING_POLL_MS : SITES_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** How fresh the site page's answer is (set by its query, never fetched on its own). */
export function useFleetFreshness(): FleetFreshness | undefined {
  return useQuery<FleetFreshness>({ queryKey: FLEET_FRESHNESS_KEY, queryFn: skipToken }).data;
}

/** Asks the server to read the fleet again now, then the site (which then follows the read until it is in). */
export function useRefreshFleetSite(domain: string): () => Promise<void> {
  const api = useApi();
  const client = useQueryClient();
  return async () => {
    client.setQueryData(FLEET_FRESHNESS_KEY, freshnessOf(await workspaceOf(api).fleet.refresh()));
    await client.invalidateQueries({ queryKey: fleetSiteQueryOptions(api, client, domain).queryKey });
  };
}
