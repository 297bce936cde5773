/**
 * Zod schemas of every result of the partner API (spec §2). Objects are loose:
 * the spec says fields may be added (§4.3, §2.11, §9), so extra fields pass
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

/** Spec §2.1; `result` must not be read when `error` is not 0 (§7.1). */
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

/** Spec §2.2; regdate only for existing users. */
export const userSchema = z.looseObject({
  login: z.string(),
  email: z.string(),
  regdate: z.optional(int),
});

/** Spec §2.3. */
export const otpSchema = z.looseObject({
  length: int,
  expires_in: int,
  expires_at: int,
});

/** Spec §2.4. */
export const syncfileInfoSchema = z.looseObject({
  filename: z.string(),
  download: z.string(),
});

/** Spec §2.5: publickey and privatekey share this shape. */
export const keyPairSchema = z.looseObject({
  id: z.string(),
  key: z.string(),
  hmac: z.string(),
});

/** Spec §2.6. */
export const keyDataSchema = z.looseObject({
  owner: z.string(),
  created: int,
  modified: int,
  expires: int,
  uid: z.string(),
  ip: z.string(),
  pid: z.string(),
});

/** signup result (spec §4.1). */
export const signupResultSchema = z.looseObject({
  user: userSchema,
  otp: otpSchema,
});

/** signin result (spec §4.1): privatekey.key is the new apikey, privatekey.hmac the mac key (§5.7). */
export const signinResultSchema = z.looseObject({
  user: userSchema,
  syncfile: syncfileInfoSchema,
  publickey: keyPairSchema,
  privatekey: keyPairSchema,
  keydata: keyDataSchema,
});

/** api_keyinfo and signout results: fields not shown (spec §4.6); `expires` is observed (§2.6 meaning). */
export const keyInfoSchema = z.looseObject({
  expires: z.optional(int),
});

/**
 * api_userinfo result, or null when no user is associated (spec §4.6). Fields
 * are not shown: those observed in real use are named, and only id and email
 * are typed, so an unforeseen value never fails the whole answer.
 */
export const userInfoSchema = z.nullable(
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

/** Spec §2.7: all values are strings; title and email required. The fields are the registry's (AGENCY_FIELDS). */
function agencyRecordSchema() {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const name of Object.keys(AGENCY_FIELDS)) {
    shape[name] = (AGENCY_REQUIRED as readonly string[]).includes(name) ? z.string() : z.optional(z.string());
  }
  // Built from AGENCY_FIELDS key by key above; the mapped type says so to the compiler.
  return z.looseObject(shape as StringFields<typeof AGENCY_FIELDS, (typeof AGENCY_REQUIRED)[number]>);
}
export const agencySchema = agencyRecordSchema();

/** Spec §2.9: all fields are integers. */
export const scanReportSchema = z.looseObject({
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

/** One day of spec §2.10: [date, allowed, blocked, dos, xss/sqli, uploads, other, unique IPs]. */
export const fwDaySchema = z.tuple([int, int, int, int, int, int, int, int]);

/** Spec §2.10: YYYYMMDD → null (no data) or the 8 counters. */
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

/** Spec §2.8, with scanreport (§2.9) and fwhistory (§2.10) only when asked for. */
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

/** sites_add result (spec §4.3): request index (as a string) → that site's error message. */
export const sitesAddResultSchema = phpMap(z.string());

/** Spec §2.11: everything but errprefix is optional; extra configuration may appear. */
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

/** api_test result (spec §4.6): an echo of the request. */
export const apiTestResultSchema = z.looseObject({
  REQUEST_URI: z.string(),
  PATH: z.array(z.string()),
  QUERY: phpMap(z.unknown()),
  HEADERS: phpMap(z.unknown()),
  POST: z.looseObject({ TYPE: z.string(), LENGTH: int, DATA: z.string() }),
  FILES: z.array(z.unknown()),
});

/**
 * The result schema of every method (spec §4), checked complete by the type:
 * a method added to the registry without a schema here does not compile.
 * syncfile_get answers raw text (spec §4.5); api_test's echo is §4.6.
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
export type User = z.infer<typeof userSchema>;
export type Otp = z.infer<typeof otpSchema>;
export type SignupResult = z.infer<typeof signupResultSchema>;
export type SigninResult = z.infer<typeof signinResultSchema>;
export type KeyInfo = z.infer<typeof keyInfoSchema>;
export type UserInfo = NonNullable<z.infer<typeof userInfoSchema>>;
export type Agency = z.infer<typeof agencySchema>;
export type ScanReport = z.infer<typeof scanReportSchema>;
export type FwDay = z.infer<typeof fwDaySchema>;
export type FwHistory = z.infer<typeof fwHistorySchema>;
export type Site = z.infer<typeof siteSchema>;
export type SitesAddResult = z.infer<typeof sitesAddResultSchema>;
export type MethodData = z.infer<typeof methodDataSchema>;
export type ApiTestResult = z.infer<typeof apiTestResultSchema>;
