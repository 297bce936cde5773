/**
 * The method registry: every method of the Site Security Partner API stated once
 * (spec §4). The sandbox routes, validates (system error 503) and answers
 * `api_methodlist` / `api_methoddata` from it; the client builds request targets,
 * flags and error messages from it. Isomorphic: no DOM, no Node-only imports.
 *
 * Regular expressions are kept as source strings (they are published as such by
 * `api_methoddata`, spec §2.11) and compiled with the `u` flag, so `\p{L}` works
 * for UTF-8 domain names.
 */

/** One path parameter (spec §4 "numbered (path) parameters"). */
export interface PathParam {
  name: string;
  /** Regular expression the decoded entry must match. */
  re: string;
  /** What the entry holds; the sandbox reads a `domain` liberally (a full URL stands for its host). */
  kind: 'email' | 'domain' | 'otp' | 'text' | 'method' | 'option' | 'value';
}

export type KeyKind = 'app' | 'signin';

export interface MethodDef {
  name: string;
  description: string;
  /** 3-digit prefix of method error codes (spec §7.1 rule 5). */
  errprefix: number;
  /** Messages for errprefix·900, errprefix·901, … in order (spec §7.3). */
  errors: string[];
  path: PathParam[];
  /** Named GET arguments that take a value: name → regular expression. */
  argv: Record<string, string>;
  /** Named GET arguments whose presence alone enables them ([name[=1]]). */
  flags: string[];
  /** POST arguments: name → regular expression (JSON object bodies). */
  post?: Record<string, string>;
  /** Body the method reads, when it reads one. */
  body?: 'agency' | 'sites' | 'any';
  /** Restricted HTTP methods (spec §2.11 httpMethods); absent = GET and POST. */
  httpMethods?: ('GET' | 'POST')[];
  /** The method answers raw content, never the JSON envelope (spec §2.11 alwaysRaw). */
  alwaysRaw?: boolean;
  /** Key kinds that may call the method; others get system error 505 (spec §5.11). */
  keys: KeyKind[];
}

// Regular expressions, shared by several methods.
export const RE = {
  email: String.raw`^[^\s@/<>"',;:\\]{1,64}@[^\s@/<>"',;:\\]{1,190}\.[^\s@/<>"',;:\\.]{2,63}$`,
  // A UTF-8 (or ASCII/punycode) host name: labels of letters, digits, marks and hyphens.
  domain: String.raw`^(?=.{1,253}$)(?:[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?\.)+[\p{L}\p{M}][\p{L}\p{N}\p{M}-]{0,62}$`,
  otp: String.raw`^[0-9]{4,12}$`,
  methodName: String.raw`^[a-z_]{1,40}$`,
  flag: String.raw`^(|0|1|true|false|on|off|yes|no)$`,
  // Free text: [\s\S], not `.`, which with the `u` flag stops at line breaks (spec §4.6 "any value").
  any: String.raw`^[\s\S]*$`,
} as const;

const BOTH: KeyKind[] = ['app', 'signin'];
const SIGNIN: KeyKind[] = ['signin'];

const dbError = 'Database error';

/** Every method of spec §4, in the spec's order. */
export const METHODS = [
  {
    name: 'signup',
    description: 'Send a one-time password to the e-mail of an existing or new user (spec §4.1).',
    errprefix: 111,
    errors: ['Failed to send the one-time password by e-mail', 'Registration is not allowed'],
    path: [{ name: 'email', re: RE.email, kind: 'email' }],
    argv: {},
    flags: [],
    keys: BOTH,
  },
  {
    name: 'signin',
    description: 'Check the one-time password, create the user if new, and issue a key pair (spec §4.1).',
    errprefix: 112,
    errors: [
      'The e-mail or password is unknown',
      'Failed to create the new user',
      'Failed to send the registration e-mail',
      'Failed to generate the new API key',
      'Incompatible account type',
    ],
    path: [
      { name: 'email', re: RE.email, kind: 'email' },
      { name: 'otp', re: RE.otp, kind: 'otp' },
    ],
    argv: {},
    flags: [],
    keys: BOTH,
  },
  {
    name: 'signout',
    description: 'Delete the API key in use; only keys created by signin can be deleted (spec §4.1).',
    errprefix: 113,
    // Spec §7.3: both failures share 113900; other keys may call it and get that code.
    errors: [dbError],
    path: [],
    argv: {},
    flags: [],
    keys: BOTH,
  },
  {
    name: 'dashboard',
    description: 'A dashboard login URL for the user, valid for 24 hours (spec §4.1).',
    errprefix: 114,
    errors: [],
    path: [],
    argv: {},
    flags: [],
    keys: SIGNIN,
  },
  {
    name: 'agency_update',
    description: 'Create or update the agency (hoster) record of the account (spec §4.2).',
    errprefix: 121,
    errors: [dbError],
    path: [],
    argv: {},
    flags: [],
    post: {
      // One line: the title is a heading. Free-text fields below take line breaks ([\s\S], not `.`).
      title: String.raw`^.{1,200}$`,
      email: RE.email,
      website: String.raw`^[\s\S]{0,500}$`,
      logourl: String.raw`^([hH][tT][tT][pP][sS]?://\S{1,2000})?$`,
      phone: String.raw`^[\s\S]{0,100}$`,
      country: String.raw`^[\s\S]{0,100}$`,
      zipcode: String.raw`^[\s\S]{0,40}$`,
      address: String.raw`^[\s\S]{0,500}$`,
      bank_currency: String.raw`^([A-Za-z]{3})?$`,
      bank_swift: String.raw`^[\s\S]{0,40}$`,
      bank_account: String.raw`^[\s\S]{0,100}$`,
      bank_routing: String.raw`^[\s\S]{0,100}$`,
      bank_country: String.raw`^[\s\S]{0,100}$`,
      bank_invoicemail: String.raw`^(${RE.email.slice(1, -1)})?$`,
    },
    body: 'agency',
    httpMethods: ['POST'],
    keys: SIGNIN,
  },
  {
    name: 'agency_delete',
    description: 'Delete the agency record; ignore suppresses the error when there is none (spec §4.2).',
    errprefix: 122,
    errors: [dbError, 'No agency is associated with the account'],
    path: [],
    argv: {},
    flags: ['ignore'],
    keys: SIGNIN,
  },
  {
    name: 'agency_view',
    description: 'The agency record of the account (spec §4.2).',
    errprefix: 123,
    errors: ['No agency is associated with the account'],
    path: [],
    argv: {},
    flags: [],
    keys: SIGNIN,
  },
  {
    name: 'unit_update',
    description: 'Change the e-mail of a unit; all sites shared with it follow (spec §4.4).',
    errprefix: 131,
    errors: [dbError, 'Unit not found'],
    path: [
      { name: 'unit', re: RE.email, kind: 'email' },
      { name: 'new_email', re: RE.email, kind: 'email' },
    ],
    argv: {},
    flags: [],
    keys: SIGNIN,
  },
  {
    name: 'unit_delete',
    description: 'Delete a unit; withsites also deletes its sites, ignore suppresses "not found" (spec §4.4).',
    errprefix: 132,
    errors: [dbError, 'Unit not found'],
    path: [{ name: 'unit', re: RE.email, kind: 'email' }],
    argv: {},
    flags: ['withsites', 'ignore'],
    keys: SIGNIN,
  },
  {
    name: 'sites_add',
    description:
      'Add sites: a JSON array of domain names or {name, share} objects; errors come per site in the result (spec §4.3).',
    errprefix: 141,
    errors: ['Upgrade required: the subscription plan must be upgraded to add more sites'],
    path: [],
    argv: {},
    flags: [],
    body: 'sites',
    httpMethods: ['POST'],
    keys: SIGNIN,
  },
  {
    name: 'sites_list',
    description:
      'The sites of the account, optionally of one unit, with scan reports and firewall history (spec §4.3).',
    errprefix: 142,
    errors: ['Unit not found'],
    path: [],
    argv: { unit: RE.email },
    flags: ['withscanreport', 'withfwhistory'],
    keys: SIGNIN,
  },
  {
    name: 'site_delete',
    description: 'Delete a site; ignore suppresses "not found" (spec §4.3).',
    errprefix: 143,
    errors: [dbError, 'Site not found'],
    path: [{ name: 'domain', re: RE.domain, kind: 'domain' }],
    argv: {},
    flags: ['ignore'],
    keys: SIGNIN,
  },
  {
    name: 'site_unshare',
    description: 'Stop sharing a site with a unit (spec §4.3).',
    errprefix: 144,
    errors: [dbError, 'Unit not found', 'Site not found', 'This site is not shared with this unit'],
    path: [
      { name: 'unit', re: RE.email, kind: 'email' },
      { name: 'domain', re: RE.domain, kind: 'domain' },
    ],
    argv: {},
    flags: [],
    keys: SIGNIN,
  },
  {
    name: 'site_setoption',
    description:
      'Set one option of a site: permissions, autocleanup, autopatching, firewall or scanperiod (spec §4.3).',
    errprefix: 145,
    errors: [dbError, 'Site not found', 'Invalid option or value', 'Operation failed', 'Permission denied'],
    path: [
      { name: 'domain', re: RE.domain, kind: 'domain' },
      { name: 'option', re: String.raw`^[a-z]{1,40}$`, kind: 'option' },
      { name: 'value', re: String.raw`^[a-z0-9]{1,20}$`, kind: 'value' },
    ],
    argv: {},
    flags: [],
    keys: SIGNIN,
  },
  {
    name: 'site_scan',
    description: 'Start a scan of the site through its synchronization file (spec §4.3).',
    errprefix: 146,
    errors: ['Site not found', 'Not available for this site', 'Scanner initialization failed'],
    path: [{ name: 'domain', re: RE.domain, kind: 'domain' }],
    argv: {},
    flags: [],
    keys: SIGNIN,
  },
  {
    name: 'syncfile_get',
    description: 'The synchronization file (PHP) to upload to the site root under the name it carries (spec §4.5).',
    errprefix: 150,
    errors: [],
    path: [],
    argv: {},
    flags: [],
    alwaysRaw: true,
    keys: SIGNIN,
  },
  {
    name: 'api_methodlist',
    description: 'The names of the methods available under the current API key (spec §4.6).',
    errprefix: 101,
    errors: ['Error getting the method list on the server'],
    path: [],
    argv: {},
    flags: [],
    keys: BOTH,
  },
  {
    name: 'api_methoddata',
    description: 'Metadata of one method available to the current key (spec §4.6, §2.11).',
    errprefix: 102,
    errors: ['Unknown or inaccessible method named in methodname'],
    path: [{ name: 'methodname', re: RE.methodName, kind: 'method' }],
    argv: {},
    flags: [],
    keys: BOTH,
  },
  {
    name: 'api_keyinfo',
    description: 'Metadata of the API key in use (spec §4.6).',
    errprefix: 103,
    errors: [],
    path: [],
    argv: {},
    flags: [],
    keys: BOTH,
  },
  {
    name: 'api_userinfo',
    description: 'The user associated with the API key, or null (spec §4.6).',
    errprefix: 104,
    errors: [],
    path: [],
    argv: {},
    flags: [],
    keys: BOTH,
  },
  {
    name: 'api_test',
    description: 'Debugging method: echoes the request; err makes it fail, raw prints only the result (spec §4.6).',
    errprefix: 100,
    errors: ['Test error message 0', 'Test error message 1'],
    path: [
      { name: 'item1', re: String.raw`^[a-z]+$`, kind: 'text' },
      { name: 'item2', re: String.raw`^[0-9]+$`, kind: 'text' },
      { name: 'item3', re: RE.any, kind: 'text' },
    ],
    argv: {
      str: RE.any,
      int: String.raw`^[0-9]+$`,
      nullint: String.raw`^[0-9]+$`,
      err: String.raw`^-?[0-9]+$`,
      raw: String.raw`^-?[0-9]+$`,
    },
    flags: [],
    post: {},
    body: 'any',
    keys: BOTH,
  },
] as const satisfies readonly MethodDef[];

export type MethodName = (typeof METHODS)[number]['name'];

export const METHOD_NAMES: readonly MethodName[] = METHODS.map((m) => m.name);

const byName = new Map<string, MethodDef>(METHODS.map((m) => [m.name, m]));

export function getMethod(name: string): MethodDef | undefined {
  return byName.get(name);
}

/** Named arguments that api_test requires (spec §4.6: str*, int*). */
export const REQUIRED_ARGV: Partial<Record<MethodName, string[]>> = {
  api_test: ['str', 'int'],
};

/** Required agency fields (spec §2.7). */
export const AGENCY_REQUIRED = ['title', 'email'] as const;

/** site_setoption options and their values (spec §4.3 table). */
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

/** Scan periods in seconds (spec §2.8 scanperiod). */
export const SCAN_PERIODS = { month: 30 * 86400, week: 7 * 86400, day: 86400, '0': 0 } as const;

/** Compile a registry expression (all carry the `u` flag). */
const compiled = new Map<string, RegExp>();
export function regex(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source, 'u');
    compiled.set(source, re);
  }
  return re;
}

/** The full error code for a method error index: 146 and 1 → 146901 (spec §7.1 rule 5). */
export function methodErrorCode(def: Pick<MethodDef, 'errprefix'>, index: number): number {
  return def.errprefix * 1000 + 900 + index;
}

/** System-wide error codes (spec §7.2). */
export const SYSTEM_ERRORS = {
  500: 'Service is temporarily unavailable',
  501: 'Internal system error',
  502: 'Authorization error',
  503: 'Invalid request format',
  504: 'Method not implemented or not supported',
  505: 'A higher level of access is required',
} as const;
export type SystemErrorCode = keyof typeof SYSTEM_ERRORS;

/** Flags are on when present, unless given an explicit false value (`=0`, `=false`, `=off`, `=no`). */
export function flagIsOn(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  return !/^(0|false|off|no)$/i.test(value);
}
