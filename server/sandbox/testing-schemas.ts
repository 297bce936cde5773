/**
 * Schemas of what the sandbox answers (docs/partner-api.md#records), for the sandbox suite: strict,
 * so a field too many or too few fails a test. Only *.test.ts files and the
 * other testing modules import this one.
 */
import { z } from 'zod';

/** docs/partner-api.md#envelope: exactly these eight fields. */
export const envelopeSchema = z.strictObject({
  version: z.string().min(1),
  keyid: z.string(),
  method: z.string(),
  timewait: z.number().int().nonnegative(),
  error: z.number().int(),
  message: z.string(),
  errorinfo: z.string(),
  result: z.unknown(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

const int = z.number().int();

/** docs/partner-api.md#scan-report: every field an integer, nothing else. */
export const scanReportSchema = z.strictObject({
  id: int,
  date: int,
  cure: z.union([z.literal(0), z.literal(1)]),
  threats: int.nonnegative(),
  incurable: int.nonnegative(),
  doubt: int.nonnegative(),
  treated: int.nonnegative(),
  detectedfiles: int.nonnegative(),
  incurablefiles: int.nonnegative(),
  malicious: int.nonnegative(),
  suspicious: int.nonnegative(),
  checkeddirs: int.nonnegative(),
  checkedfiles: int.nonnegative(),
  treatedfiles: int.nonnegative(),
  deletedfiles: int.nonnegative(),
  totalbytes: int.nonnegative(),
  checkedbytes: int.nonnegative(),
  errors: int.nonnegative(),
});
export type ScanReport = z.infer<typeof scanReportSchema>;

/** docs/partner-api.md#firewall-history: YYYYMMDD → null or eight integers. */
const fwDaySchema = z.tuple([int, int, int, int, int, int, int, int]).nullable();
const fwHistorySchema = z.record(z.string().regex(/^\d{8}$/), fwDaySchema);
export type FwHistory = z.infer<typeof fwHistorySchema>;

/** docs/partner-api.md#site-object. */
const siteSchema = z.strictObject({
  id: int,
  host: z.string(),
  domain: z.string(),
  adddate: int,
  scanperiod: int,
  nextscan: int,
  firewallstatus: z.union([z.literal(0), z.literal(1)]),
  autotreatment: z.union([z.literal(0), z.literal(1)]),
  permissions: int,
  scanreport: scanReportSchema.nullable().optional(),
  fwhistory: fwHistorySchema.nullable().optional(),
});
export type Site = z.infer<typeof siteSchema>;
export const sitesSchema = z.array(siteSchema);

/** docs/partner-api.md#user, docs/partner-api.md#key-metadata: the signin result. */
export const signinResultSchema = z.object({
  user: z.object({ login: z.string(), email: z.string(), regdate: int.optional() }),
  syncfile: z.object({ filename: z.string().min(1), download: z.string().url() }),
  publickey: z.object({ id: z.string().min(1), key: z.string().min(1), hmac: z.string().min(1) }),
  privatekey: z.object({ id: z.string().min(1), key: z.string().min(1), hmac: z.string().min(1) }),
  keydata: z.object({
    owner: z.string(),
    created: int,
    modified: int,
    expires: int,
    uid: z.string(),
    ip: z.string(),
    pid: z.string(),
  }),
});
export type SigninResult = z.infer<typeof signinResultSchema>;

/** GET /sandbox/outbox?to= answers these objects, otp only on one-time-password mails. */
export const outboxMailSchema = z.strictObject({
  id: int,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  otp: z.string().optional(),
  sentAt: int,
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
