/**
 * The overview's worker: asks `sites_list?withscanreport&withfwhistory` for
 * the whole account (about 17 MB of JSON for 10,000 sites), checks it and
 * sums it off the page's thread. The sites are checked in two steps, so the
 * counters go back as soon as the sites are known and the firewall traffic
 * after its 300,000 days are checked and summed.
 */
import { createApiClient } from '../../api/client';
import type { Credentials } from '../../api/credentials';
import type { Site } from '../../api/schemas';
import { checkedHistory, checkSitesWithoutHistory } from '../../data/site-history-read';
import { fleetTraffic, summarize } from './fleet-summary';
import { toWire, type FleetMessage, type FleetRequest } from './fleet-wire';

/** The worker's side of the channel (the DOM library types only a window's). */
interface WorkerScope {
  postMessage(message: FleetMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FleetRequest>) => void): void;
}
// A dedicated worker's global scope: typed for the two members used.
const scope = globalThis as unknown as WorkerScope;

async function run({ credentials, now }: FleetRequest): Promise<void> {
  let keys: Credentials | null = credentials;
  const api = createApiClient({ getCredentials: () => keys });
  const result = await api.unparsed('sites_list', { withscanreport: true, withfwhistory: true });
  keys = null;
  const sites = checkSitesWithoutHistory(result);
  scope.postMessage({ type: 'summary', summary: summarize(sites, now) });
  const histories: Pick<Site, 'domain' | 'fwhistory'>[] = [];
  for (const site of sites) {
    const fwhistory = checkedHistory(site);
    if (fwhistory) histories.push({ domain: site.domain, fwhistory });
  }
  scope.postMessage({ type: 'traffic', traffic: fleetTraffic(histories) });
}

scope.addEventListener('message', (event) => {
  run(event.data).catch((error: unknown) => scope.postMessage({ type: 'error', error: toWire(error) }));
});
