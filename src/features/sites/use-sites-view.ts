import { useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { Site } from '../../data/sites';
import { columnFiltersOf, sitesColumns, sitesFeatures } from './components/table-model';
import type { SitesSearch } from './model/sites-search';

/**
 * The sites the view shows, in its order: TanStack Table's filtered and sorted
 * row models over the list, driven by the URL's search (filters and sort are
 * controlled state; the table never changes them itself).
 */
export function useSitesView(sites: readonly Site[], search: SitesSearch, patching: Readonly<Record<string, 0 | 1>>) {
  const columns = useMemo(() => sitesColumns((domain) => patching[domain] ?? -1), [patching]);
  const { q, status, firewall, cleanup, period, scan, sort, desc } = search;
  const columnFilters = useMemo(
    () => columnFiltersOf({ q, status, firewall, cleanup, period, scan }),
    [q, status, firewall, cleanup, period, scan],
  );
  const sorting = useMemo(() => [{ id: sort, desc }], [sort, desc]);
  const table = useTable(
    {
      features: sitesFeatures,
      columns,
      data: sites,
      state: { sorting, columnFilters },
      getRowId: (site) => site.domain,
    },
    () => null,
  );
  const rows = table.getRowModel().rows;
  return useMemo(() => rows.map((row) => row.original), [rows]);
}
