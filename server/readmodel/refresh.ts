/**
 * Reads an account's whole fleet from the upstream's `sites_list` with the
 * visitor's credentials, while the visitor's request is being served (keys
 * are never stored; the signature is held only for the read). One read per
 * account at a time in this process; the answer is split site by site as it
 * streams (./split.ts), parsed and written in batches, yielding to the event
 * loop between them so other requests go on: on SQLite, whose writes hold the
 * event loop, each batch is sized to be written in about WRITE_MS.
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

/** The most bytes split at once: an answer given as one chunk (the sandbox in this process) is cut. */
const SPLIT_BYTES = 64 * 1024;
/** The longest the read works before it lets other requests run (measured: bench/readmodel.ts). */
const SLICE_MS = 8;
/** How long one batch's write should hold the event loop when writes block it (SQLite). */
const WRITE_MS = 12;
/** Rows per batch: the first, and the bounds as it adapts to WRITE_MS. */
const FIRST_BATCH = 100;
const MIN_BATCH = 25;
const MAX_BATCH = 2000;
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
    options.store.beginRead(accountId);
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
      let written = 0;
      let batchSize = options.store.writesBlock ? FIRST_BATCH : MAX_BATCH;
      const flush = async () => {
        const t0 = performance.now();
        await options.store.upsertSites(batch);
        const ms = performance.now() - t0;
        // Writes that hold the event loop are sized to take about WRITE_MS each.
        if (options.store.writesBlock && batch.length > 0) {
          const next = Math.round((batch.length * WRITE_MS) / Math.max(ms, 1));
          batchSize = Math.min(MAX_BATCH, Math.max(MIN_BATCH, Math.min(next, batchSize * 2)));
        }
        batch = [];
        await yieldNow();
        sliceStart = performance.now();
      };
      const reader = response.body.getReader();
      let sliceStart = performance.now();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (let at = 0; at < value.length; at += SPLIT_BYTES) {
          for (const site of splitter.push(value.subarray(at, at + SPLIT_BYTES))) {
            const read = rowOf(accountId, site, startedAt);
            if (read === null) continue;
            if (read.history) sums.add(read.history);
            batch.push(read);
            written += 1;
            if (batch.length >= batchSize) await flush();
          }
          if (performance.now() - sliceStart >= SLICE_MS) {
            await yieldNow();
            sliceStart = performance.now();
          }
        }
      }
      await flush();
      const envelope = splitter.envelope();
      if (envelope === null) return await options.store.refreshFailed(accountId, 'upstream-garbage');
      if (envelope.error !== 0) {
        // 502: the key was refused (signed out); nothing was read, nothing is removed.
        // Otherwise the service's code goes with it, so the page can say what it means (src/api/error-catalogue.ts).
        const reason = envelope.error === 502 ? 'key-refused' : `upstream-error:${envelope.error}`;
        return await options.store.refreshFailed(accountId, reason);
      }
      await options.store.finishRefresh(accountId, startedAt, sums.days(), options.now(), written);
    } catch (err) {
      options.log(`readmodel: a refresh failed: ${err instanceof Error ? err.name : 'error'}`);
      await options.store.refreshFailed(accountId, 'upstream-down').catch(() => undefined);
    } finally {
      options.store.endRead(accountId);
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
