/**
 * The site history's worker: reads the whole account's
 * `sites_list?withscanreport&withfwhistory` (about 17 MB of JSON for 10,000
 * sites), parses and checks it off the page's thread, and sends back only
 * the sites asked for (./site-history-read.ts). One run per worker: the page
 * starts one per read and ends it with the read (./site-history-query.ts).
 */
import { createApiClient } from '../api/client';
import type { Credentials } from '../api/credentials';
import { toWire } from '../api/wire-error';
import { readSitesHistory, type SiteHistoryMessage, type SiteHistoryRequest } from './site-history-read';

/** The worker's side of the channel (the DOM library types only a window's). */
interface WorkerScope {
  postMessage(message: SiteHistoryMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<SiteHistoryRequest>) => void): void;
}
// A dedicated worker's global scope: typed for the two members used.
const scope = globalThis as unknown as WorkerScope;

async function run({ credentials, sites }: SiteHistoryRequest): Promise<SiteHistoryMessage> {
  let keys: Credentials | null = credentials;
  const api = createApiClient({ getCredentials: () => keys });
  try {
    return { type: 'sites', sites: await readSitesHistory(api, sites) };
  } finally {
    keys = null;
  }
}

scope.addEventListener('message', (event) => {
  run(event.data).then(
    (message) => scope.postMessage(message),
    (error: unknown) => scope.postMessage({ type: 'error', error: toWire(error) }),
  );
});
