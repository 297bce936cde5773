/**
 * Reconciling the team's customer map (docs/workspace.md): each unit of the
 * directory is checked with `sites_list?unit=` (docs/partner-api.md#sites_list;
 * 142900: the service has no such unit, so it has no sites) and the answer
 * reported to the workspace, a few units at a time so that the page's other
 * requests still find a free connection; once every unit has answered, the
 * workspace notes the time. On demand (the Units page: every unit) and on a
 * schedule (a signed-in page open while the last reconcile is older than
 * RECONCILE_EVERY_MS: in turns of at most BACKGROUND_TURN units, the longest
 * unchecked first, so a directory of 16,000 customers goes round across
 * pages and visits instead of starting again at each).
 */
import { useStore } from '@nanostores/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { atom } from 'nanostores';
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/client';
import { classifyError, isMethodError } from '../api/error-catalogue';
import type { WorkspaceClient, WorkspaceState } from '../api/workspace';
import type { Unit } from '../api/workspace-types';
import { useApi } from '../lib/api-context';
import { invalidateWorkspace, useWorkspaceState, workspaceStateQueryOptions } from './workspace';
import { workspaceOf } from './workspace-client';

/** Units checked side by side: on demand, and in the background (fewer, to leave connections free). */
export const RECONCILE_CONCURRENCY = 4;
const BACKGROUND_CONCURRENCY = 2;
/**
 * Checks started per second at most: the key's request budget is shared with
 * the rest of the dashboard (the sandbox allows 50 a second), so a reconcile
 * leaves room for the pages' own requests.
 */
export const RECONCILE_PER_SECOND = 30;
/** Waits a rate limit's Retry-After this many times for one unit before counting it failed. */
const RATE_LIMIT_WAITS = 3;
/** A signed-in page reconciles when the last reconcile is older than this. */
export const RECONCILE_EVERY_MS = 6 * 60 * 60_000;
/** Units one turn in the background checks at most: at least 35 s at RECONCILE_PER_SECOND, two at a time. */
const BACKGROUND_TURN = 1_000;
/** …once it has been open this long. */
const RECONCILE_DELAY_MS = 60_000;

export interface ReconcileOutcome {
  checked: number;
  /** Units the service does not know (142900): reported with no sites. */
  missing: number;
  /** Units whose check failed otherwise: the reconcile is then not noted as done. */
  failed: number;
  /** When the workspace noted it done, null when a unit failed. */
  reconciledAt: number | null;
}

export interface ReconcileProgress {
  done: number;
  total: number;
}

/**
 * The units a turn in the background checks: those not checked within RECONCILE_EVERY_MS, the
 * longest unchecked first (never checked before all), at most `size`; `last` when they are all of
 * them, so that the turn, if every unit answers, completes the reconcile. `checkedHere`: the units
 * this page has checked already.
 */
export function backgroundTurn(
  units: readonly Pick<Unit, 'email' | 'checkedAt'>[],
  now: number,
  size = BACKGROUND_TURN,
  checkedHere: ReadonlySet<string> = new Set(),
): { units: string[]; last: boolean } {
  // Not those this page checked in its earlier turns, whatever the clocks say (a browser's clock
  // hours ahead of the server's would otherwise find every unit due, turn after turn).
  const due = units
    .filter((u) => !checkedHere.has(u.email))
    .filter((u) => u.checkedAt === null || now - u.checkedAt >= RECONCILE_EVERY_MS)
    .sort((a, b) => (a.checkedAt ?? -1) - (b.checkedAt ?? -1) || (a.email < b.email ? -1 : 1));
  return { units: due.slice(0, size).map((u) => u.email), last: due.length <= size };
}

/**
 * Checks the units, `concurrency` at a time, and notes the reconcile once every unit has answered
 * (`note: false`: a turn that leaves others to check notes nothing; each unit's check is kept).
 */
export async function reconcileUnits(
  api: ApiClient,
  workspace: WorkspaceClient,
  units: readonly string[],
  {
    concurrency = RECONCILE_CONCURRENCY,
    perSecond = RECONCILE_PER_SECOND,
    note = true,
    onProgress,
  }: {
    concurrency?: number;
    perSecond?: number;
    note?: boolean;
    onProgress?: (p: ReconcileProgress) => void;
  } = {},
): Promise<ReconcileOutcome> {
  const outcome: ReconcileOutcome = { checked: 0, missing: 0, failed: 0, reconciledAt: null };
  let next = 0;
  let slot = 0;
  // The next start no sooner than 1/perSecond after the one before.
  const pace = async () => {
    const now = Date.now();
    const at = Math.max(now, slot);
    slot = at + 1000 / perSecond;
    if (at > now) await wait(at - now);
  };
  const sitesOf = async (unit: string): Promise<string[]> => {
    for (let waits = 0; ; waits++) {
      await pace();
      try {
        return (await api.sites_list({ unit })).map((s) => s.domain);
      } catch (error) {
        const c = classifyError(error);
        if (c.kind !== 'rateLimited' || waits >= RATE_LIMIT_WAITS) throw error;
        await wait(c.retryAfter * 1000);
      }
    }
  };
  const worker = async () => {
    while (next < units.length) {
      const unit = units[next++] as string;
      try {
        let sites: string[];
        try {
          sites = await sitesOf(unit);
        } catch (error) {
          if (!isMethodError(error, 'sites_list', 'unitNotFound')) throw error;
          outcome.missing++;
          sites = [];
        }
        await workspace.reportUnitCheck(unit, sites);
        outcome.checked++;
      } catch {
        outcome.failed++;
      }
      onProgress?.({ done: outcome.checked + outcome.failed, total: units.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, units.length) }, worker));
  if (outcome.failed === 0 && note) outcome.reconciledAt = await workspace.markReconciled();
  return outcome;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The reconcile running now (one at a time per page), null when none. */
const progress = atom<ReconcileProgress | null>(null);

export function useReconcileProgress(): ReconcileProgress | null {
  return useStore(progress);
}

const RECONCILE_KEY = ['workspace', 'reconcile'] as const;

/** Reconciles now (the Units page's button; the schedule). */
export function useReconcile() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationKey: RECONCILE_KEY,
    mutationFn: async ({
      units: which,
      background = false,
      note = true,
    }: {
      /** 'all': every unit of the directory, asked of the workspace now (the Units page's button). */
      units: readonly string[] | 'all';
      background?: boolean;
      /** false: a turn that leaves units to check (the reconcile is not done). */
      note?: boolean;
    }) => {
      if (progress.get() !== null) throw new Error('A reconcile is already running');
      progress.set({ done: 0, total: which === 'all' ? 0 : which.length });
      try {
        const units = which === 'all' ? (await workspaceOf(api).units()).map((u) => u.email) : which;
        progress.set({ done: 0, total: units.length });
        return await reconcileUnits(api, workspaceOf(api), units, {
          concurrency: background ? BACKGROUND_CONCURRENCY : RECONCILE_CONCURRENCY,
          note,
          onProgress: (p) => progress.set(p),
        });
      } finally {
        progress.set(null);
      }
    },
    onSettled: async () => {
      await invalidateWorkspace(client);
    },
  });
}

const selectSchedule = (s: WorkspaceState) => ({ unitCount: s.unitCount, reconciledAt: s.reconciledAt });

const isDue = (s: { unitCount: number; reconciledAt: number | null }) =>
  s.unitCount > 0 && (s.reconciledAt === null || Date.now() - s.reconciledAt >= RECONCILE_EVERY_MS);

/**
 * While a signed-in page is open: reconciles in the background once the last
 * reconcile is older than RECONCILE_EVERY_MS, and not before the page has
 * been open RECONCILE_DELAY_MS (its own first requests go first; a page only
 * glanced at starts none). A turn checks at most BACKGROUND_TURN units, the
 * longest unchecked first; while units are left, the next turn follows
 * RECONCILE_DELAY_MS after, on this page or on the next one opened. Before
 * each turn the workspace is asked again: a colleague's page may have done it.
 */
export function useScheduledReconcile(): void {
  const { data } = useWorkspaceState(selectSchedule);
  const api = useApi();
  const client = useQueryClient();
  const { mutate } = useReconcile();
  const started = useRef(false);
  const checkedHere = useRef(new Set<string>());
  /** Counts the turns this page has done: a turn that left units to check asks for the next. */
  const [turns, setTurns] = useState(0);
  const due = data !== undefined && isDue(data);
  useEffect(() => {
    if (!due || started.current) return;
    const timer = setTimeout(() => {
      started.current = true;
      void client
        .fetchQuery({ ...workspaceStateQueryOptions(workspaceOf(api)), staleTime: 0 })
        .then(async (fresh) => {
          if (!isDue(fresh)) return;
          // The directory itself only now: the state says how many units there are, not which.
          const turn = backgroundTurn(await workspaceOf(api).units(), Date.now(), undefined, checkedHere.current);
          for (const unit of turn.units) checkedHere.current.add(unit);
          mutate(
            { units: turn.units, background: true, note: turn.last },
            {
              onSuccess: (outcome) => {
                if (turn.last || outcome.failed > 0) return;
                started.current = false;
                setTurns((n) => n + 1);
              },
            },
          );
        })
        .catch(() => undefined);
    }, RECONCILE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [due, api, client, mutate, turns]);
}
