/**
 * Zod schemas of every result of the partner API (docs/partner-api.md#records). Objects are loose:
 * the spec says fields may be added (docs/partner-api.md#site-methods, docs/partner-api.md#method-metadata, docs/partner-api.md#versioning), so extra fields pass
 * through untouched and nothing downstream guesses a shape.
 */
import * as z from 'zod/mini';
import type { MethodName } from './registry.ts';
import { AGENCY_FIELDS, AGENCY_REQUIRED } from './registry/agency.ts';

const int = z.int();

/**
 * A JSON object keyed by strings. PHP services encode an empty map as `[]` and a
 * map with keys 0..n-1 as an array, so arrays are accepted and keyed by index.
 */
function phpMap<T extends z.ZodMiniType>(value: T) {
  return z.pipe(
    z.union([z.record(z.string(), value), z.array(value)]),
    z.transform((v): Record<string, z.output<T>> =>
      Array.isArray(v) ? Object.fromEntries(v.map((item, i) => [String(i), item])) : v,
    ),
  );
}

/** docs/partner-api.md#envelope; `result` must not be read when `error` is not 0 (docs/partner-api.md#error-rules). */
export const envelopeSchema = z.looseObject({
  version: z.string(),
  keyid: z.string(),
  method: z.string(),
  timewait: z.number(),
  error: int,
  message: z.string(),
  errorinfo: z.string(),
  result: z.unknown(),
});

/** docs/partner-api.md#user; regdate only for existing users. */
const userSchema = z.looseObject({
  login: z.string(),
  email: z.string(),
  regdate: z.optional(int),
});

/** docs/partner-api.md#one-time-password. */
const otpSchema = z.looseObject({
  length: int,
  expires_in: int,
  expires_at: int,
});

/** docs/partner-api.md#sync-file-info. */
const syncfileInfoSchema = z.looseObject({
  filename: z.string(),
  download: z.string(),
});

/** docs/partner-api.md#key-pair: publickey and privatekey share this shape. */
const keyPairSchema = z.looseObject({
  id: z.string(),
  key: z.string(),
  hmac: z.string(),
});

/** docs/partner-api.md#key-metadata. */
const keyDataSchema = z.looseObject({
  owner: z.string(),
  created: int,
  modified: int,
  expires: int,
  uid: z.string(),
  ip: z.string(),
  pid: z.string(),
});

/** signup result (docs/partner-api.md#signup). */
export const signupResultSchema = z.looseObject({
  user: userSchema,
  otp: otpSchema,
});

/** signin result (docs/partner-api.md#signin): privatekey.key is the new apikey, privatekey.hmac the mac key (docs/partner-api.md#keys). */
export const signinResultSchema = z.looseObject({
  user: userSchema,
  syncfile: syncfileInfoSchema,
  publickey: keyPairSchema,
  privatekey: keyPairSchema,
  keydata: keyDataSchema,
});

/** api_keyinfo and signout results: fields not shown (docs/partner-api.md#api_keyinfo); `expires` is observed (docs/partner-api.md#key-metadata meaning). */
const keyInfoSchema = z.looseObject({
  expires: z.optional(int),
});

/**
 * api_userinfo result, or null when no user is associated (docs/partner-api.md#api_userinfo). Fields
 * are not shown: those observed in real use are named, and only id and email
 * are typed, so an unforeseen value never fails the whole answer.
 */
const userInfoSchema = z.nullable(
  z.looseObject({
    id: z.optional(z.union([z.string(), z.number()])),
    email: z.optional(z.string()),
    billtype: z.optional(z.unknown()),
    free: z.optional(z.unknown()),
    clientfile: z.optional(z.unknown()),
    avatar: z.optional(z.unknown()),
    // Read by published partner plugins to decide whether firewall and cleanup controls show.
    postpaid: z.optional(z.unknown()),
    subscription: z.optional(z.unknown()),
  }),
);

type StringFields<F extends Readonly<Record<string, string>>, R extends keyof F> = {
  -readonly [K in keyof F]: K extends R ? z.ZodMiniString<string> : z.ZodMiniOptional<z.ZodMiniString<string>>;
};

/** docs/partner-api.md#agency-record: all values are strings; title and email required. The fields are the registry's (AGENCY_FIELDS). */
function agencyRecordSchema() {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const name of Object.keys(AGENCY_FIELDS)) {
    shape[name] = (AGENCY_REQUIRED as readonly string[]).includes(name) ? z.string() : z.optional(z.string());
  }
  // Built from AGENCY_FIELDS key by key above; the mapped type says so to the compiler.
  return z.looseObject(shape as StringFields<typeof AGENCY_FIELDS, (typeof AGENCY_REQUIRED)[number]>);
}
export const agencySchema = agencyRecordSchema();

/** docs/partner-api.md#scan-report: all fields are integers. */
const scanReportSchema = z.looseObject({
  id: int,
  date: int,
  cure: int,
  threats: int,
  incurable: int,
  doubt: int,
  treated: int,
  detectedfiles: int,
  incurablefiles: int,
  malicious: int,
  suspicious: int,
  checkeddirs: int,
  checkedfiles: int,
  treatedfiles: int,
  deletedfiles: int,
  totalbytes: int,
  checkedbytes: int,
  errors: int,
});

/** One day of docs/partner-api.md#firewall-history: [date, allowed, blocked, dos, xss/sqli, uploads, other, unique IPs]. */
const fwDaySchema = z.tuple([int, int, int, int, int, int, int, int]);

/** docs/partner-api.md#firewall-history: YYYYMMDD → null (no data) or the 8 counters. */
export const fwHistorySchema = z.record(z.string().check(z.regex(/^\d{8}$/)), z.nullable(fwDaySchema));

const FW_DATE = /^\d{8}$/;

/**
 * Exactly what fwHistorySchema accepts, checked without building a copy: a
 * 10,000-site fleet's history has 300,000 days, which the schema checks in
 * about half a second and this in milliseconds (schemas.test.ts holds the two
 * to the same answers). Where it says no, parse with the schema for its issue.
 */
export function isFwHistory(value: unknown): value is z.infer<typeof fwHistorySchema> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const history = value as Record<string, unknown>;
  // Keys and indexes rather than entries and iterators: it runs over 300,000 days (10,000 sites).
  const dates = Object.keys(history);
  for (let i = 0; i < dates.length; i++) {
    const date = dates[i] as string;
    if (!FW_DATE.test(date)) return false;
    const day = history[date];
    if (day === null) continue;
    if (!Array.isArray(day) || day.length !== 8) return false;
    for (let j = 0; j < 8; j++) if (!Number.isSafeInteger(day[j])) return false;
  }
  return true;
}

/** docs/partner-api.md#site-object, with scanreport (docs/partner-api.md#scan-report) and fwhistory (docs/partner-api.md#firewall-history) only when asked for. */
export const siteSchema = z.looseObject({
  id: int,
  host: z.string(),
  domain: z.string(),
  adddate: int,
  scanperiod: int,
  nextscan: int,
  firewallstatus: int,
  autotreatment: int,
  permissions: int,
  scanreport: z.optional(z.nullable(scanReportSchema)),
  fwhistory: z.optional(z.nullable(fwHistorySchema)),
});

/** sites_add result (docs/partner-api.md#sites_add): request index (as a string) → that site's error message. */
const sitesAddResultSchema = phpMap(z.string());

/** docs/partner-api.md#method-metadata: everything but errprefix is optional; extra configuration may appear. */
export const methodDataSchema = z.looseObject({
  description: z.optional(z.string()),
  alwaysRaw: z.optional(int),
  httpMethods: z.optional(z.union([z.string(), z.array(z.string())])),
  path: z.optional(z.array(z.string())),
  argv: z.optional(phpMap(z.string())),
  post: z.optional(phpMap(z.string())),
  errprefix: int,
  errors: z.optional(z.array(z.string())),
});

/** api_test result (docs/partner-api.md#api_test): an echo of the request. */
const apiTestResultSchema = z.looseObject({
  REQUEST_URI: z.string(),
  PATH: z.array(z.string()),
  QUERY: phpMap(z.unknown()),
  HEADERS: phpMap(z.unknown()),
  POST: z.looseObject({ TYPE: z.string(), LENGTH: int, DATA: z.string() }),
  FILES: z.array(z.unknown()),
});

/**
 * The result schema of every method (docs/partner-api.md#methods), checked complete by the type:
 * a method added to the registry without a schema here does not compile.
 * syncfile_get answers raw text (docs/partner-api.md#syncfile_get); api_test's echo is docs/partner-api.md#api_test.
 */
export const resultSchemas = {
  signup: signupResultSchema,
  signin: signinResultSchema,
  signout: z.nullable(keyInfoSchema),
  dashboard: z.string(),
  agency_update: agencySchema,
  agency_delete: z.nullable(agencySchema),
  agency_view: agencySchema,
  unit_update: z.string(),
  unit_delete: z.nullable(z.string()),
  sites_add: sitesAddResultSchema,
  sites_list: z.array(siteSchema),
  site_delete: z.nullable(z.string()),
  site_unshare: z.string(),
  site_setoption: z.tuple([z.string(), z.string(), z.string()]),
  site_scan: z.string(),
  syncfile_get: z.string(),
  api_methodlist: z.array(z.string()),
  api_methoddata: methodDataSchema,
  api_keyinfo: keyInfoSchema,
  api_userinfo: userInfoSchema,
  api_test: apiTestResultSchema,
} as const satisfies Record<MethodName, z.ZodMiniType>;

export type Envelope = z.infer<typeof envelopeSchema>;
export type Otp = z.infer<typeof otpSchema>;
export type SigninResult = z.infer<typeof signinResultSchema>;
export type Agency = z.infer<typeof agencySchema>;
export type ScanReport = z.infer<typeof scanReportSchema>;
export type FwHistory = z.infer<typeof fwHistorySchema>;
export type Site = z.infer<typeof siteSchema>;
export type SitesAddResult = z.infer<typeof sitesAddResultSchema>;
export type MethodData = z.infer<typeof methodDataSchema>;
export type ApiTestResult = z.infer<typeof apiTestResultSchema>;
