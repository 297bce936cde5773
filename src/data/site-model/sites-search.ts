/**
 * The sites page's view as search params (docs/architecture.md#the-url-is-the-state: a filtered view can
 * be bookmarked, shared, and Back works): search, filters, sort and the unit.
 * Each param falls back to its default on its own (src/lib/search-params.ts);
 * defaults stay out of the URL. The routes load this module on every page:
 * the matching lives in ./site-filters.ts.
 */
import * as z from 'zod/mini';
import { RE, regex } from '../../api/registry/define';
import { searchParam, searchSchema } from '../../lib/search-params';
import { STATUSES } from './site-status';

const SORT_COLUMNS = [
  'domain',
  'status',
  'threats',
  'lastScan',
  'nextScan',
  'firewall',
  'cleanup',
  'patching',
  'period',
  'permissions',
  'customer',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export const STATUS_FILTERS = ['any', ...STATUSES] as const;
export const ON_OFF_FILTERS = ['any', 'on', 'off'] as const;
/** Scans: `due` is never scanned, or a scheduled scan overdue (./site-status.ts scanDue). */
export const SCAN_FILTERS = ['any', 'due'] as const;
/** Scan period filters: the docs/partner-api.md#site_setoption values, with 0 as `off`. */
export const PERIOD_FILTERS = ['any', 'month', 'week', 'day', 'off'] as const;
/** Customer: any site, the sites with no customer known, the sites with one (the team's workspace, docs/workspace.md). */
export const CUSTOMER_FILTERS = ['any', 'none', 'known'] as const;

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
  q: searchParam(z.string().check(z.maxLength(200)), SEARCH_DEFAULTS.q),
  status: searchParam(z.enum(STATUS_FILTERS), SEARCH_DEFAULTS.status),
  firewall: searchParam(z.enum(ON_OFF_FILTERS), SEARCH_DEFAULTS.firewall),
  cleanup: searchParam(z.enum(ON_OFF_FILTERS), SEARCH_DEFAULTS.cleanup),
  period: searchParam(z.enum(PERIOD_FILTERS), SEARCH_DEFAULTS.period),
  scan: searchParam(z.enum(SCAN_FILTERS), SEARCH_DEFAULTS.scan),
  customer: searchParam(z.enum(CUSTOMER_FILTERS), SEARCH_DEFAULTS.customer),
  unit: searchParam(z.optional(z.string().check(z.maxLength(254), z.regex(regex(RE.email)))), undefined),
  sort: searchParam(z.enum(SORT_COLUMNS), SEARCH_DEFAULTS.sort),
  desc: searchParam(z.boolean(), SEARCH_DEFAULTS.desc),
});

export type SitesSearch = z.output<typeof sitesSearchSchema>;
export type SiteFilters = Pick<SitesSearch, FilterKey>;
