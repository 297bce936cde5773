/** docs/partner-api.md#sites_add: per-site errors in the result, keyed by index; the plan limit for the whole call. */
import { domainToUnicode } from 'node:url';
import { siteEntrySchema, sitesBodySchema } from '../../../src/api/bodies.ts';
import { MAX_SITES_PER_ADD } from '../../../src/api/limits.ts';
import { SCAN_PERIODS } from '../../../src/api/registry/sites.ts';
import { requireUser, type Call } from '../call.ts';
import { SystemError } from '../errors.ts';
import { parseEmail, parseSiteName, type SiteName } from '../names.ts';
import { profileForHost, syncfileForHost } from '../scans.ts';
import { hasAgency } from '../store/agency.ts';
import { addFwEvent, countSites, insertSite, setSiteUnit, siteIdOf } from '../store/sites.ts';
import { getOrCreateUnit } from '../store/units.ts';
import { quickHost, surelyNewSites } from './site-count.ts';

/** A new site is scanned weekly, first within ten minutes. */
const NEW_SITE_PERIOD = SCAN_PERIODS.week;
const FIRST_SCAN_DELAY = 600;

interface AddItem {
  host: string;
  domain: string;
  share: string | null;
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

export function sitesAdd(call: Call<'sites_add'>) {
  const user = requireUser(call);
  const { state, now } = call;
  const { db } = state;
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
  const agency = hasAgency(db, user.id);
  const count = countSites(db, user.id);

  // Before any per-entry work, the entries are counted: a call that fits even if every
  // entry were a new site goes on. Otherwise a call that surely exceeds the plan is
  // refused from quick readings of at most `site_limit + 1` names, none of them run
  // through the URL parser, so a 10,000-entry call the plan cannot take costs a few
  // milliseconds whatever the names' form.
  if (entries.length > user.site_limit - count) {
    const atLeast = surelyNewSites(entries, count, user.site_limit, agency);
    if (count + atLeast > user.site_limit) {
      throw call.fail(
        'upgradeRequired',
        `The plan allows ${user.site_limit} sites; the account has ${count} and this call adds at least ${atLeast}`,
      );
    }
  }

  const errors: Record<string, string> = {};
  // Later duplicates overwrite earlier options (docs/partner-api.md#lifecycle).
  const items = new Map<string, AddItem>();
  entries.forEach((entry, index) => {
    const read = readEntry(entry);
    if ('error' in read) {
      errors[index] = read.error;
      return;
    }
    const parsed = siteNameOf(read.name);
    if ('error' in parsed) {
      errors[index] = parsed.error;
      return;
    }
    let share: string | null = null;
    if (read.share !== undefined && read.share !== null && read.share !== '') {
      share = parseEmail(read.share);
      if (share === null) {
        errors[index] = 'The share e-mail is not a valid e-mail address';
        return;
      }
      if (!agency) {
        errors[index] = 'Sharing needs the agency record: fill in the agency profile first (agency_update)';
        return;
      }
    }
    items.delete(parsed.host);
    items.set(parsed.host, { host: parsed.host, domain: parsed.domain, share });
  });

  const existing = new Map<string, number>();
  for (const item of items.values()) {
    const id = siteIdOf(db, user.id, item.host);
    if (id !== undefined) existing.set(item.host, id);
  }
  const adding = items.size - existing.size;
  if (count + adding > user.site_limit) {
    throw call.fail(
      'upgradeRequired',
      `The plan allows ${user.site_limit} sites; the account has ${count} and this call adds ${adding}`,
    );
  }

  for (const item of items.values()) {
    const unitId = item.share ? getOrCreateUnit(db, user.id, item.share, now) : null;
    const id = existing.get(item.host);
    if (id !== undefined) {
      if (unitId !== null) setSiteUnit(db, id, unitId);
      continue;
    }
    // The firewall runs through the synchronization file: without one it starts off,
    // as `firewall enable` would refuse it (145903), and accrues no history.
    const syncfile = syncfileForHost(item.host);
    const siteId = insertSite(db, {
      user_id: user.id,
      host: item.host,
      domain: item.domain,
      adddate: now,
      scanperiod: NEW_SITE_PERIOD,
      nextscan: now + FIRST_SCAN_DELAY,
      firewall: syncfile ? 'enabled' : 'disabled',
      autotreatment: 0,
      autopatching: 0,
      permissions: 0,
      unit_id: unitId,
      syncfile,
      profile: profileForHost(item.host),
    });
    if (syncfile) addFwEvent(db, siteId, now, true);
  }
  return errors;
}
