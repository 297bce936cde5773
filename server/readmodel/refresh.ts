/**
 * Reads an account's whole fleet from the upstream's `sites_list` with the
 * visitor's credentials, while the visitor's request is being served (keys
 * are never stored; the signature is held only for the read). One read per
 * account at a time in this process; the answer is split site by site as it
 * streams (./split.ts), parsed and written in chunks, yielding to the event
 * loop between them so other requests go on.
 */
import { setImmediate as yieldNow } from 'node:timers/promises';
import { FLEET_REFRESH_TARGET } from '../../src/api/fleet.ts';
import { upstreamCookie } from '../proxy/credentials.ts';
import { forwardedRequestHeaders } from '../proxy/upstream.ts';
import { DaySums } from './day-sums.ts';
import { rowOf, type SiteRead } from './site-row.ts';
import { SiteSplitter } from './split.ts';
import type { WriteStore } from './store-write.ts';

/** Fetches a target from the upstream (the real service, or the sandbox in this process), its body unread. */
export type FleetFetch = (call: {
  target: string;
  origin: string;
  headers: Headers;
  signal: AbortSignal;
}) => Promise<Response>;

export interface RefreshCredentials {
  apiKey: string;
  /** The signature of FLEET_REFRESH_TARGET; null for a key without a mac key. */
  mac: string | null;
  client: string | null;
  origin: string;
}

/** Rows written at a time; between two, the event loop runs. */
const BATCH = 100;
/** The longest the read works before it lets other requests run (measured: bench/readmodel.ts). */
const SLICE_MS = 8;
/** The longest a read may take (a 100,000-site fleet is about 170 MB). */
const REFRESH_TIMEOUT_MS = 5 * 60_000;

export function createRefresher(options: {
  fetch: FleetFetch;
  store: WriteStore;
  log: (line: string) => void;
  now: () => number;
}) {
  const running = new Map<string, Promise<void>>();

  async function read(accountId: string, credentials: RefreshCredentials): Promise<void> {
    const startedAt = options.now();
    const cookie = upstreamCookie(credentials.apiKey, credentials.mac, 'sites_list', undefined);
    if (!cookie.ok || cookie.cookie === null) return options.store.refreshFailed(accountId, 'bad-credentials');
    const headers = forwardedRequestHeaders(new Headers({ accept: 'application/json' }), credentials.client);
    headers.set('cookie', cookie.cookie);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REFRESH_TIMEOUT_MS);
    try {
      const response = await options.fetch({
        target: FLEET_REFRESH_TARGET,
        origin: credentials.origin,
        headers,
        signal: controller.signal,
      });
      if (response.body === null) return await options.store.refreshFailed(accountId, 'upstream-garbage');
      const splitter = new SiteSplitter();
      const sums = new DaySums();
      let batch: SiteRead[] = [];
      const reader = response.body.getReader();
      let sliceStart = performance.now();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const site of splitter.push(value)) {
          const read = rowOf(accountId, site, startedAt);
          if (read === null) continue;
          if (read.history) sums.add(read.history);
          batch.push(read);
          if (batch.length >= BATCH) {
            await options.store.upsertSites(batch);
            batch = [];
          }
        }
        if (performance.now() - sliceStart >= SLICE_MS) {
          await yieldNow();
          sliceStart = performance.now();
        }
      }
      await options.store.upsertSites(batch);
      const envelope = splitter.envelope();
      if (envelope === null) return await options.store.refreshFailed(accountId, 'upstream-garbage');
      if (envelope.error !== 0) {
        // 502: the key was refused (signed out); nothing was read, nothing is removed.
        // Otherwise the service's code goes with it, so the page can say what it means (src/api/error-catalogue.ts).
        const reason = envelope.error === 502 ? 'key-refused' : `upstream-error:${envelope.error}`;
        return await options.store.refreshFailed(accountId, reason);
      }
      await options.store.finishRefresh(accountId, startedAt, sums.days(), options.now());
    } catch (err) {
      options.log(`readmodel: a refresh failed: ${err instanceof Error ? err.name : 'error'}`);
      await options.store.refreshFailed(accountId, 'upstream-down').catch(() => undefined);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** Starts a read unless one runs for the account; resolves when it ends. */
    start(accountId: string, credentials: RefreshCredentials): Promise<void> {
      let run = running.get(accountId);
      if (run === undefined) {
        run = read(accountId, credentials).finally(() => running.delete(accountId));
        running.set(accountId, run);
      }
      return run;
    },
    isRunning: (accountId: string) => running.has(accountId),
    /** Resolves when every read under way has ended. */
    idle: async () => {
      await Promise.all([...running.values()]);
    },
  };
}
