/** Whether a site matches the view's search and filters (./sites-search.ts): pure, for the table's filter functions and the tests. */
import type { ScanPeriod } from '../../api/registry/sites';
import { SCAN_PERIODS } from '../../api/registry/sites';
import type { Site } from '../../api/schemas';
import { scanDue } from '../../lib/scan-schedule';
import { statusOf } from './site-status';
import {
  FILTER_DEFAULTS,
  FILTER_KEYS,
  type OnOffFilter,
  type PeriodFilter,
  type ScanFilter,
  type SiteFilters,
} from './sites-search';

/** Whether one filter narrows the list (a search of spaces does not). */
function isActive(f: SiteFilters, key: keyof SiteFilters): boolean {
  return key === 'q' ? f.q.trim() !== '' : f[key] !== FILTER_DEFAULTS[key];
}

/** Whether any filter (the unit aside) narrows the list. */
export function isFiltered(f: SiteFilters): boolean {
  return FILTER_KEYS.some((key) => isActive(f, key));
}

/** How many of the choice filters (the search aside) narrow the list: the narrow toolbar's count. */
export function activeChoiceFilters(f: SiteFilters): number {
  return FILTER_KEYS.filter((key) => key !== 'q' && isActive(f, key)).length;
}

/** The search as typed, for comparing: trimmed, lower case, without a scheme or path (a pasted URL works). */
export function normalQuery(q: string): string {
  return q
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '');
}

/** What a search compares: the UTF-8 name and the punycode host, lower case, and the site's customer's e-mail when known. */
export function searchText(site: Pick<Site, 'domain' | 'host'>, customer?: string): string {
  const names = `${site.domain.toLowerCase()}\n${site.host.toLowerCase()}`;
  return customer === undefined ? names : `${names}\n${customer}`;
}

/** Lower-cased names, made once per site object (a search runs over every site at each keystroke). */
const lowered = new WeakMap<object, string>();
function lowerName(site: Pick<Site, 'domain' | 'host'>): string {
  let name = lowered.get(site);
  if (name === undefined) lowered.set(site, (name = searchText(site)));
  return name;
}

/** The UTF-8 name or the punycode host contains the (normalised) query. */
function matchesQuery(site: Pick<Site, 'domain' | 'host'>, query: string): boolean {
  if (query === '') return true;
  return lowerName(site).includes(query);
}

const PERIOD_NAMES: readonly ScanPeriod[] = ['month', 'week', 'day', '0'];

/** The docs/partner-api.md#site_setoption name of a scan period in seconds (docs/partner-api.md#site-object), undefined for a length the API does not set. */
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

export function matchesScan(
  site: Pick<Site, 'scanreport' | 'scanperiod'>,
  filter: ScanFilter,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  return filter === 'any' || scanDue(site, nowSeconds);
}

/** Every filter at once (the table applies them column by column; this is the same test for exports and counts). */
export function matchesFilters(
  site: Site,
  f: SiteFilters,
  nowSeconds = Math.floor(Date.now() / 1000),
  customer?: string,
): boolean {
  const query = normalQuery(f.q);
  return (
    (matchesQuery(site, query) || (query !== '' && customer?.includes(query) === true)) &&
    (f.customer === 'any' || (customer !== undefined) === (f.customer === 'known')) &&
    (f.status === 'any' || statusOf(site) === f.status) &&
    matchesOnOff(site.firewallstatus, f.firewall) &&
    matchesOnOff(site.autotreatment, f.cleanup) &&
    matchesPeriod(site, f.period) &&
    matchesScan(site, f.scan, nowSeconds)
  );
}
