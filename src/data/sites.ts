/**
 * The sites of the account (docs/partner-api.md#site-object, docs/partner-api.md#sites_list), read by the sites and units
 * pages, the site page and the overview: one `sites_list?withscanreport`
 * query for the account and one per unit (`unit=`), cached and refreshed in
 * the background. Writes change every sites_list query at once (the prefix
 * key), so the table, a unit's list and the site page agree.
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { SCAN_PERIODS, type ScanPeriod } from '../api/registry/sites';
import type { Site } from '../api/schemas';
import { useApi } from '../lib/api-context';
import { sitesQueryOptions } from './sites-query';

export type { Site };

/** The list, inside a route whose loader has ensured it. */
export function useSites(unit?: string) {
  return useSuspenseQuery(sitesQueryOptions(useApi(), unit));
}

/** The list where it may still be loading or fail on its own (a unit's sites in the units page). */
export function useSitesQuery(unit: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...sitesQueryOptions(useApi(), unit), enabled, retry: false });
}

export { findSite } from './find-site';

/** One change of site_setoption (docs/partner-api.md#site_setoption table), typed by option. */
export type SiteChange =
  | { option: 'firewall'; value: 'enable' | 'disable' | 'remove' }
  | { option: 'autocleanup' | 'autopatching'; value: 0 | 1 }
  | { option: 'scanperiod'; value: ScanPeriod }
  | { option: 'permissions'; value: number };

/**
 * The option changes a bulk change offers, in the order its menu lists them,
 * by the id the menu and its words (bulk-messages.ts) use.
 */
export const BULK_CHANGES = {
  firewallOn: { option: 'firewall', value: 'enable' },
  firewallOff: { option: 'firewall', value: 'disable' },
  cleanupOn: { option: 'autocleanup', value: 1 },
  cleanupOff: { option: 'autocleanup', value: 0 },
  patchingOn: { option: 'autopatching', value: 1 },
  patchingOff: { option: 'autopatching', value: 0 },
  periodMonth: { option: 'scanperiod', value: 'month' },
  periodWeek: { option: 'scanperiod', value: 'week' },
  periodDay: { option: 'scanperiod', value: 'day' },
  periodOff: { option: 'scanperiod', value: '0' },
} as const satisfies Record<string, SiteChange>;

/** site_setoption's value as it goes in the path. */
export function changeValue(change: SiteChange): string {
  return String(change.value);
}

/**
 * The site as it will be once the change is made (docs/partner-api.md#site-object fields). Automatic
 * patching has no field in the site object: the site is unchanged (the
 * dashboard's own memory, patching-memory.ts, holds it). A new scan period
 * starts counting now, as the service does; period 0 has no next scan.
 */
export function applyChange(site: Site, change: SiteChange, nowSeconds = Math.floor(Date.now() / 1000)): Site {
  switch (change.option) {
    case 'firewall':
      return { ...site, firewallstatus: change.value === 'enable' ? 1 : 0 };
    case 'autocleanup':
      return { ...site, autotreatment: change.value };
    case 'autopatching':
      return site;
    case 'scanperiod': {
      const seconds = SCAN_PERIODS[change.value];
      return { ...site, scanperiod: seconds, nextscan: seconds === 0 ? 0 : nowSeconds + seconds };
    }
    case 'permissions':
      return { ...site, permissions: change.value };
  }
}
