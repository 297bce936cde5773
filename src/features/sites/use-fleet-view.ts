import { keepPreviousData, useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTable } from '@tanstack/react-table';
import { useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { FleetRow, FleetWindow } from '../../api/fleet';
import {
  allFleetRows,
  fleetRowsKept,
  fleetViewOf,
  fleetWindowOptions,
  keepFleetRows,
  WINDOW_ROWS,
  type FleetView,
} from '../../data/fleet-windows';
import { useWorkspaceClient } from '../../data/workspace-client';
import { useColumnVisibility } from './column-visibility';
import { HIDDEN_BY_DEFAULT, HIDDEN_WHEN_NARROW, sitesColumns } from './components/site-columns';
import { sitesFeatures, type OrderedSites } from './components/table-model';
import type { RowSource, SitesRow } from './use-sites-view';
import type { SitesSearch } from '../../data/site-model/sites-search';

/** Rows beyond those in view whose windows are asked for too (a little scroll finds them there). */
const OVERSCAN_ROWS = 30;
/** How long typing pauses before a search is asked of the server. */
const SEARCH_PAUSE_MS = 120;
/** The server sorts and filters: the columns need no order of their own. */
const NO_ORDER: OrderedSites = {
  sites: [],
  column: 'domain',
  places: new Int32Array(0),
  names: [],
  hasCustomer: new Uint8Array(0),
};
const NOTHING_KEPT: ReadonlySet<string> = new Set();

/** The windows' answers as one: the rows loaded in the view's order with each one's place, and how fresh. */
function combine(results: UseQueryResult<FleetWindow>[]) {
  const rows: FleetRow[] = [];
  const places: number[] = [];
  for (const { data } of results) {
    if (!data) continue;
    data.rows.forEach((row, i) => {
      rows.push(row);
      places.push(data.offset + i);
    });
  }
  return {
    loaded: { rows, places },
    answered: results.find((r) => r.data !== undefined)?.data,
    failed: results[0]?.error ?? null,
  };
}

/** The windows that cover the rows from `start` to `end`, with some overscan. */
export function windowsFor(start: number, end: number, count: number | null): number[] {
  const last = count === null ? Number.MAX_SAFE_INTEGER : Math.max(0, count - 1);
  const from = Math.floor(Math.max(0, Math.min(start, last) - OVERSCAN_ROWS) / WINDOW_ROWS);
  const to = Math.floor(Math.max(0, Math.min(end + OVERSCAN_ROWS, last)) / WINDOW_ROWS);
  return Array.from({ length: Math.max(1, to - from + 1) }, (_, i) => from + i);
}

/**
 * The sites of the whole account as the table shows them, from the server's
 * read model: windows of rows for the part in view (TanStack Query, one per
 * window; the last view's rows stay until the new one's arrive), the total
 * from the answer, and TanStack Table in manual sorting and filtering over
 * the rows loaded (the columns' definitions stay the one source of columns).
 */
export function useFleetView(
  search: Omit<SitesSearch, 'unit'>,
  kept: ReadonlySet<string> = NOTHING_KEPT,
  roomForCustomer = false,
) {
  const client = useQueryClient();
  const workspace = useWorkspaceClient();
  const q = useDebouncedValue(search.q.trim(), SEARCH_PAUSE_MS);
  const { status, firewall, cleanup, period, scan, customer, sort, desc } = search;
  const view = useMemo<FleetView>(
    () => fleetViewOf({ q, status, firewall, cleanup, period, scan, customer, sort, desc }),
    [sort, desc, q, status, firewall, cleanup, period, scan, customer],
  );
  // Read when a window is asked for: a row just changed stays in the view's next answers.
  useLayoutEffect(() => keepFleetRows(client, view, [...kept]), [client, view, kept]);

  const [range, setRange] = useState({ start: 0, end: 0 });
  const [count, setCount] = useState<number | null>(null);
  const indexes = windowsFor(range.start, range.end, count);
  const asked = useQueries({
    queries: indexes.map((index) => ({
      ...fleetWindowOptions(client, workspace, view, index),
      placeholderData: keepPreviousData,
    })),
    combine,
  });
  // A new view's windows are new queries: until one answers, the last view's rows stay (no blank table).
  const [last, setLast] = useState(asked);
  if (asked.answered !== undefined && asked !== last) setLast(asked);
  const { loaded, answered } = asked.answered !== undefined ? asked : last;
  const failed = asked.failed;
  const total = answered?.total ?? 0;
  // The windows asked for stop at the view's end once it is known.
  const known = answered ? answered.total : null;
  if (known !== count) setCount(known);
  if (failed && answered === undefined) throw failed;

  const columns = useMemo(() => sitesColumns(NO_ORDER, kept), [kept]);
  const columnVisibility = useColumnVisibility(roomForCustomer ? HIDDEN_BY_DEFAULT : HIDDEN_WHEN_NARROW);
  // The server sorts and filters: the table holds no sorting or filters of its own, so a new view
  // whose rows are still on their way leaves the rows shown (and their memoised cells) as they are.
  const table = useTable(
    {
      features: sitesFeatures,
      columns,
      data: loaded.rows,
      state: { columnVisibility },
      manualSorting: true,
      manualFiltering: true,
      getRowId: (site) => site.domain,
    },
    () => null,
  );
  const modelRows = table.getRowModel().rows;
  const source = useMemo<RowSource>(() => {
    const byPlace = new Map<number, SitesRow>();
    modelRows.forEach((row, i) => byPlace.set(loaded.places[i] ?? -1, row));
    return {
      count: total,
      at: (index) => byPlace.get(index),
      indexOf: (domain) => {
        const i = modelRows.findIndex((r) => r.original.domain === domain);
        return i < 0 ? -1 : (loaded.places[i] ?? -1);
      },
    };
  }, [modelRows, loaded, total]);

  const onRange = useCallback(
    (start: number, end: number) =>
      setRange((current) => (current.start === start && current.end === end ? current : { start, end })),
    [],
  );
  const allDomains = useCallback(
    async () => (await workspace.fleet.domains({ ...view, keep: fleetRowsKept(client, view) })).domains,
    [client, workspace, view],
  );
  const allRows = useCallback(
    () => allFleetRows(workspace, view, fleetRowsKept(client, view)),
    [client, workspace, view],
  );
  /**
   * Asks for a changed view's first window at once (a sort, a filter), before the URL and the page
   * catch up; settles when it is in (or failed: the page asks again and says so).
   */
  const prefetch = useCallback(
    (change: Partial<Omit<SitesSearch, 'unit' | 'q'>>): Promise<void> => {
      const next = fleetViewOf({ q, status, firewall, cleanup, period, scan, customer, sort, desc, ...change });
      return client.prefetchQuery(fleetWindowOptions(client, workspace, next, 0));
    },
    [client, workspace, q, status, firewall, cleanup, period, scan, customer, sort, desc],
  );
  return {
    table,
    source,
    total,
    onRange,
    prefetch,
    /** Nothing known yet: the first answer, or the server's first read of the fleet, is on its way. */
    loading: answered === undefined || (answered.asOf === null && answered.refreshing),
    asOf: answered?.asOf ?? null,
    refreshing: answered?.refreshing ?? false,
    refreshError: answered?.refreshError ?? null,
    /** Every matching site's domain, in the view's order (a selection of all of them). */
    allDomains,
    /** Every matching site, in the view's order (an export). */
    allRows,
  };
}
