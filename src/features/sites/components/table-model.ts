/**
 * The sites table's model on TanStack Table v9: the features it uses (sorting
 * and column filtering, with their row models as feature slots), the list in
 * the sorted column's order, and one column per sortable field with its sort
 * and filter functions. Rendering is the rows' own (site-row.tsx); this
 * decides which sites, in which order.
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
  CUSTOMER_FILTERS,
  ON_OFF_FILTERS,
  PERIOD_FILTERS,
  SCAN_FILTERS,
  STATUS_FILTERS,
  type FilterKey,
  type SiteFilters,
  type SortColumn,
} from '../model/sites-search';
import { matchesOnOff, matchesPeriod, matchesScan, normalQuery, searchText } from '../model/site-filters';

export const sitesFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
});

type SitesFeatures = typeof sitesFeatures;
type SiteRow = Row<SitesFeatures, Site>;

type Compare = (a: Site, b: Site) => number;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byNumber =
  (value: (s: Site) => number): Compare =>
  (a, b) =>
    value(a) - value(b);
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && list.some((v) => v === value);

/**
 * How each column orders sites, ascending. Never scanned sorts after every
 * date and count; sites without scheduled scans after every next scan.
 * `patching` sorts by this dashboard's memory (the API does not report it).
 */
function comparators(
  patchingOf: (domain: string) => number,
  customerOf: (domain: string) => string | undefined,
): Record<SortColumn, Compare> {
  return {
    domain: (a, b) => collator.compare(a.domain, b.domain),
    status: byNumber((s) => severity(statusOf(s))),
    threats: byNumber((s) => threatsOf(s) ?? -1),
    lastScan: byNumber((s) => s.scanreport?.date ?? 0),
    nextScan: byNumber((s) => s.nextscan || Number.MAX_SAFE_INTEGER),
    firewall: byNumber((s) => s.firewallstatus),
    cleanup: byNumber((s) => s.autotreatment),
    patching: byNumber((s) => patchingOf(s.domain)),
    // Most often first: daily, weekly, monthly, then off.
    period: byNumber((s) => s.scanperiod || Number.MAX_SAFE_INTEGER),
    permissions: byNumber((s) => s.permissions),
    // Sites with no customer known after every customer.
    customer: (a, b) => {
      const [x, y] = [customerOf(a.domain), customerOf(b.domain)];
      return x === y ? 0 : x === undefined ? 1 : y === undefined ? -1 : collator.compare(x, y);
    },
  };
}

/**
 * The list as the table gets it, made once per list and sort column (not at
 * each keystroke: a search over 10,000 sites must update the rows within
 * 50 ms): the sites in the column's order, each one's place in it (sites that
 * compare equal share a place), and each one's lower-cased names to search.
 */
export interface OrderedSites {
  sites: readonly Site[];
  column: SortColumn;
  /** Row index → place in the column's order; equal sites share one. */
  places: Int32Array;
  /** Row index → the UTF-8 name and the punycode host, lower case, and the customer (site-filters.ts searchText). */
  names: readonly string[];
  /** Row index → whether a customer is known (the customer filter). */
  hasCustomer: Uint8Array;
}

export function orderSites(
  sites: readonly Site[],
  column: SortColumn,
  patchingOf: (domain: string) => number,
  customerOf: (domain: string) => string | undefined = () => undefined,
): OrderedSites {
  const compare = comparators(patchingOf, customerOf)[column];
  // Array.prototype.sort is stable: equal sites keep the list's order, as the table's own tie-break did.
  const sorted = [...sites].sort(compare);
  const places = new Int32Array(sorted.length);
  for (let i = 1; i < sorted.length; i++) {
    const [prev, site] = [sorted[i - 1], sorted[i]];
    places[i] = prev !== undefined && site !== undefined && compare(prev, site) === 0 ? (places[i - 1] ?? 0) : i;
  }
  const customers = sorted.map((s) => customerOf(s.domain));
  const names = sorted.map((s, i) => searchText(s, customers[i]));
  const hasCustomer = Uint8Array.from(customers, (c) => (c === undefined ? 0 : 1));
  return { sites: sorted, column, places, names, hasCustomer };
}

/**
 * One column per sortable field with its sort and filter functions, over an
 * ordered list (`orderSites`, made for the sorted column): the table's sorted
 * row model then compares places, and finds the rows already in order (one
 * pass rather than a sort with the collator at every keystroke); a
 * descending sort turns them round, equal sites staying in the list's order.
 * The search compares the precomputed names.
 */
export function sitesColumns(ordered: OrderedSites): ColumnDef<SitesFeatures, Site>[] {
  const { places, names, hasCustomer } = ordered;
  // No value is undefined here: the sort need not read values to find out.
  const sorted = {
    sortFn: (a: SiteRow, b: SiteRow) => (places[a.index] ?? 0) - (places[b.index] ?? 0),
    sortUndefined: false,
  } as const;
  return [
    {
      id: 'domain',
      accessorFn: (s) => s.domain,
      filterFn: (row, _id, query) => typeof query !== 'string' || (names[row.index] ?? '').includes(query),
      ...sorted,
    },
    {
      id: 'status',
      accessorFn: (s) => statusOf(s),
      filterFn: (row, _id, value) =>
        !oneOf(STATUS_FILTERS, value) || value === 'any' || statusOf(row.original) === value,
      ...sorted,
    },
    { id: 'threats', accessorFn: (s) => threatsOf(s) ?? -1, ...sorted },
    {
      id: 'lastScan',
      accessorFn: (s) => s.scanreport?.date ?? 0,
      filterFn: (row, _id, value) => !oneOf(SCAN_FILTERS, value) || matchesScan(row.original, value),
      ...sorted,
    },
    { id: 'nextScan', accessorFn: (s) => s.nextscan, ...sorted },
    {
      id: 'firewall',
      accessorFn: (s) => s.firewallstatus,
      filterFn: (row, _id, value) => !oneOf(ON_OFF_FILTERS, value) || matchesOnOff(row.original.firewallstatus, value),
      ...sorted,
    },
    {
      id: 'cleanup',
      accessorFn: (s) => s.autotreatment,
      filterFn: (row, _id, value) => !oneOf(ON_OFF_FILTERS, value) || matchesOnOff(row.original.autotreatment, value),
      ...sorted,
    },
    // The API does not report it: ordered by this dashboard's memory (orderSites), the value is the site.
    { id: 'patching', accessorFn: (s) => s.domain, ...sorted },
    {
      id: 'period',
      accessorFn: (s) => s.scanperiod,
      filterFn: (row, _id, value) => !oneOf(PERIOD_FILTERS, value) || matchesPeriod(row.original, value),
      ...sorted,
    },
    { id: 'permissions', accessorFn: (s) => s.permissions, ...sorted },
    {
      id: 'customer',
      accessorFn: (s) => s.domain,
      filterFn: (row, _id, value) =>
        !oneOf(CUSTOMER_FILTERS, value) || value === 'any' || (hasCustomer[row.index] === 1) === (value === 'known'),
      ...sorted,
    },
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
  customer: 'customer',
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
