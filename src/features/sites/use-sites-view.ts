import { useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { Site } from '../../data/sites';
import { HIDDEN_BY_DEFAULT, sitesColumns } from './components/site-columns';
import { columnFiltersOf, orderSites, sitesFeatures } from './components/table-model';
import { useColumnVisibility } from './column-visibility';
import type { SitesSearch } from '../../data/site-model/sites-search';

const NOTHING_KEPT: ReadonlySet<string> = new Set();

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
) {
  const { q, status, firewall, cleanup, period, scan, sort, desc } = search;
  // Patching's memory changes the order only when sorting by it.
  const patchingForOrder = sort === 'patching' ? patching : null;
  const ordered = useMemo(
    () => orderSites(sites, sort, (domain) => patchingForOrder?.[domain] ?? -1),
    [sites, sort, patchingForOrder],
  );
  const columns = useMemo(() => sitesColumns(ordered, kept), [ordered, kept]);
  const columnFilters = useMemo(
    () => columnFiltersOf({ q, status, firewall, cleanup, period, scan }),
    [q, status, firewall, cleanup, period, scan],
  );
  const sorting = useMemo(() => [{ id: sort, desc }], [sort, desc]);
  const columnVisibility = useColumnVisibility(HIDDEN_BY_DEFAULT);
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
  return { table, rows, sites: view };
}

export type SitesTableModel = ReturnType<typeof useSitesView>['table'];
export type SitesRow = ReturnType<typeof useSitesView>['rows'][number];
