/**
 * The sites table's rows as windows of the server's read model
 * (docs/workspace.md#the-read-model, src/api/fleet.ts): a window is one
 * query, keyed by the view and its place, so a scroll asks only for the rows
 * it reaches and a view seen before shows at once. The dashboard's own
 * writes patch the cached windows by domain (site-writes.ts); a scan's new
 * report, read by the scan watcher before the read model has it, is laid
 * over the rows until the read model is newer.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { FleetQuery, FleetRow, FleetWindow } from '../api/fleet';
import type { Site } from '../api/schemas';
import type { WorkspaceClient } from '../api/workspace';
import { anyListed, listedReport, newerSite, rememberListed } from './listed-reports';
import type { SitesSearch } from './site-model/sites-search';
import { WORKSPACE_KEY } from './workspace';

/** For the route's loader, which loads this module on its own. */

/** Rows in one window. */
export const WINDOW_ROWS = 100;
/** Rows in one request when every row of a view is wanted (an export). */
const EXPORT_ROWS = 500;
/** While the server reads the fleet from the API, how often its windows are asked again. */
const REFRESHING_POLL_MS = 1_000;
/** How long a window counts as fresh, and how often a page that shows it asks again. */
const WINDOW_STALE_MS = 30_000;
const WINDOW_REFRESH_MS = 60_000;

/** Every fleet query (under the workspace's key: what invalidates the workspace asks them again too). */
/** Every answer of the read model (docs/workspace.md#the-read-model). */
export const FLEET_KEY = [...WORKSPACE_KEY, 'fleet'] as const;
/** Every window of the sites table. */
export const FLEET_SITES_KEY = [...FLEET_KEY, 'sites'] as const;

/** The view as the read model takes it: the URL's search (the unit's own list aside) and the search as typed. */
export type FleetView = Omit<FleetQuery, 'offset' | 'limit' | 'keep' | 'unit'>;

export function fleetViewOf(search: Omit<SitesSearch, 'unit'>): FleetView {
  const { q, status, firewall, cleanup, period, scan, customer, sort, desc } = search;
  return { sort, dir: desc ? 'desc' : 'asc', q: q.trim(), status, firewall, cleanup, period, scan, customer };
}

/** A row with the report a list gave later than the read model's read (its report only: the row's options may be newer). */
function withListed(client: QueryClient, row: FleetRow): FleetRow {
  const shown = newerSite(row, listedReport(client, row.domain));
  return shown === row ? row : { ...shown, scanningAt: null };
}

function overlaid(client: QueryClient, window: FleetWindow): FleetWindow {
  if (!anyListed(client)) return window;
  return { ...window, rows: window.rows.map((row) => withListed(client, row)) };
}

/** The sites just changed in the table's view, which stay in it whatever its filters until the user moves on. */
const keptRows = new WeakMap<QueryClient, { view: string; domains: readonly string[] }>();

/** Says which sites a view keeps (read when its windows are asked for: not part of their key). */
export function keepFleetRows(client: QueryClient, view: FleetView, domains: readonly string[]): void {
  keptRows.set(client, { view: JSON.stringify(view), domains });
}

/** The sites this view keeps: none once the view has changed (the user moved on). */
export function fleetRowsKept(client: QueryClient, view: FleetView): readonly string[] {
  const kept = keptRows.get(client);
  return kept?.view === JSON.stringify(view) ? kept.domains : [];
}

/** One window of a view: rows `index * WINDOW_ROWS` on, with the sites the view keeps (keepFleetRows). */
export function fleetWindowOptions(client: QueryClient, workspace: WorkspaceClient, view: FleetView, index: number) {
  return queryOptions({
    queryKey: [...FLEET_SITES_KEY, view, index] as const,
    queryFn: async () =>
      overlaid(
        client,
        await workspace.fleet.sites({
          ...view,
          keep: fleetRowsKept(client, view),
          offset: index * WINDOW_ROWS,
          limit: WINDOW_ROWS,
        }),
      ),
    staleTime: WINDOW_STALE_MS,
    refetchInterval: (query) => (query.state.data?.refreshing ? REFRESHING_POLL_MS : WINDOW_REFRESH_MS),
    refetchOnWindowFocus: true,
  });
}

/** Every row of a view, in its order, EXPORT_ROWS at a time (an export of what the table shows). */
export async function allFleetRows(
  workspace: WorkspaceClient,
  view: FleetView,
  keep: readonly string[],
): Promise<FleetRow[]> {
  const rows: FleetRow[] = [];
  for (let offset = 0; ; offset += EXPORT_ROWS) {
    const window = await workspace.fleet.sites({ ...view, keep, offset, limit: EXPORT_ROWS });
    rows.push(...window.rows);
    if (window.rows.length < EXPORT_ROWS || rows.length >= window.total) return rows;
  }
}

/** What becomes of a site's row: the new site, or null when it is gone. */
export type RowPatch = (site: Site) => Site | null;

/** The window with the patched rows (the same window when none of them is in it); a site gone leaves it. */
function patchWindow(window: FleetWindow, patches: ReadonlyMap<string, RowPatch>): FleetWindow {
  let changed = false;
  const rows: FleetRow[] = [];
  for (const row of window.rows) {
    const patch = patches.get(row.domain);
    if (!patch) {
      rows.push(row);
      continue;
    }
    changed = true;
    const site = patch(row);
    if (site) rows.push({ ...row, ...site });
  }
  if (!changed) return window;
  return { ...window, rows, total: window.total - (window.rows.length - rows.length) };
}

/** The rows of the patched sites as they were, to put back on failure. */
export type RowsBefore = ReadonlyMap<string, FleetRow>;

/**
 * Applies patches (by domain) to every cached window, at once; returns the
 * rows as they were. An answer on its way is cancelled, so it cannot undo them.
 */
export function patchFleetWindows(client: QueryClient, patches: ReadonlyMap<string, RowPatch>): RowsBefore {
  const before = new Map<string, FleetRow>();
  if (patches.size === 0) return before;
  void client.cancelQueries({ queryKey: FLEET_SITES_KEY });
  for (const [key, window] of client.getQueriesData<FleetWindow>({ queryKey: FLEET_SITES_KEY })) {
    if (!window) continue;
    for (const row of window.rows) if (patches.has(row.domain) && !before.has(row.domain)) before.set(row.domain, row);
    const next = patchWindow(window, patches);
    if (next !== window) client.setQueryData(key, next);
  }
  return before;
}

/** Puts rows back as they were (a failed write), where they still are. */
export function restoreFleetRows(client: QueryClient, before: RowsBefore): void {
  if (before.size === 0) return;
  patchFleetWindows(client, new Map([...before].map(([domain, row]) => [domain, () => row] as const)));
}

/** A site as listed by the API after a scan: shown in the rows until the read model has read it too. */
export function showListedSite(client: QueryClient, site: Site): void {
  rememberListed(client, site);
  patchFleetWindows(client, new Map([[site.domain, () => site]]));
}
