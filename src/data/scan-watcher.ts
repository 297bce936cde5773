/**
 * Scan now, and knowing when it is done (docs/partner-api.md#site_scan). The API does
 * not report scan progress (docs/architecture.md#what-the-api-does-not-give), so after `site_scan` the dashboard
 * looks again, less and less often, until the site's report date changes.
 * Never through the whole account's `sites_list` (4.7 MB at 10,000 sites,
 * 47 MB at 100,000) while there is a smaller way:
 * - a site whose customer the team's workspace knows, through its customer's
 *   list (`sites_list?unit=`, a few sites);
 * - the others, and a site no longer in its customer's list, through the
 *   server's read model (`/workspace/fleet/scans`, a few bytes a site): it
 *   notes the scan's start and clears it when a read brings a newer report,
 *   and each look while scans wait has a read follow;
 * - through the account's list only when the read model cannot say (it has
 *   not read the fleet, its reads fail, or it does not have the site yet).
 * One poll serves every site being scanned (one list per customer, one
 * question to the read model, the account's list once). A report seen in a
 * list shows on the table's rows and the site page at once (./listed-reports.ts),
 * and the read model is asked to read the fleet, so a reload (or a colleague)
 * sees it too. A refusal for a missing synchronization file (146901) is kept
 * by the team's workspace, so the sync-file page lists those sites for
 * everyone on the account.
 */
import { useStore } from '@nanostores/react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { atom, type ReadableAtom } from 'nanostores';
import { useMemo } from 'react';
import type { ApiClient } from '../api/client';
import { classifyError, endsSession, errorCodeOf, isMethodError } from '../api/error-catalogue';
import { FLEET_MAX_SCANS, type FleetScansAnswer } from '../api/fleet';
import type { Site } from '../api/schemas';
import { useApi } from '../lib/api-context';
import { FLEET_KEY, showListedSite } from './fleet-windows';
import { findSite } from './sites';
import { fleetSiteKey } from './fleet-site-query';
import { newerSite } from './listed-reports';
import { sitesQueryOptions } from './sites-query';
import { siteKey, WORKSPACE_KEY, workspaceQuery } from './workspace';
import { useWorkspaceClient, workspaceOf } from './workspace-client';

/** The first look after this long, then each wait half as long again, up to the last. */
const POLL_FIRST_MS = 2_000;
const POLL_GROWTH = 1.5;
const POLL_MAX_MS = 30_000;
/** Customers' lists one poll asks at most; beyond, the account's list serves every site being scanned. */
const UNIT_LISTS_AT_MOST = 3;
/** A scan that has not reported after this long is left to the background refresh. */
const SCAN_GIVE_UP_MS = 15 * 60_000;
/** site_scan's refusal for a missing synchronization file (docs/partner-api.md#site_scan). */
const SYNC_MISSING = 146901;

export type ScanOutcome =
  /** The new report is in: its threats, and the site as listed with it (when a list was read). */
  | { kind: 'done'; threats: number; site?: Site }
  /** The site left the account meanwhile. */
  | { kind: 'gone' }
  /** No new report within SCAN_GIVE_UP_MS. */
  | { kind: 'timeout' };

/** The read model's answers a scan's start does not change: which sites exist, and which are due (until its report is read). */
const NOT_CHANGED_BY_A_SCAN = new Set(['scan-health', 'known', 'count']);

/**
 * After a scan starts (or is refused): the team's record (sync-file evidence, activity) and the rows'
 * "scanning" are asked again; not the sync file page's sites nor the Add sites dialog's answers (a bulk
 * re-check of a thousand sites would ask for them a thousand times).
 */
function afterScanStart(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    queryKey: WORKSPACE_KEY,
    predicate: (query) => !(query.queryKey[1] === 'fleet' && NOT_CHANGED_BY_A_SCAN.has(String(query.queryKey[2]))),
  });
}

/** The last scan started from this dashboard for a site, as remembered. */
export interface ScanRecord {
  /** When it was started (ms since 1970). */
  at: number;
  /** done: the service took the scan; syncMissing: refused with 146901; failed: refused otherwise. */
  outcome: 'done' | 'syncMissing' | 'failed';
  /** The error code of a failure. */
  code?: number | undefined;
}

/** account → domain → the last scan started from this page (the sync-file evidence is the workspace's). */
const records = atom<Readonly<Record<string, Readonly<Record<string, ScanRecord>>>>>({});

function rememberScan(account: string | undefined, domain: string, record: ScanRecord): void {
  if (account === undefined) return;
  const all = records.get();
  records.set({ ...all, [account]: { ...all[account], [siteKey(domain)]: record } });
}

/** The team's sync-file evidence: asked apart from the state (only the sync file page reads it). */
function useSyncEvidence() {
  const workspace = useWorkspaceClient();
  return useQuery(workspaceQuery(['sync-evidence'] as const, () => workspace.syncEvidence()));
}

/**
 * The last scan outcome per site (its key, siteKey) of the account: the
 * team's sync-file evidence (146901 refusals, kept by the workspace until a
 * scan starts, docs/workspace.md) with this page's own scans laid over.
 */
export function useScanRecords(account: string | undefined): Readonly<Record<string, ScanRecord>> {
  const evidence = useSyncEvidence().data;
  const mine = useStore(records)[account ?? ''];
  return useMemo(() => {
    const out: Record<string, ScanRecord> = {};
    for (const e of evidence ?? []) out[e.domain] = { at: e.refusedAt, outcome: 'syncMissing', code: SYNC_MISSING };
    for (const [domain, record] of Object.entries(mine ?? {})) {
      if ((out[domain]?.at ?? 0) < record.at) out[domain] = record;
    }
    return out;
  }, [evidence, mine]);
}

/** Whether the team's sync-file evidence is still on its way (nothing to say about the sites before it). */
export function useSyncEvidencePending(): boolean {
  return useSyncEvidence().isPending;
}

/** The sites whose last scan through the dashboard was refused for a missing synchronization file (146901). */
export function useSyncFileMissing(account: string | undefined): string[] {
  const all = useScanRecords(account);
  return useMemo(
    () =>
      Object.keys(all)
        .filter((domain) => all[domain]?.outcome === 'syncMissing')
        .sort(),
    [all],
  );
}

/** How a site is watched: its customer's list, the server's read model, or the account's list. */
type Way = { by: 'unit'; unit: string } | { by: 'fleet' } | { by: 'account' };

const ACCOUNT: Way = { by: 'account' };
const FLEET: Way = { by: 'fleet' };

/** The read model's answer, when it can say how the sites' scans stand (it has read the fleet, and its reads work). */
function canSay(answer: FleetScansAnswer | null): answer is FleetScansAnswer {
  return answer !== null && answer.asOf !== null && answer.refreshError === null;
}

interface Pending {
  way: Way;
  /** The report's date when the scan started (0: none). */
  baseline: number;
  since: number;
  settle: (outcome: ScanOutcome) => void;
  promise: Promise<ScanOutcome>;
}

export class ScanWatcher {
  private readonly pending = new Map<string, Pending>();
  private readonly starting = new Map<string, Promise<{ finished: Promise<ScanOutcome> }>>();
  private readonly scanningAtom = atom<Readonly<Record<string, number>>>({});
  private timer: ReturnType<typeof setTimeout> | undefined;
  private due = 0;
  private wait = POLL_FIRST_MS;

  constructor(
    private readonly client: QueryClient,
    private readonly api: ApiClient,
  ) {}

  /** The sites being scanned: domain → when the scan started (ms). */
  get scanning(): ReadableAtom<Readonly<Record<string, number>>> {
    return this.scanningAtom;
  }

  /**
   * Starts a scan and resolves once its report is listed. Rejects with the
   * API's error when the scan cannot start (146901: no synchronization file).
   */
  async scan(domain: string, account: string | undefined): Promise<ScanOutcome> {
    return (await this.start(domain, account)).finished;
  }

  /**
   * Starts a scan: resolves once the service has taken it (bulk changes count
   * that as done), with the promise of its outcome.
   */
  async start(domain: string, account: string | undefined): Promise<{ finished: Promise<ScanOutcome> }> {
    const running = this.pending.get(domain);
    if (running) return { finished: running.promise };
    // A second start while the first is on its way (a double click) is the same scan.
    const starting = this.starting.get(domain);
    if (starting) return starting;
    const started = this.begin(domain, account);
    this.starting.set(domain, started);
    try {
      return await started;
    } finally {
      this.starting.delete(domain);
    }
  }

  private async begin(domain: string, account: string | undefined): Promise<{ finished: Promise<ScanOutcome> }> {
    const { way, baseline } = await this.listed(domain);
    const at = Date.now();
    try {
      await this.api.site_scan(domain);
    } catch (error) {
      const syncMissing = isMethodError(error, 'site_scan', 'notAvailable');
      rememberScan(account, domain, {
        at,
        outcome: syncMissing ? 'syncMissing' : 'failed',
        code: errorCodeOf(classifyError(error)),
      });
      void afterScanStart(this.client);
      throw error;
    }
    // Taken: the service reaches the site (its synchronization file is in place), whatever the report says later.
    rememberScan(account, domain, { at, outcome: 'done' });
    void afterScanStart(this.client);
    let settle: (outcome: ScanOutcome) => void = () => undefined;
    const finished = new Promise<ScanOutcome>((resolve) => (settle = resolve));
    this.pending.set(domain, { way, baseline, since: at, settle, promise: finished });
    this.publish();
    this.wait = POLL_FIRST_MS;
    this.schedule(POLL_FIRST_MS);
    return { finished };
  }

  /**
   * How the site is watched, and its report's date now (0: none): through its customer's list (the
   * customer as the workspace knows it), else the read model's, else the account's list (the read
   * model cannot say yet).
   */
  private async listed(domain: string): Promise<{ way: Way; baseline: number }> {
    const unit = await workspaceOf(this.api)
      .customerOf(domain)
      .catch(() => null);
    if (unit !== null) {
      // Read now (a few sites): a list cached earlier may lack a report that came since.
      const site = await this.client
        .fetchQuery({ ...sitesQueryOptions(this.api, unit), staleTime: 0 })
        .then((sites) => findSite(sites, domain))
        .catch(() => undefined);
      if (site !== undefined) return { way: { by: 'unit', unit }, baseline: site.scanreport?.date ?? 0 };
    }
    const answer = await this.askFleet([domain]);
    const known = canSay(answer) ? answer.scans.find((s) => s.domain === domain) : undefined;
    if (known !== undefined) return { way: FLEET, baseline: known.reportDate };
    const site = findSite(await this.client.ensureQueryData(sitesQueryOptions(this.api)), domain);
    return { way: ACCOUNT, baseline: site?.scanreport?.date ?? 0 };
  }

  /**
   * The read model's word on these sites' scans, asked in parts; null when it cannot be asked.
   * `follow`: their scans wait, a read of the fleet is to follow.
   */
  private async askFleet(domains: readonly string[], follow = false): Promise<FleetScansAnswer | null> {
    const fleet = workspaceOf(this.api).fleet;
    const parts: string[][] = [];
    for (let at = 0; at < domains.length; at += FLEET_MAX_SCANS) parts.push(domains.slice(at, at + FLEET_MAX_SCANS));
    try {
      const answers = await Promise.all(parts.map((part) => fleet.scans(part, { follow })));
      const last = answers.at(-1);
      if (last === undefined) return null;
      // The freshness is the part asked last's; a part that cannot say makes the whole answer unable to.
      if (!answers.every(canSay)) return { ...last, asOf: null };
      return { ...last, scans: answers.flatMap((a) => a.scans) };
    } catch {
      return null;
    }
  }

  /** Forgets every scan being watched (sign-out). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const p of this.pending.values()) p.settle({ kind: 'timeout' });
    this.pending.clear();
    this.publish();
  }

  /** The sites watched through this customer's list (every customer's: all) are watched through the read model from now on. */
  private unlist(unit: string | 'all'): void {
    for (const p of this.pending.values()) {
      if (p.way.by === 'unit' && (unit === 'all' || p.way.unit === unit)) p.way = FLEET;
    }
  }

  private publish(): void {
    this.scanningAtom.set(Object.fromEntries([...this.pending].map(([domain, p]) => [domain, p.since])));
  }

  /** The next look in `ms` (sooner when a new scan asks for it). */
  private schedule(ms: number): void {
    const due = Date.now() + ms;
    if (this.timer !== undefined && this.due <= due) return;
    clearTimeout(this.timer);
    this.due = due;
    this.timer = setTimeout(() => void this.poll(), ms);
  }

  private async poll(): Promise<void> {
    this.timer = undefined;
    // One list per customer of the sites being scanned, one question to the read model for the others,
    // the account's list for those it cannot say about; the read model for all when the sites belong
    // to more customers than that (a bulk scan: one request, not hundreds).
    const unitsOf = () => new Set([...this.pending.values()].flatMap((p) => (p.way.by === 'unit' ? [p.way.unit] : [])));
    if (unitsOf().size > UNIT_LISTS_AT_MOST) this.unlist('all');
    const units = unitsOf();
    const byFleet = new Set([...this.pending].filter(([, p]) => p.way.by === 'fleet').map(([domain]) => domain));
    const byAccount = [...this.pending.values()].some((p) => p.way.by === 'account');
    const lists = new Map<string | null, Site[]>();
    let ended = false;
    const [fleet] = await Promise.all([
      byFleet.size > 0 ? this.askFleet([...byFleet], true) : null,
      ...[...units, ...(byAccount ? [null] : [])].map(async (unit) => {
        try {
          const options = sitesQueryOptions(this.api, unit ?? undefined);
          lists.set(unit, await this.client.fetchQuery({ ...options, staleTime: 0 }));
        } catch (error) {
          // The session has ended: nothing more to watch. Otherwise the service is down for a moment
          // (or the customer is gone: the read model next time).
          if (endsSession(classifyError(error))) ended = true;
          else if (unit !== null && isMethodError(error, 'sites_list', 'unitNotFound')) this.unlist(unit);
        }
      }),
    ]);
    if (ended) return this.stop();
    const fleetSays = canSay(fleet) ? new Map(fleet.scans.map((s) => [s.domain, s])) : null;
    const now = Date.now();
    const doneByFleet: string[] = [];
    const doneByList: string[] = [];
    for (const [domain, p] of [...this.pending]) {
      let outcome: ScanOutcome | undefined;
      if (p.way.by === 'fleet' && byFleet.has(domain)) {
        const known = fleetSays?.get(domain);
        // The read model cannot say, or does not have the site: the account's list says.
        if (known === undefined) p.way = ACCOUNT;
        // Its report read since the scan started (the read model noted the start, and a read cleared it).
        else if (known.scanningAt === null && known.reportDate !== p.baseline) {
          outcome = { kind: 'done', threats: Math.max(0, known.threats) };
          doneByFleet.push(domain);
        }
      } else if (p.way.by !== 'fleet') {
        const sites = lists.get(p.way.by === 'unit' ? p.way.unit : null);
        const site = sites === undefined ? undefined : findSite(sites, domain);
        // Not in its customer's list: shared elsewhere or unshared meanwhile; the read model says.
        if (sites !== undefined && site === undefined && p.way.by === 'unit') p.way = FLEET;
        else if (sites !== undefined) {
          const date = site?.scanreport?.date ?? 0;
          if (!site) outcome = { kind: 'gone' };
          else if (date !== 0 && date !== p.baseline) {
            outcome = { kind: 'done', threats: site.scanreport?.threats ?? 0, site };
            this.showListed(site);
            doneByList.push(domain);
          }
        }
      }
      if (!outcome && now - p.since > SCAN_GIVE_UP_MS) outcome = { kind: 'timeout' };
      if (outcome) {
        this.pending.delete(domain);
        p.settle(outcome);
      }
    }
    this.publish();
    if (doneByFleet.length > 0) void this.readModelHas(doneByFleet);
    // The read model has not read these reports: it reads the fleet again (a reload shows them then).
    if (doneByList.length > 0) void this.askFleet(doneByList, true);
    if (this.pending.size === 0) return;
    // A site moved to another way is looked for there at once, not after the next wait.
    const moved = [...this.pending].some(
      ([domain, p]) => (p.way.by === 'fleet' && !byFleet.has(domain)) || (p.way.by === 'account' && !byAccount),
    );
    if (moved) return this.schedule(0);
    this.wait = Math.min(POLL_MAX_MS, this.wait * POLL_GROWTH);
    this.schedule(this.wait);
  }

  /**
   * A new report read from a list before the read model has it: the table's rows and the site page
   * show it at once, and keep it over the read model's older answers (fleet-windows.ts, listedAfter).
   */
  private showListed(site: Site): void {
    showListedSite(this.client, site);
    this.client.setQueryData<Site[]>(fleetSiteKey(site.domain), (sites) =>
      sites?.map((read) => newerSite(read, site) ?? read),
    );
  }

  /** Sites whose new report the read model has read: the pages showing them ask again (the table, the site page, the overview). */
  private async readModelHas(domains: readonly string[]): Promise<void> {
    await Promise.all([
      this.client.invalidateQueries({ queryKey: FLEET_KEY }),
      ...domains.map((domain) => this.client.invalidateQueries({ queryKey: fleetSiteKey(domain) })),
    ]);
  }
}

const watchers = new WeakMap<QueryClient, ScanWatcher>();

/** The watcher of this query client (one per app, one per test). */
function scanWatcherFor(client: QueryClient, api: ApiClient): ScanWatcher {
  let watcher = watchers.get(client);
  if (!watcher) {
    watcher = new ScanWatcher(client, api);
    watchers.set(client, watcher);
  }
  return watcher;
}

export function useScanWatcher(): ScanWatcher {
  return scanWatcherFor(useQueryClient(), useApi());
}

/** The sites being scanned now: domain → since (ms). */
export function useScanning(): Readonly<Record<string, number>> {
  return useStore(useScanWatcher().scanning);
}
