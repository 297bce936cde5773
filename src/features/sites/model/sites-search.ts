/**
 * The sites page's view as search params (STYLE.md habit 3: a filtered view can
 * be bookmarked, shared, and Back works): search, filters, sort and the unit.
 * Each param falls back to its default on its own (src/lib/search-params.ts);
 * defaults stay out of the URL. The matching is pure, for the table's filter
 * functions and the tests.
 */
import * as z from 'zod/mini';
import { RE, regex } from '../../../api/registry/define';
import type { ScanPeriod } from '../../../api/registry/sites';
import { SCAN_PERIODS } from '../../../api/registry/sites';
import type { Site } from '../../../api/schemas';
import { searchParam, searchSchema } from '../../../lib/search-params';
import { STATUSES, statusOf } from './site-status';

export const SORT_COLUMNS = [
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
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export const STATUS_FILTERS = ['any', ...STATUSES] as const;
export const ON_OFF_FILTERS = ['any', 'on', 'off'] as const;
/** Scan period filters: the §4.3 values, with 0 as `off`. */
export const PERIOD_FILTERS = ['any', 'month', 'week', 'day', 'off'] as const;

export type StatusFilter = (typeof STATUS_FILTERS)[number];
export type OnOffFilter = (typeof ON_OFF_FILTERS)[number];
export type PeriodFilter = (typeof PERIOD_FILTERS)[number];

export const SEARCH_DEFAULTS = {
  q: '',
  status: 'any',
  firewall: 'any',
  cleanup: 'any',
  period: 'any',
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
  unit: searchParam(z.optional(z.string().check(z.maxLength(254), z.regex(regex(RE.email)))), undefined),
  sort: searchParam(z.enum(SORT_COLUMNS), SEARCH_DEFAULTS.sort),
  desc: searchParam(z.boolean(), SEARCH_DEFAULTS.desc),
});

export type SitesSearch = z.output<typeof sitesSearchSchema>;
export type SiteFilters = Pick<SitesSearch, 'q' | 'status' | 'firewall' | 'cleanup' | 'period'>;

/** Whether any filter (the unit aside) narrows the list. */
export function isFiltered(f: SiteFilters): boolean {
  return f.q.trim() !== '' || f.status !== 'any' || f.firewall !== 'any' || f.cleanup !== 'any' || f.period !== 'any';
}

/** The search as typed, for comparing: trimmed, lower case, without a scheme or path (a pasted URL works). */
export function normalQuery(q: string): string {
  return q
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '');
}

/** The UTF-8 name or the punycode host contains the (normalised) query. */
export function matchesQuery(site: Pick<Site, 'domain' | 'host'>, query: string): boolean {
  if (query === '') return true;
  return site.domain.toLowerCase().includes(query) || site.host.includes(query);
}

const PERIOD_NAMES: readonly ScanPeriod[] = ['month', 'week', 'day', '0'];

/** The §4.3 name of a scan period in seconds (spec §2.8), undefined for a length the API does not set. */
export function periodName(seconds: number): ScanPeriod | undefined {
  return PERIOD_NAMES.find((name) => SCAN_PERIODS[name] === seconds);
}

export function matchesPeriod(site: Pick<Site, 'scanperiod'>, filter: PeriodFilter): boolean {
  if (filter === 'any') return true;
  return site.scanperiod === SCAN_PERIODS[filter === 'off' ? '0' : filter];
}

export function matchesOnOff(value: number, filter: OnOffFilter): boolean {
  return filter === 'any' || (filter === 'on') === (value === 1);
}

/** Every filter at once (the table applies them column by column; this is the same test for exports and counts). */
export function matchesFilters(site: Site, f: SiteFilters): boolean {
  return (
    matchesQuery(site, normalQuery(f.q)) &&
    (f.status === 'any' || statusOf(site) === f.status) &&
    matchesOnOff(site.firewallstatus, f.firewall) &&
    matchesOnOff(site.autotreatment, f.cleanup) &&
    matchesPeriod(site, f.period)
  );
}
