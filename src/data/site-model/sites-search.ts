/**
 * The sites page's view as search params (docs/architecture.md#the-url-is-the-state: a filtered view can
 * be bookmarked, shared, and Back works): search, filters, sort and the unit.
 * Each param falls back to its default on its own (src/lib/search-params.ts);
 * defaults stay out of the URL. The routes load this module on every page:
 * the matching lives in ./site-filters.ts.
 */
import { RE } from '../../api/registry/define';
import { flag, oneOf, optional, searchParam, searchSchema, text } from '../../lib/search-params';
import {
  CUSTOMER_FILTERS,
  ON_OFF_FILTERS,
  PERIOD_FILTERS,
  SCAN_FILTERS,
  SORT_COLUMNS,
  STATUSES,
  type SortColumn,
} from '../../api/fleet-views';

export { CUSTOMER_FILTERS, ON_OFF_FILTERS, PERIOD_FILTERS, SCAN_FILTERS, type SortColumn };

export const STATUS_FILTERS = ['any', ...STATUSES] as const;

export type OnOffFilter = (typeof ON_OFF_FILTERS)[number];
export type PeriodFilter = (typeof PERIOD_FILTERS)[number];
export type ScanFilter = (typeof SCAN_FILTERS)[number];

/**
 * The view's filters and their defaults, in one place: "Clear filters" resets
 * exactly these, `isFiltered` and the toolbar count them, and the table maps
 * each to a column (a new filter added here cannot be forgotten there). The
 * unit and the sort are not filters.
 */
export const FILTER_DEFAULTS = {
  q: '',
  status: 'any',
  firewall: 'any',
  cleanup: 'any',
  period: 'any',
  scan: 'any',
  customer: 'any',
} as const;

export type FilterKey = keyof typeof FILTER_DEFAULTS;
export const FILTER_KEYS = Object.keys(FILTER_DEFAULTS) as FilterKey[];

export const SEARCH_DEFAULTS = {
  ...FILTER_DEFAULTS,
  unit: undefined,
  sort: 'domain',
  desc: false,
} as const;

export const sitesSearchSchema = searchSchema({
  q: searchParam(text({ max: 200 }), SEARCH_DEFAULTS.q),
  status: searchParam(oneOf(STATUS_FILTERS), SEARCH_DEFAULTS.status),
  firewall: searchParam(oneOf(ON_OFF_FILTERS), SEARCH_DEFAULTS.firewall),
  cleanup: searchParam(oneOf(ON_OFF_FILTERS), SEARCH_DEFAULTS.cleanup),
  period: searchParam(oneOf(PERIOD_FILTERS), SEARCH_DEFAULTS.period),
  scan: searchParam(oneOf(SCAN_FILTERS), SEARCH_DEFAULTS.scan),
  customer: searchParam(oneOf(CUSTOMER_FILTERS), SEARCH_DEFAULTS.customer),
  unit: searchParam(optional(text({ max: 254, pattern: RE.email })), undefined),
  sort: searchParam(oneOf(SORT_COLUMNS), SEARCH_DEFAULTS.sort),
  desc: searchParam(flag, SEARCH_DEFAULTS.desc),
});

export type SitesSearch = ReturnType<typeof sitesSearchSchema.parse>;
export type SiteFilters = Pick<SitesSearch, FilterKey>;
