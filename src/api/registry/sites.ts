/** Sites, their options and scans (spec §2.8, §4.3). */
import { DB_ERROR, RE, SIGNIN, type MethodDef } from './define.ts';
import { UNIT_NOT_FOUND } from './units.ts';

/** site_setoption options and the values each takes (spec §4.3 table). */
export const SITE_OPTIONS = {
  permissions: String.raw`^[0-9]{1,10}$`,
  autocleanup: String.raw`^[01]$`,
  autopatching: String.raw`^[01]$`,
  firewall: String.raw`^(enable|disable|remove)$`,
  scanperiod: String.raw`^(month|week|day|0)$`,
} as const;
export type SiteOption = keyof typeof SITE_OPTIONS;

/** Options marked (!) in spec §4.3: may be unavailable to a key (145904). */
export const RESTRICTED_OPTIONS: readonly SiteOption[] = ['autocleanup', 'autopatching'];

/** The largest permissions bitmask the sandbox stores (a signed 32-bit integer). */
export const MAX_PERMISSIONS = 0x7fffffff;

/** site_setoption scanperiod values and their length in seconds (spec §2.8 scanperiod). */
export const SCAN_PERIODS = { month: 30 * 86400, week: 7 * 86400, day: 86400, '0': 0 } as const;
export type ScanPeriod = keyof typeof SCAN_PERIODS;

const SITE_NOT_FOUND = { name: 'siteNotFound', message: 'Site not found' } as const;
const DOMAIN = { name: 'domain', re: RE.domain, kind: 'domain' } as const;

export const SITE_METHODS = [
  {
    name: 'sites_add',
    description:
      'Add sites: a JSON array of domain names or {name, share} objects; errors come per site in the result.',
    errprefix: 141,
    errors: [
      {
        name: 'upgradeRequired',
        message: 'Upgrade required: the subscription plan must be upgraded to add more sites',
      },
    ],
    path: [],
    argv: {},
    flags: [],
    body: 'sites',
    httpMethods: ['POST'],
    keys: SIGNIN,
  },
  {
    name: 'sites_list',
    description: 'The sites of the account, optionally of one unit, with scan reports and firewall history.',
    errprefix: 142,
    errors: [UNIT_NOT_FOUND],
    path: [],
    argv: { unit: RE.email },
    flags: ['withscanreport', 'withfwhistory'],
    keys: SIGNIN,
  },
  {
    name: 'site_delete',
    description: 'Delete a site; ignore suppresses "not found".',
    errprefix: 143,
    errors: [DB_ERROR, SITE_NOT_FOUND],
    path: [DOMAIN],
    argv: {},
    flags: ['ignore'],
    keys: SIGNIN,
  },
  {
    name: 'site_unshare',
    description: 'Stop sharing a site with a unit.',
    errprefix: 144,
    errors: [
      DB_ERROR,
      UNIT_NOT_FOUND,
      SITE_NOT_FOUND,
      { name: 'notShared', message: 'This site is not shared with this unit' },
    ],
    path: [{ name: 'unit', re: RE.email, kind: 'email' }, DOMAIN],
    argv: {},
    flags: [],
    keys: SIGNIN,
  },
  {
    name: 'site_setoption',
    description: 'Set one option of a site: permissions, autocleanup, autopatching, firewall or scanperiod.',
    errprefix: 145,
    errors: [
      DB_ERROR,
      SITE_NOT_FOUND,
      { name: 'invalidOption', message: 'Invalid option or value' },
      { name: 'operationFailed', message: 'Operation failed' },
      { name: 'permissionDenied', message: 'Permission denied' },
    ],
    path: [
      DOMAIN,
      { name: 'option', re: String.raw`^[a-z]{1,40}$`, kind: 'option' },
      { name: 'value', re: String.raw`^[a-z0-9]{1,20}$`, kind: 'value' },
    ],
    argv: {},
    flags: [],
    keys: SIGNIN,
  },
  {
    name: 'site_scan',
    description: 'Start a scan of the site through its synchronization file.',
    errprefix: 146,
    errors: [
      SITE_NOT_FOUND,
      { name: 'notAvailable', message: 'Not available for this site' },
      { name: 'scannerFailed', message: 'Scanner initialization failed' },
    ],
    path: [DOMAIN],
    argv: {},
    flags: [],
    keys: SIGNIN,
  },
] as const satisfies readonly MethodDef[];
