/** The workspace API's input, checked with zod: a bad request is 400 with the problem in the caller's terms. */
import type { Context } from 'hono';
import { z } from 'zod';
import { MAX_BODY_BYTES } from '../../src/api/limits.ts';
import { BodyTooLarge, readLimited } from '../read-limited.ts';
import { parseCursor } from './store-activity.ts';
import { siteKey, unitKey } from './names.ts';
import { ACTIVITY_KINDS, type ActivityFilter, type ActivityKind } from './types.ts';

/** Units in one request at most: a large agency's whole directory. */
const MAX_UNITS_PER_REQUEST = 10_000;
/** Sites of one unit in one check at most (a plan's whole account). */
const MAX_SITES_PER_CHECK = 20_000;

const email = z.string().transform((value, ctx) => {
  const key = unitKey(value);
  if (key === null) {
    ctx.addIssue({ code: 'custom', message: `"${value.slice(0, 100)}" is not an e-mail address` });
    return z.NEVER;
  }
  return key;
});

const site = z.string().transform((value, ctx) => {
  const key = siteKey(value);
  if (key === null) {
    ctx.addIssue({ code: 'custom', message: `"${value.slice(0, 100)}" is not a domain name` });
    return z.NEVER;
  }
  return key;
});

/** A site's domain in the path (`/workspace/customers/<domain>`), as the workspace keys it. */
export const domainParam = site;

/** Sites in one `?domains=` query at most: a window of the table, a unit's page of sites. */
const MAX_DOMAINS_PER_QUERY = 500;

/** Comma-separated domains (`/workspace/patching?domains=a.example,b.example`), as the workspace keys them. */
export const domainsQuery = z
  .string()
  .transform((v) => v.split(',').filter((d) => d.trim() !== ''))
  .pipe(
    z
      .array(site)
      .min(1, 'domains names no site')
      .max(MAX_DOMAINS_PER_QUERY, `At most ${MAX_DOMAINS_PER_QUERY} domains at once`),
  );

export const nameBody = z.object({
  name: z
    .string()
    .trim()
    .max(80, 'The name is at most 80 characters')
    .nullable()
    .transform((v) => (v === '' ? null : v)),
});

export const unitsBody = z.object({
  emails: z.array(email).max(MAX_UNITS_PER_REQUEST, `At most ${MAX_UNITS_PER_REQUEST} e-mails at once`),
  source: z.enum(['lookup', 'import'], { message: 'source must be "lookup" or "import"' }),
});

/** Units one search of the directory answers at most (the Customer filter's list in a large directory). */
const MAX_UNITS_FOUND = 200;

/** `GET /workspace/units?q&limit`: the units whose e-mail contains `q`, the first `limit` (default 50). */
export const unitsFindQuery = z.object({
  q: z.string().max(254, 'q is at most 254 characters'),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'limit must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'limit is at least 1').max(MAX_UNITS_FOUND, `limit is at most ${MAX_UNITS_FOUND}`))
    .default(50),
});

export const checkBody = z.object({
  sites: z.array(site).max(MAX_SITES_PER_CHECK, `At most ${MAX_SITES_PER_CHECK} sites in one check`),
});

/** When this browser set sites' scan period, as it kept it before the workspace did (UNIX ms). */
export const periodSetBody = z.object({
  sites: z
    .array(z.object({ domain: site, setAt: z.number().int('setAt must be a time in milliseconds').nonnegative() }))
    .max(MAX_SITES_PER_CHECK, `At most ${MAX_SITES_PER_CHECK} sites at once`),
});

export const unitParam = email;

const time = (name: string) =>
  z
    .string()
    .regex(/^\d{1,16}$/, `${name} must be a time in milliseconds since 1970`)
    .transform(Number)
    .optional();

const activityQuery = z.object({
  user: email.optional(),
  key: z
    .string()
    .regex(/^[0-9a-f]{16}$/, 'key must be a key id')
    .optional(),
  site: site.optional(),
  unit: email.optional(),
  kind: z
    .enum(ACTIVITY_KINDS as [ActivityKind, ...ActivityKind[]], {
      message: `kind must be one of ${ACTIVITY_KINDS.join(', ')}`,
    })
    .optional(),
  from: time('from'),
  to: time('to'),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'limit must be a number from 1 to 500')
    .transform(Number)
    .optional(),
  before: z
    .string()
    .refine((v) => parseCursor(v) !== null, 'before must be the `next` of a previous page')
    .optional(),
});

export type ActivityQuery = { filter: ActivityFilter; limit: number; before: string | null };

export function parseActivityQuery(
  query: Record<string, string>,
): { ok: true; value: ActivityQuery } | { ok: false; message: string } {
  const parsed = activityQuery.safeParse(query);
  if (!parsed.success) return { ok: false, message: problems(parsed.error) };
  const { limit, before, ...filter } = parsed.data;
  const defined = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) as ActivityFilter;
  return { ok: true, value: { filter: defined, limit: limit ?? 50, before: before ?? null } };
}

export function problems(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

/** A request's JSON body, checked: its value, or the 400 (413) answer to give. */
export type Read<T> = { ok: true; value: T } | { ok: false; response: Response };

export async function readJson<T>(c: Context, schema: z.ZodType<T>): Promise<Read<T>> {
  let text: string;
  try {
    text = new TextDecoder().decode(await readLimited(c.req.raw.body, MAX_BODY_BYTES));
  } catch (err) {
    if (err instanceof BodyTooLarge) {
      return {
        ok: false,
        response: c.json({ error: 'too-large', message: `The body exceeds ${MAX_BODY_BYTES} bytes` }, 413),
      };
    }
    return { ok: false, response: c.json({ error: 'bad-request', message: 'The body could not be read' }, 400) };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, response: c.json({ error: 'bad-request', message: 'The body is not JSON' }, 400) };
  }
  const parsed = schema.safeParse(json);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, response: c.json({ error: 'bad-request', message: problems(parsed.error) }, 400) };
}
