/**
 * The overview's worker: asks `sites_list?withscanreport&withfwhistory` for
 * the whole account (about 17 MB of JSON for 10,000 sites), checks it and
 * sums it off the page's thread. The sites are checked in two steps, so the
 * counters go back as soon as the sites are known and the firewall traffic
 * after its 300,000 days are checked and summed (issue 8).
 */
import * as z from 'zod/mini';
import { createApiClient } from '../../../api/client';
import type { Credentials } from '../../../api/credentials';
import { TransportError } from '../../../api/errors';
import { fwHistorySchema, isFwHistory, siteSchema, type Site } from '../../../api/schemas';
import { fleetTraffic, summarize } from './fleet-summary';
import { toWire, type FleetMessage, type FleetRequest } from './fleet-wire';

/** The worker's side of the channel (the DOM library types only a window's). */
interface WorkerScope {
  postMessage(message: FleetMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FleetRequest>) => void): void;
}
// A dedicated worker's global scope: typed for the two members used.
const scope = globalThis as unknown as WorkerScope;

/** The sites without their history: its days are checked in the second step. */
const sitesWithoutHistory = z.array(z.omit(siteSchema, { fwhistory: true }));

function badResponse(message: string): TransportError {
  return new TransportError({ method: 'sites_list', kind: 'bad-response', message: `sites_list: ${message}` });
}

async function run({ credentials, now }: FleetRequest): Promise<void> {
  let keys: Credentials | null = credentials;
  const api = createApiClient({ getCredentials: () => keys });
  const result = await api.unparsed('sites_list', { withscanreport: true, withfwhistory: true });
  keys = null;
  const parsed = sitesWithoutHistory.safeParse(result);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badResponse(`the result does not match the spec (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`);
  }
  const sites = parsed.data;
  scope.postMessage({ type: 'summary', summary: summarize(sites, now) });
  const histories: Pick<Site, 'domain' | 'fwhistory'>[] = [];
  for (const site of sites) {
    // The loose schema passed fwhistory through unchecked: checked here.
    const history: unknown = site['fwhistory'];
    if (history === undefined || history === null) continue;
    if (!isFwHistory(history)) {
      const issue = fwHistorySchema.safeParse(history).error?.issues[0];
      throw badResponse(`the firewall history of ${site.domain} does not match the spec (${issue?.message ?? ''})`);
    }
    histories.push({ domain: site.domain, fwhistory: history });
  }
  scope.postMessage({ type: 'traffic', traffic: fleetTraffic(histories) });
}

scope.addEventListener('message', (event) => {
  run(event.data).catch((error: unknown) => scope.postMessage({ type: 'error', error: toWire(error) }));
});
