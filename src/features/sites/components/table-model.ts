/**
 * The sites table's model on TanStack Table v9: the features it uses (sorting,
 * column filtering and column visibility, with their row models as feature
 * slots), the list in the sorted column's order, and the URL's filters as
 * column filters. The columns themselves (header, cell, sort and filter) are
 * defined once, in site-columns.tsx.
 */
import {
  columnFilteringFeature,
  columnVisibilityFeature,
  createFilteredRowModel,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  type ColumnFiltersState,
} from '@tanstack/react-table';
import type { Site } from '../../../data/sites';
import type { SitesMessages } from '../../../components/site/site-messages';
import { severity, statusOf, threatsOf } from '../../../data/site-model/site-status';
import {
  FILTER_DEFAULTS,
  FILTER_KEYS,
  type FilterKey,
  type SiteFilters,
  type SortColumn,
} from '../../../data/site-model/sites-search';
import { normalQuery, searchText } from '../../../data/site-model/site-filters';

/** What the table draws for a column besides its cells: header words, width, alignment, where it goes when narrow. */
export interface SiteColumnMeta {
  label: (t: SitesMessages) => string;
  /** The `<col>` width class on a wide screen (none: the column takes the rest). */
  width: string;
  align?: 'right';
  /** On a narrow screen: in the row itself, or in the row's detail (the default). */
  narrow?: 'row';
}

export const sitesFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  columnVisibilityFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  columnMeta: {} as SiteColumnMeta,
});

export type SitesFeatures = typeof sitesFeatures;

type Compare = (a: Site, b: Site) => number;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byNumber =
  (value: (s: Site) => number): Compare =>
  (a, b) =>
    value(a) - value(b);

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
