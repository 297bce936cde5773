/**
 * A bulk change of many sites, with its progress: the runner (model/bulk-runner.ts)
 * sends; what it reports is gathered and shown (state and cache) a few times a
 * second, not once per site, so 1,000 sites never freeze the page.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { classifyError, isMethodError } from '../../api/error-catalogue';
import { useAccountId } from '../../data/account';
import { useScanWatcher } from '../../data/scan-watcher';
import { failuresByDomain } from '../../data/site-mutations';
import { markOptionUnavailable, rememberPatchingMany, rememberPeriodChange } from '../../data/site-memory';
import { applyChange, changeValue, patchCachedSites, type SiteChange, type SitePatch } from '../../data/sites';
import { SITES_KEY } from '../../data/sites-query';
import { addUnit } from '../../data/units-directory';
import { invalidateWorkspace } from '../../data/workspace';
import { useApi } from '../../lib/api-context';
import { runBulk } from './model/bulk-runner';

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

export function useBulkJob() {
  const api = useApi();
  const client = useQueryClient();
  const account = useAccountId();
  const watcher = useScanWatcher();
  const [job, setJob] = useState<BulkJob | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(
    async (action: BulkAction, domains: readonly string[]) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      let done = 0;
      const failed = new Map<string, unknown>();
      const unavailable: string[] = [];
      const pending: string[] = [];
      let timer: ReturnType<typeof setTimeout> | undefined;
      const base: BulkJob = {
        action,
        total: domains.length,
        done,
        sent: [],
        failed,
        unavailable: [],
        notSent: [],
        running: true,
        cancelled: false,
      };
      setJob(base);
      await client.cancelQueries({ queryKey: SITES_KEY });

      const patchOf = (): SitePatch | null => {
        if (action.kind === 'option') return (site) => applyChange(site, action.change);
        if (action.kind === 'delete') return () => null;
        return null;
      };
      const sent: string[] = [];
      const flush = () => {
        timer = undefined;
        const batch = pending.splice(0);
        sent.push(...batch);
        const patch = patchOf();
        if (patch && batch.length) patchCachedSites(client, new Map(batch.map((d) => [d, patch])));
        if (action.kind === 'option' && action.change.option === 'autopatching') {
          rememberPatchingMany(account, batch, action.change.value);
        }
        if (action.kind === 'option' && action.change.option === 'scanperiod') rememberPeriodChange(account, batch);
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
              await api.site_setoption(domain, action.change.option, changeValue(action.change));
              return new Map();
            case 'scan':
              await watcher.start(domain, account);
              return new Map();
            case 'delete':
              await api.site_delete(domain, { ignore: true });
              return new Map();
            case 'share':
              return failuresByDomain(batch, await api.sites_add(batch.map((name) => ({ name, share: action.unit }))));
          }
        },
        onSettled: (ok, bad) => {
          done += ok.length;
          pending.push(...ok);
          for (const [domain, error] of bad) {
            if (action.kind === 'option' && isMethodError(error, 'site_setoption', 'permissionDenied')) {
              // As the row's control: the option is unavailable for this key, from now on in every row.
              unavailable.push(domain);
              markOptionUnavailable(account, action.change.option);
            } else failed.set(domain, error);
          }
          timer ??= setTimeout(flush, FLUSH_MS);
        },
      });
      clearTimeout(timer);
      flush();
      if (action.kind === 'share' && done > 0) addUnit(account, action.unit, 'shared');
      setJob((current) =>
        current ? { ...current, running: false, notSent: result.notSent, cancelled: abort.signal.aborted } : current,
      );
      if (controller.current === abort) controller.current = null;
      await client.invalidateQueries({ queryKey: SITES_KEY });
      await invalidateWorkspace(client);
    },
    [api, client, account, watcher],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const dismiss = useCallback(() => {
    controller.current?.abort();
    setJob(null);
  }, []);

  return { job, start, cancel, dismiss };
}
