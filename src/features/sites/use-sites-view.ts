import { useTable, type Row } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { Site } from '../../data/sites';
import { HIDDEN_BY_DEFAULT, HIDDEN_WHEN_NARROW, sitesColumns } from './components/site-columns';
import { columnFiltersOf, orderSites, sitesFeatures, type SitesFeatures } from './components/table-model';
import { useColumnVisibility } from './column-visibility';
import type { SitesSearch } from '../../data/site-model/sites-search';
import { customerOf, type CustomerMap } from '../../data/workspace';

const NOTHING_KEPT: ReadonlySet<string> = new Set();
const NO_CUSTOMERS: CustomerMap = new Map();

/**
 * The sites the view shows, in its order: TanStack Table's filtered and sorted
 * row models over the list, driven by the URL's search (filters and sort are
 * controlled state; the table never changes them itself), with the columns the
 * user chose to see. The list is put in the sorted column's order once per list
 * and column (`orderSites`), so a keystroke in the search only filters, and the
 * sort finds the rows in order. Sites in `kept` (just changed) pass every filter.
 */
export function useSitesView(
  sites: readonly Site[],
  search: SitesSearch,
  patching: Readonly<Record<string, 0 | 1>>,
  kept: ReadonlySet<string> = NOTHING_KEPT,
  customers: CustomerMap = NO_CUSTOMERS,
  /** Whether the table has room for the Customer column: shown by default then, else until the user shows it. */
  roomForCustomer = false,
) {
  const { q, status, firewall, cleanup, period, scan, customer, sort, desc } = search;
  // Patching's memory changes the order only when sorting by it.
  const patchingForOrder = sort === 'patching' ? patching : null;
  const ordered = useMemo(
    () =>
      orderSites(
        sites,
        sort,
        (domain) => patchingForOrder?.[domain] ?? -1,
        (domain) => customerOf(customers, domain),
      ),
    [sites, sort, patchingForOrder, customers],
  );
  const columns = useMemo(() => sitesColumns(ordered, kept), [ordered, kept]);
  const columnFilters = useMemo(
    () => columnFiltersOf({ q, status, firewall, cleanup, period, scan, customer }),
    [q, status, firewall, cleanup, period, scan, customer],
  );
  const sorting = useMemo(() => [{ id: sort, desc }], [sort, desc]);
  const columnVisibility = useColumnVisibility(roomForCustomer ? HIDDEN_BY_DEFAULT : HIDDEN_WHEN_NARROW);
  const table = useTable(
    {
      features: sitesFeatures,
      columns,
      data: ordered.sites,
      state: { sorting, columnFilters, columnVisibility },
      getRowId: (site) => site.domain,
    },
    () => null,
  );
  const rows = table.getRowModel().rows;
  const view = useMemo(() => rows.map((row) => row.original), [rows]);
  const source = useMemo<RowSource>(
    () => ({
      count: rows.length,
      at: (index) => rows[index],
      indexOf: (domain) => rows.findIndex((r) => r.original.domain === domain),
      all: rows,
    }),
    [rows],
  );
  return { table, rows, sites: view, source };
}

/** The table's rows by place: all of them (a unit's list), or those loaded of the read model's windows. */
export interface RowSource {
  /** How many rows the view has, loaded or not. */
  count: number;
  /** The row at a place; undefined while its window loads. */
  at: (index: number) => SitesRow | undefined;
  /** A site's place among the rows loaded; -1 when not among them. */
  indexOf: (domain: string) => number;
  /** Every row, when the view has them all. */
  all?: readonly SitesRow[];
}

export type SitesTableModel = ReturnType<typeof useSitesView>['table'];
export type SitesRow = Row<SitesFeatures, Site>;
