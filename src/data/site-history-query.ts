/**
 * Sites with their 30-day firewall history (docs/partner-api.md#sites_list withfwhistory, docs/partner-api.md#firewall-history),
 * for the printable reports (the site page reads its site from the server's
 * read model: ./fleet-site-query.ts). sites_list has no filter by site, only by unit:
 * - a unit's sites are a small answer, read here (`sitesHistoryQueryOptions`);
 * - one site of the account (`siteHistoryQueryOptions`) needs the whole
 *   account's answer, about 1.7 kB a site (17 MB for 10,000): a Web Worker
 *   (./site-history.worker.ts) fetches, parses and checks it, and only the
 *   site comes back, so the page's thread never holds the rest.
 * Both are keyed under sites_list (the SITES_KEY prefix) and hold a list of
 * sites, so the site writes patch them at once like every sites_list query
 * (./site-writes.ts) and the page and the table agree. Never asked by the
 * sites table (./sites-query.ts); fresh for longer, and refreshed in the
 * background less often.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { Site } from '../api/schemas';
import { methodKey, methodQuery } from '../api/query-keys';
import { fromWire } from '../api/wire-error';
import { useApi } from '../lib/api-context';
import { ACCOUNT_HISTORY_ARGS, type SiteHistoryMessage, type SiteHistoryRequest } from './site-history-read';

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

/**
 * Reads the account's history in a worker of its own and gives the sites
 * named in the request; the worker ends with the read, or when `signal`
 * aborts it (a write cancels the read on its way, so it cannot overwrite the
 * write's optimistic change).
 */
function readSitesInWorker(request: SiteHistoryRequest, signal: AbortSignal): Promise<Site[]> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const worker = new Worker(new URL('./site-history.worker.ts', import.meta.url), {
      type: 'module',
      name: 'site-history',
    });
    const end = () => {
      worker.terminate();
      signal.removeEventListener('abort', abort);
    };
    const abort = () => {
      end();
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort);
    worker.addEventListener('message', (event: MessageEvent<SiteHistoryMessage>) => {
      end();
      if (event.data.type === 'sites') resolve(event.data.sites);
      else reject(fromWire(event.data.error));
    });
    worker.addEventListener('error', (event) => {
      end();
      reject(new Error(event.message || 'The firewall history could not be read'));
    });
    worker.postMessage(request);
  });
}

/**
 * One site of the account with its scan report and firewall history, read in
 * a worker: a list of that site alone, or empty when the account has no such
 * site. The worker signs with the client's keys, read when each read starts.
 */
export function siteHistoryQueryOptions(api: ApiClient, domain: string) {
  const site = domain.trim().toLowerCase();
  return queryOptions({
    queryKey: [...methodKey('sites_list', ACCOUNT_HISTORY_ARGS), { site }] as const,
    queryFn: ({ signal }): Promise<Site[]> =>
      readSitesInWorker({ credentials: api.credentials(), sites: [site] }, signal),
    ...freshness,
  });
}
