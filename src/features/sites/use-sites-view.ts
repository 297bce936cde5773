import { useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { Site } from '../../data/sites';
import { customerOf, type CustomerMap } from '../../data/workspace';
import { columnFiltersOf, orderSites, sitesColumns, sitesFeatures } from './components/table-model';
import type { SitesSearch } from './model/sites-search';

const NO_CUSTOMERS: CustomerMap = new Map();

/**
 * The sites the view shows, in its order: TanStack Table's filtered and sorted
 * row models over the list, driven by the URL's search (filters and sort are
 * controlled state; the table never changes them itself). The list is put in
 * the sorted column's order once per list and column (`orderSites`), so a
 * keystroke in the search only filters, and the sort finds the rows in order.
 */
export function useSitesView(
  sites: readonly Site[],
  search: SitesSearch,
  patching: Readonly<Record<string, 0 | 1>>,
  customers: CustomerMap = NO_CUSTOMERS,
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
  const columns = useMemo(() => sitesColumns(ordered), [ordered]);
  const columnFilters = useMemo(
    () => columnFiltersOf({ q, status, firewall, cleanup, period, scan, customer }),
    [q, status, firewall, cleanup, period, scan, customer],
  );
  const sorting = useMemo(() => [{ id: sort, desc }], [sort, desc]);
  const table = useTable(
    {
      features: sitesFeatures,
      columns,
      data: ordered.sites,
      state: { sorting, columnFilters },
      getRowId: (site) => site.domain,
    },
    () => null,
  );
  const rows = table.getRowModel().rows;
  return useMemo(() => rows.map((row) => row.original), [rows]);
}
