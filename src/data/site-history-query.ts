/**
 * Sites with their 30-day firewall history (docs/partner-api.md#sites_list withfwhistory, docs/partner-api.md#firewall-history),
 * for a unit's printable reports: a small answer (sites_list filters by
 * unit). One site of the account, whose history only the whole account's
 * answer holds (17 MB for 10,000 sites), comes from the server's read of the
 * fleet instead (./fleet-site-query.ts), on its page and in its report.
 * Keyed under sites_list (the SITES_KEY prefix) and holding a list of
 * sites, so the site writes patch them at once like every sites_list query
 * (./site-writes.ts) and the page and the table agree. Never asked by the
 * sites table (./sites-query.ts); fresh for longer, and refreshed in the
 * background less often.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { methodQuery } from '../api/query-keys';
import { useApi } from '../lib/api-context';

/** Every site with its scan report and 30 days of firewall history. */
const ACCOUNT_HISTORY_ARGS = { withscanreport: true, withfwhistory: true } as const;

/** The firewall's numbers grow through the day (the sandbox's too): a few minutes old is fresh enough. */
const HISTORY_STALE_MS = 2 * 60_000;
const HISTORY_REFRESH_MS = 5 * 60_000;

const freshness = {
  staleTime: HISTORY_STALE_MS,
  refetchInterval: HISTORY_REFRESH_MS,
  refetchOnWindowFocus: true,
} as const;

/** One unit's sites with scan reports and firewall history (a small answer, read on the page). */
export function sitesHistoryQueryOptions(api: ApiClient, unit: string) {
  return queryOptions({ ...methodQuery(api, 'sites_list', { ...ACCOUNT_HISTORY_ARGS, unit }), ...freshness });
}

/** A unit's history where it may still be loading or fail on its own. */
export function useSitesHistory(unit: string | undefined) {
  return useQuery({
    ...sitesHistoryQueryOptions(useApi(), unit ?? ''),
    enabled: unit !== undefined,
    retry: 1,
  });
}
