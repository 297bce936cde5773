/**
 * The overview's data: one run of the worker (fleet.worker.ts) per fetch, as a
 * streamed query: the counters arrive first, the firewall traffic after. A
 * background refetch keeps what is shown until the whole new answer is in
 * (refetchMode 'replace'), so nothing jumps. The key is not under sites_list:
 * the site writes patch those lists as arrays of sites (src/data/site-writes.ts);
 * the overview asks again after its own changes instead.
 */
import { experimental_streamedQuery as streamedQuery, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { SITES_REFRESH_MS, SITES_STALE_MS } from '../../data/sites-query';
import type { FleetSummary, FleetTraffic } from './fleet-summary';
import { startFleetRun, takeEarlyFleetRun } from './fleet-run';
import { fromWire, type FleetMessage, type FleetRequest } from './fleet-wire';

export const FLEET_KEY = ['overview', 'fleet'] as const;

export interface FleetData {
  summary: FleetSummary | null;
  /** Null until the worker has checked and summed the firewall history. */
  traffic: FleetTraffic | null;
}

const EMPTY: FleetData = { summary: null, traffic: null };

function reduce(data: FleetData, message: Exclude<FleetMessage, { type: 'error' }>): FleetData {
  return message.type === 'summary' ? { ...data, summary: message.summary } : { ...data, traffic: message.traffic };
}

/**
 * The worker's messages of one run (the one started early, when there is one:
 * ./fleet-run.ts), until the traffic (the last) or an error; the worker ends
 * with the run.
 */
async function* runFleetWorker(
  request: FleetRequest,
  signal: AbortSignal,
): AsyncGenerator<Exclude<FleetMessage, { type: 'error' }>> {
  const run = takeEarlyFleetRun() ?? startFleetRun(request);
  const stop = () => run.stop();
  signal.addEventListener('abort', stop);
  try {
    for (;;) {
      const message = await run.next();
      if (message === null) return;
      if (message.type === 'error') throw fromWire(message.error);
      yield message;
      if (message.type === 'traffic') return;
    }
  } finally {
    signal.removeEventListener('abort', stop);
    run.stop();
  }
}

/** The fleet's figures, asked again in the background as the sites list is; the worker signs with the client's keys. */
export function fleetQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: FLEET_KEY,
    queryFn: streamedQuery<Exclude<FleetMessage, { type: 'error' }>, FleetData, typeof FLEET_KEY>({
      streamFn: ({ signal }) =>
        runFleetWorker({ credentials: api.credentials(), now: Math.floor(Date.now() / 1000) }, signal),
      reducer: reduce,
      initialValue: EMPTY,
      refetchMode: 'replace',
    }),
    staleTime: SITES_STALE_MS,
    refetchInterval: SITES_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
