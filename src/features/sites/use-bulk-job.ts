/**
 * A bulk change of many sites, with its progress: the runner (src/data/site-model/bulk-runner.ts)
 * sends; what it reports is gathered and shown (state and cache) a few times a
 * second, not once per site, so 1,000 sites never freeze the page. The calls
 * and their rules are a row's (data/site-mutations.ts), and the run is one
 * site write (useSiteRun): the lists are refetched once, after the last
 * overlapping write.
 */
import { useCallback, useRef, useState } from 'react';
import { classifyError } from '../../api/error-catalogue';
import { useAccountId } from '../../data/account';
import { useScanWatcher } from '../../data/scan-watcher';
import {
  REMOVED,
  optionPatch,
  optionRefused,
  rememberOptionSet,
  sendDelete,
  sendOption,
  sendShare,
} from '../../data/site-mutations';
import { useSiteRun, type ShowConfirmed, type SitePatch } from '../../data/site-writes';
import type { SiteChange } from '../../data/sites';
import { useApi } from '../../lib/api-context';
import { runBulk } from '../../data/site-model/bulk-runner';

export type BulkAction =
  { kind: 'option'; change: SiteChange } | { kind: 'scan' } | { kind: 'delete' } | { kind: 'share'; unit: string };

export interface BulkJob {
  action: BulkAction;
  total: number;
  done: number;
  /** The sites done (for a scan: whose scan was started). */
  sent: readonly string[];
  /** Domain → why it failed (worth a retry). */
  failed: ReadonlyMap<string, unknown>;
  /**
   * Sites whose option the key may not use (145904, docs/partner-api.md#site_setoption options marked
   * (!)): not failures, and not retried; the option shows as unavailable.
   */
  unavailable: readonly string[];
  /** Sites not sent because the run was cancelled. */
  notSent: readonly string[];
  running: boolean;
  cancelled: boolean;
}

/** Requests in flight at once: enough to be quick, few enough to leave the service (and its rate limit) room. */
export const BULK_CONCURRENCY = 6;
/** Sites per sites_add call when sharing. */
const SHARE_BATCH = 200;
/** How often progress reaches the screen and the cache. */
const FLUSH_MS = 250;

function rateLimitWait(error: unknown): number | undefined {
  const c = classifyError(error);
  return c.kind === 'rateLimited' ? c.retryAfter : undefined;
}

interface Run {
  action: BulkAction;
  domains: readonly string[];
  abort: AbortController;
}

export function useBulkJob() {
  const api = useApi();
  const account = useAccountId();
  const watcher = useScanWatcher();
  const [job, setJob] = useState<BulkJob | null>(null);
  const controller = useRef<AbortController | null>(null);

  const execute = async ({ action, domains, abort }: Run, show: ShowConfirmed) => {
    let done = 0;
    const failed = new Map<string, unknown>();
    const unavailable: string[] = [];
    const pending: string[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const patch: SitePatch | null =
      action.kind === 'option' ? optionPatch(action.change) : action.kind === 'delete' ? REMOVED : null;
    const sent: string[] = [];
    const flush = () => {
      timer = undefined;
      const batch = pending.splice(0);
      sent.push(...batch);
      if (patch && batch.length) show(new Map(batch.map((d) => [d, patch])));
      if (action.kind === 'option') rememberOptionSet(account, action.change, batch);
      setJob((current) =>
        current
          ? { ...current, done, sent: [...sent], failed: new Map(failed), unavailable: [...unavailable] }
          : current,
      );
    };

    const result = await runBulk<string>({
      items: domains,
      concurrency: BULK_CONCURRENCY,
      batchSize: action.kind === 'share' ? SHARE_BATCH : 1,
      signal: abort.signal,
      retryAfter: rateLimitWait,
      run: async (batch): Promise<ReadonlyMap<string, unknown>> => {
        const [domain = ''] = batch;
        switch (action.kind) {
          case 'option':
            await sendOption(api, domain, action.change);
            return new Map();
          case 'scan':
            await watcher.start(domain, account);
            return new Map();
          case 'delete':
            await sendDelete(api, domain);
            return new Map();
          case 'share':
            return sendShare(api, account, { unit: action.unit, domains: batch });
        }
      },
      onSettled: (ok, bad) => {
        done += ok.length;
        pending.push(...ok);
        for (const [domain, error] of bad) {
          // As a row's control: refused for the key is no failure to retry (optionRefused).
          if (action.kind === 'option' && optionRefused(account, action.change.option, error)) unavailable.push(domain);
          else failed.set(domain, error);
        }
        timer ??= setTimeout(flush, FLUSH_MS);
      },
    });
    clearTimeout(timer);
    flush();
    setJob((current) =>
      current ? { ...current, running: false, notSent: result.notSent, cancelled: abort.signal.aborted } : current,
    );
    if (controller.current === abort) controller.current = null;
  };
  const write = useSiteRun(execute);

  const start = useCallback(
    async (action: BulkAction, domains: readonly string[]) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setJob({
        action,
        total: domains.length,
        done: 0,
        sent: [],
        failed: new Map(),
        unavailable: [],
        notSent: [],
        running: true,
        cancelled: false,
      });
      await write.mutateAsync({ action, domains, abort });
    },
    // The mutation object changes every render; its mutateAsync is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [write.mutateAsync],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const dismiss = useCallback(() => {
    controller.current?.abort();
    setJob(null);
  }, []);

  return { job, start, cancel, dismiss };
}
