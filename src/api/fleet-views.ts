/**
 * The words of a view of the fleet: a site's statuses, the sort columns and
 * the filters' values. One list each, for the sites page's URL
 * (src/data/site-model/sites-search.ts) and the read model's requests
 * (./fleet.ts, server/readmodel/routes.ts). No zod here: the sites page's
 * search schema is in the entry chunk (lint/login-budget.test.ts).
 */

/** A site's status, worst first (src/data/site-model/site-status.ts). */
export const STATUSES = ['incurable', 'infected', 'suspicious', 'errors', 'clean', 'never'] as const;
export type SiteStatus = (typeof STATUSES)[number];

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
  'customer',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export const ON_OFF_FILTERS = ['any', 'on', 'off'] as const;
/** Scans: `due` is never scanned, or a scheduled scan overdue (src/data/site-model/site-status.ts scanDue). */
export const SCAN_FILTERS = ['any', 'due'] as const;
/** Scan period filters: the docs/partner-api.md#site_setoption values, with 0 as `off`. */
export const PERIOD_FILTERS = ['any', 'month', 'week', 'day', 'off'] as const;
/** Customer: any site, the sites with no customer known, the sites with one (the team's workspace, docs/workspace.md). */
export const CUSTOMER_FILTERS = ['any', 'none', 'known'] as const;
