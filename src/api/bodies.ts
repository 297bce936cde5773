/**
 * Zod schemas of the request bodies (docs/partner-api.md#agency-methods, docs/partner-api.md#site-methods), derived from the
 * registry: the sandbox validates with them and the SPA's forms use them, so a
 * field the form accepts is a field the service accepts. zod/mini, for the
 * login route's budget. Language-neutral: callers word the issues for people.
 */
import * as z from 'zod/mini';
import { AGENCY_FIELDS, AGENCY_REQUIRED } from './registry/agency.ts';
import { regex } from './registry/define.ts';
import { MAX_SITES_PER_ADD } from './limits.ts';

type PostShape<P extends Readonly<Record<string, string>>, R extends keyof P> = {
  -readonly [K in keyof P]: K extends R ? z.ZodMiniString<string> : z.ZodMiniOptional<z.ZodMiniString<string>>;
};

/**
 * A JSON object body from a method's `post` expressions (docs/partner-api.md#method-metadata): every
 * value a string, trimmed, then matched against its expression; a required
 * field must be present and not empty. Fields the registry does not name pass
 * through (the spec lets objects grow); the handler decides what to keep.
 */
function postBodySchema<P extends Readonly<Record<string, string>>, R extends keyof P & string>(
  post: P,
  required: readonly R[],
) {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const [name, pattern] of Object.entries(post)) {
    const needed = (required as readonly string[]).includes(name);
    const matches = z.regex(regex(pattern));
    const value = needed
      ? z.string().check(z.trim(), z.minLength(1, { abort: true }), matches)
      : z.string().check(z.trim(), matches);
    shape[name] = needed ? value : z.optional(value);
  }
  // The shape is built from `post` key by key above; the mapped type says so to the compiler.
  return z.looseObject(shape as PostShape<P, R>);
}

/** agency_update's body: the agency record of docs/partner-api.md#agency-record. */
export const agencyBodySchema = postBodySchema(AGENCY_FIELDS, AGENCY_REQUIRED);
export type AgencyBody = z.input<typeof agencyBodySchema>;

/**
 * One sites_add entry (docs/partner-api.md#sites_add): a domain name (short form) or an object with
 * a name and an optional share e-mail (long form, which may gain options). Names
 * and e-mails are checked per entry by the sandbox, so each bad site gets its
 * own message in the result.
 */
export const siteEntrySchema = z.union([
  z.string(),
  z.looseObject({ name: z.string(), share: z.optional(z.nullable(z.string())) }),
]);
export type SiteEntry = z.output<typeof siteEntrySchema>;

/** sites_add's body: an array of entries, at most MAX_SITES_PER_ADD of them. */
export const sitesBodySchema = z.array(z.unknown()).check(z.maxLength(MAX_SITES_PER_ADD));
