/**
 * The read model (docs/workspace.md#the-read-model): each account's fleet as
 * last read from the API, kept in the workspace's store beside what the API
 * does not keep. Read again in the background when a visitor's request finds
 * it older than the refresh age (stale-while-revalidate), changed at once by
 * the dashboard's own writes (the recorder's hook), dropped for an account
 * not visited for READMODEL_DAYS.
 */
import type { WorkspaceDb } from '../workspace/db.ts';
import { createRefresher, type FleetFetch, type RefreshCredentials } from './refresh.ts';
import { healthStore } from './store-health.ts';
import { readStore } from './store-read.ts';
import { writeStore, type FleetChange } from './store-write.ts';
import { fleetChangesOf } from './writes.ts';

export interface ReadModelConfig {
  /** An account not visited for this long is dropped (READMODEL_DAYS). */
  retentionDays: number;
  /** What is older than this is read again when asked for (READMODEL_REFRESH_SECONDS). */
  refreshSeconds: number;
}

export interface Freshness {
  asOf: number | null;
  refreshing: boolean;
  refreshError: string | null;
}

const DAY_MS = 86_400_000;
const GRACE_SECONDS = 86_400;

/** A read of the fleet is due again after at least this many times its own length. */
const READ_SHARE = 5;

export function createReadModel(
  db: WorkspaceDb,
  config: ReadModelConfig,
  options: { fetch: FleetFetch; log: (line: string) => void; now: () => number },
) {
  const write = writeStore(db);
  const read = { ...readStore(db), ...healthStore(db) };
  const refresher = createRefresher({ fetch: options.fetch, store: write, log: options.log, now: options.now });
  /** When each account's last read failed (this process): not read again on its own within the refresh age. */
  const failedAt = new Map<string, number>();
  /** What each read's end notes (its length, a failure), until noted: idle() waits for it too. */
  const bookkeeping = new Set<Promise<void>>();
  /** How long each account's last read took (this process, ms). */
  const tookMs = new Map<string, number>();
  /**
   * The age past which a visit reads the fleet again: the setting, or READ_SHARE times the last read's
   * length if more, so reading a large fleet takes at most a fifth of the server's time (100,000 sites
   * from the embedded sandbox: about 50 s a read, so every 4 minutes or so rather than without pause).
   */
  const refreshAgeMs = (accountId: string) =>
    Math.max(config.refreshSeconds * 1000, READ_SHARE * (tookMs.get(accountId) ?? 0));
  /** Accounts for which a read is asked to follow the one under way (a scan being watched), with whose key. */
  const followers = new Map<string, RefreshCredentials>();
  const startRead = (accountId: string, credentials: RefreshCredentials) => {
    if (refresher.isRunning(accountId)) return;
    const started = options.now();
    const noted = refresher
      .start(accountId, credentials)
      .then(async () => {
        const after = await read.freshness(accountId);
        // A read that failed (a timeout, say) says nothing of how long a read takes.
        if (after.error === null) tookMs.set(accountId, options.now() - started);
        if (after.error === null) failedAt.delete(accountId);
        else failedAt.set(accountId, options.now());
        const next = followers.get(accountId);
        followers.delete(accountId);
        if (next !== undefined && after.error === null) startRead(accountId, next);
      })
      .catch((error: unknown) => options.log(`read model: noting the end of a read failed: ${String(error)}`));
    bookkeeping.add(noted);
    void noted.finally(() => bookkeeping.delete(noted));
  };

  return {
    read,
    nowSeconds: () => Math.floor(options.now() / 1000),

    /**
     * A visit of the account's fleet: counted for retention; a read starts
     * (not awaited) when the fleet is unknown or older than the refresh age,
     * or when asked for (`force`: the page's refresh), and credentials for it
     * were given. A read under way is not started twice: a forced visit then
     * waits for that one. After a failed read, the next starts only when asked
     * or once the refresh age has passed.
     */
    async visit(
      accountId: string,
      credentials: RefreshCredentials | null,
      { force = false }: { force?: boolean } = {},
    ): Promise<Freshness> {
      const at = options.now();
      await write.visit(accountId, at);
      const known = await read.freshness(accountId);
      const old = known.asOf === null || at - known.asOf >= refreshAgeMs(accountId);
      // A read that failed is not tried again at each request (a page polls while it waits), only when asked or later.
      const failedRecently = at - (failedAt.get(accountId) ?? -Infinity) < config.refreshSeconds * 1000;
      const due = force || (old && !failedRecently);
      if (due && credentials !== null) startRead(accountId, credentials);
      return {
        asOf: known.asOf,
        refreshing: refresher.isRunning(accountId),
        refreshError: credentials === null && due ? 'no-signature' : known.error,
      };
    },

    /**
     * A read that starts from now on: now, or when the read under way ends (it may have asked the
     * service before what is awaited, a scan's report, was there). One such read waits at most.
     */
    follow(accountId: string, credentials: RefreshCredentials | null): void {
      if (credentials === null) return;
      if (refresher.isRunning(accountId)) followers.set(accountId, credentials);
      else startRead(accountId, credentials);
    },

    /** A write that passed the proxy, answered (server/workspace/recorder.ts). */
    async observeWrite(
      accountId: string,
      method: string,
      target: string,
      body: unknown,
      envelope: { error: number; result: unknown },
      at: number,
    ) {
      const changes: FleetChange[] = fleetChangesOf(method, target, body, envelope.error, envelope.result);
      for (const change of changes) await write.apply(accountId, change, at);
    },

    attentionOf(
      r: {
        name: string;
        status: number;
        threats: number;
        report_date: number;
        scanperiod: number;
        firewall: number;
        cleanup: number;
        adddate: number;
      },
      now: number,
    ) {
      const problems: Array<'incurable' | 'infected' | 'suspicious' | 'errors' | 'never' | 'overdue' | 'firewallOff'> =
        [];
      const statuses = ['incurable', 'infected', 'suspicious', 'errors'] as const;
      const status = statuses[r.status];
      if (status !== undefined) problems.push(status);
      if (r.report_date === 0) problems.push('never');
      else if (r.scanperiod > 0 && r.report_date < now - r.scanperiod - GRACE_SECONDS) problems.push('overdue');
      if (r.firewall !== 1) problems.push('firewallOff');
      return {
        domain: r.name,
        problems,
        threats: Math.max(0, r.threats),
        cleanup: r.cleanup === 1,
        scanperiod: r.scanperiod,
        adddate: r.adddate,
      };
    },

    /** Drops the accounts not visited within the retention. */
    sweep: () => write.sweep(options.now() - config.retentionDays * DAY_MS),
    /** Resolves when the reads under way have ended. */
    idle: async () => {
      // A read's end may start the read that follows it.
      do {
        await refresher.idle();
        await Promise.all(bookkeeping);
      } while (bookkeeping.size > 0);
    },
  };
}

export type ReadModel = ReturnType<typeof createReadModel>;
