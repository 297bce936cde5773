/**
 * The reading side of sites_add (docs/partner-api.md#sites_add, docs/sandbox.md
 * "Sites"): the body checked, the plan's pre-check, and each entry read into a
 * host, its UTF-8 domain and a share e-mail, or that entry's error. Nothing is
 * written, so over HTTP it runs before the call's transaction, a slice of
 * entries at a time with a turn of the event loop between slices
 * (http/handle-api.ts handleApiYielding): 10,000 entries in any name form never
 * hold the process for long.
 */
import { domainToUnicode } from 'node:url';
import { siteEntrySchema, sitesBodySchema } from '../../../src/api/bodies.ts';
import { MAX_SITES_PER_ADD } from '../../../src/api/limits.ts';
import { requireUser, type Call } from '../call.ts';
import { SystemError } from '../errors.ts';
import { parseEmail, parseSiteName, type SiteName } from '../names.ts';
import { profileForHost, syncfileForHost } from '../scans.ts';
import { hasAgency } from '../store/agency.ts';
import { countSites, type Profile } from '../store/sites.ts';
import { quickHost, surelyNewSites } from './site-count.ts';

/**
 * Entries read between two turns of the event loop: at worst (every entry
 * through the URL parser, 2,048 characters) a few milliseconds of work.
 */
export const ENTRIES_PER_SLICE = 256;

/** One entry read as a site; `index` is its place in the body. */
export interface ReadSite {
  index: number;
  host: string;
  domain: string;
  share: string | null;
  /** How the site scans, and whether it has a synchronization file (scans.ts), should it be new. */
  profile: Profile;
  syncfile: number;
}

export interface SitesAddReading {
  /** Each entry's error message, by index (docs/partner-api.md#sites_add). */
  errors: Record<string, string>;
  /** The other entries, in the body's order, duplicates included. */
  sites: ReadSite[];
  /**
   * When no entry asks to share: the sites by host, each once, in the order of their
   * last entries (later duplicates overwrite earlier ones, docs/partner-api.md#lifecycle).
   * With a share, which entries count depends on the agency record, read when written.
   */
  distinct: Map<string, ReadSite> | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One entry (src/api/bodies.ts siteEntrySchema), or why it is not one, in the partner's terms. */
function readEntry(entry: unknown): { name: string; share: string | null | undefined } | { error: string } {
  const parsed = siteEntrySchema.safeParse(entry);
  if (parsed.success) {
    return typeof parsed.data === 'string'
      ? { name: parsed.data, share: undefined }
      : { name: parsed.data.name, share: parsed.data.share };
  }
  if (!isRecord(entry)) return { error: 'Each site must be a domain name or an object with a name' };
  if (typeof entry.name !== 'string') return { error: 'The site has no name' };
  return { error: 'The share e-mail is not a valid e-mail address' };
}

/** The quick reading when it is sure (bounded work, site-count.ts), else the full check. */
function siteNameOf(name: string): SiteName | { error: string } {
  const host = quickHost(name);
  return host === null ? parseSiteName(name) : { host, domain: domainToUnicode(host) };
}

/**
 * Reads the call's entries, yielding after each slice of ENTRIES_PER_SLICE. Throws
 * 503 for a body that is not an array of at most MAX_SITES_PER_ADD entries, and
 * 141900 for a call that surely exceeds the plan.
 */
export function* readSitesAdd(call: Call<'sites_add'>): Generator<void, SitesAddReading, void> {
  const user = requireUser(call);
  const { db } = call.state;
  const body = sitesBodySchema.safeParse(call.body);
  if (!body.success) {
    throw new SystemError(
      503,
      Array.isArray(call.body)
        ? `At most ${MAX_SITES_PER_ADD.toLocaleString('en')} sites per call`
        : 'The body must be a JSON array of sites',
    );
  }
  const entries = body.data;
  const count = countSites(db, user.id);

  // Before any per-entry work, the entries are counted: a call that fits even if every
  // entry were a new site goes on. Otherwise a call that surely exceeds the plan is
  // refused from quick readings of at most `site_limit + 1` names, none of them run
  // through the URL parser, so a 10,000-entry call the plan cannot take costs a few
  // milliseconds whatever the names' form.
  if (entries.length > user.site_limit - count) {
    const atLeast = surelyNewSites(entries, count, user.site_limit, hasAgency(db, user.id));
    if (count + atLeast > user.site_limit) {
      throw call.fail(
        'upgradeRequired',
        `The plan allows ${user.site_limit} sites; the account has ${count} and this call adds at least ${atLeast}`,
      );
    }
  }

  const errors: Record<string, string> = {};
  const sites: ReadSite[] = [];
  for (let index = 0; index < entries.length; index++) {
    if (index > 0 && index % ENTRIES_PER_SLICE === 0) yield;
    const read = readEntry(entries[index]);
    if ('error' in read) {
      errors[index] = read.error;
      continue;
    }
    const parsed = siteNameOf(read.name);
    if ('error' in parsed) {
      errors[index] = parsed.error;
      continue;
    }
    let share: string | null = null;
    if (read.share !== undefined && read.share !== null && read.share !== '') {
      share = parseEmail(read.share);
      if (share === null) {
        errors[index] = 'The share e-mail is not a valid e-mail address';
        continue;
      }
    }
    const { host, domain } = parsed;
    sites.push({ index, host, domain, share, profile: profileForHost(host), syncfile: syncfileForHost(host) });
  }
  return { errors, sites, distinct: sites.some((site) => site.share !== null) ? null : byHost(sites) };
}

/** The sites by host, the last entry of each winning and taking the place of the earlier ones. */
export function byHost(sites: readonly ReadSite[]): Map<string, ReadSite> {
  const items = new Map<string, ReadSite>();
  for (const site of sites) {
    items.delete(site.host);
    items.set(site.host, site);
  }
  return items;
}
