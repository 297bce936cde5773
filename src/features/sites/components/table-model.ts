/**
 * The sites table's model on TanStack Table v9: the features it uses (sorting
 * and column filtering, with their row models as feature slots), and one
 * column per sortable field with its sort and filter functions. Rendering is
 * the rows' own (site-row.tsx); this decides which sites, in which order.
 */
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type ColumnFiltersState,
  type Row,
} from '@tanstack/react-table';
import type { Site } from '../../../data/sites';
import { severity, statusOf, threatsOf } from '../model/site-status';
import {
  FILTER_DEFAULTS,
  FILTER_KEYS,
  ON_OFF_FILTERS,
  PERIOD_FILTERS,
  SCAN_FILTERS,
  STATUS_FILTERS,
  type FilterKey,
  type SiteFilters,
  type SortColumn,
} from '../model/sites-search';
import { matchesOnOff, matchesPeriod, matchesQuery, matchesScan, normalQuery } from '../model/site-filters';

export const sitesFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
});

type SitesFeatures = typeof sitesFeatures;
export type SiteRow = Row<SitesFeatures, Site>;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byNumber = (value: (s: Site) => number) => (a: SiteRow, b: SiteRow) => value(a.original) - value(b.original);
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && list.some((v) => v === value);

/**
 * Never scanned sorts after every date and count; sites without scheduled scans
 * after every next scan. `patching` sorts by this dashboard's memory (the API
 * does not report it), read through the table's meta.
 */
export function sitesColumns(patchingOf: (domain: string) => number): ColumnDef<SitesFeatures, Site>[] {
  return [
    {
      id: 'domain',
      accessorFn: (s) => s.domain,
      sortFn: (a, b) => collator.compare(a.original.domain, b.original.domain),
      filterFn: (row, _id, query) => typeof query !== 'string' || matchesQuery(row.original, query),
    },
    {
      id: 'status',
      accessorFn: (s) => statusOf(s),
      sortFn: byNumber((s) => severity(statusOf(s))),
      filterFn: (row, _id, value) =>
        !oneOf(STATUS_FILTERS, value) || value === 'any' || statusOf(row.original) === value,
    },
    { id: 'threats', accessorFn: (s) => threatsOf(s) ?? -1, sortFn: byNumber((s) => threatsOf(s) ?? -1) },
    {
      id: 'lastScan',
      accessorFn: (s) => s.scanreport?.date ?? 0,
      sortFn: byNumber((s) => s.scanreport?.date ?? 0),
      filterFn: (row, _id, value) => !oneOf(SCAN_FILTERS, value) || matchesScan(row.original, value),
    },
    {
      id: 'nextScan',
      accessorFn: (s) => s.nextscan,
      sortFn: byNumber((s) => s.nextscan || Number.MAX_SAFE_INTEGER),
    },
    {
      id: 'firewall',
      accessorFn: (s) => s.firewallstatus,
      sortFn: byNumber((s) => s.firewallstatus),
      filterFn: (row, _id, value) => !oneOf(ON_OFF_FILTERS, value) || matchesOnOff(row.original.firewallstatus, value),
    },
    {
      id: 'cleanup',
      accessorFn: (s) => s.autotreatment,
      sortFn: byNumber((s) => s.autotreatment),
      filterFn: (row, _id, value) => !oneOf(ON_OFF_FILTERS, value) || matchesOnOff(row.original.autotreatment, value),
    },
    { id: 'patching', accessorFn: (s) => patchingOf(s.domain), sortFn: byNumber((s) => patchingOf(s.domain)) },
    {
      id: 'period',
      accessorFn: (s) => s.scanperiod,
      // Most often first: daily, weekly, monthly, then off.
      sortFn: byNumber((s) => s.scanperiod || Number.MAX_SAFE_INTEGER),
      filterFn: (row, _id, value) => !oneOf(PERIOD_FILTERS, value) || matchesPeriod(row.original, value),
    },
    { id: 'permissions', accessorFn: (s) => s.permissions, sortFn: byNumber((s) => s.permissions) },
  ] satisfies (ColumnDef<SitesFeatures, Site> & { id: SortColumn })[];
}

/** The column each of the URL's filters narrows (every filter has one: the type says so). */
const FILTER_COLUMNS: Record<FilterKey, SortColumn> = {
  q: 'domain',
  status: 'status',
  firewall: 'firewall',
  cleanup: 'cleanup',
  period: 'period',
  scan: 'lastScan',
};

/** The URL's filters as the table's column filters (defaults left out). */
export function columnFiltersOf(f: SiteFilters): ColumnFiltersState {
  const filters: ColumnFiltersState = [];
  for (const key of FILTER_KEYS) {
    const value = key === 'q' ? normalQuery(f.q) : f[key];
    if (value !== FILTER_DEFAULTS[key]) filters.push({ id: FILTER_COLUMNS[key], value });
  }
  return filters;
}
