/**
 * docs/partner-api.md#sites_add: per-site errors in the result, keyed by index; the
 * plan limit for the whole call, which adds all its sites or none. The entries are
 * read first (sites-add-read.ts; over HTTP before the transaction, a slice at a
 * time), then written in the call's transaction, a few statements for the whole
 * call (store/sites-bulk.ts).
 */
import { SCAN_PERIODS } from '../../../src/api/registry/sites.ts';
import { requireUser, type Call } from '../call.ts';
import { checkpointWal } from '../db.ts';
import { hasAgency } from '../store/agency.ts';
import { countSites } from '../store/sites.ts';
import { insertAddedSites, setSiteUnits, siteIdsByHost, unitIdsByEmail, type AddedSite } from '../store/sites-bulk.ts';
import { byHost, ENTRIES_PER_SLICE, readSitesAdd, type ReadSite, type SitesAddReading } from './sites-add-read.ts';

/** A new site is scanned weekly, first within ten minutes. */
const NEW_SITE_PERIOD = SCAN_PERIODS.week;
const FIRST_SCAN_DELAY = 600;

/** What a call's reading came to: the entries read, or the error that ended it. */
type Outcome = { reading: SitesAddReading } | { error: unknown };

const readings = new WeakMap<Call<'sites_add'>, Outcome>();

/**
 * The reading of a call ahead of its transaction (handlers.ts PREPARATIONS): yields
 * between slices of entries. Its error is kept for the handler to throw, inside the
 * transaction, so a call answers as it would have without it.
 */
export function* prepareSitesAdd(call: Call<'sites_add'>): Generator<void, void, void> {
  let reading: SitesAddReading;
  try {
    reading = yield* readSitesAdd(call);
  } catch (error) {
    readings.set(call, { error });
    return;
  }
  readings.set(call, { reading });
  if (reading.sites.length <= ENTRIES_PER_SLICE) return;
  // A large write starts in a turn of its own, with the write-ahead log emptied in the
  // turn before it (db.ts checkpointWal). A small one is not worth a checkpoint's sync.
  yield;
  checkpointWal(call.state.db);
  yield;
}

/** The reading prepared for this call, or made now, at once (a call that came without the yielding path). */
function readingOf(call: Call<'sites_add'>): SitesAddReading {
  const outcome = readings.get(call);
  if (outcome === undefined) {
    const reader = readSitesAdd(call);
    for (;;) {
      const step = reader.next();
      if (step.done === true) return step.value;
    }
  }
  readings.delete(call);
  if ('error' in outcome) throw outcome.error;
  return outcome.reading;
}

export function sitesAdd(call: Call<'sites_add'>) {
  const user = requireUser(call);
  const { state, now } = call;
  const { db } = state;
  const { errors, sites, distinct } = readingOf(call);
  let items = distinct;
  if (items === null) {
    // An entry that shares counts only with the agency record (docs/partner-api.md#sites_add).
    const agency = hasAgency(db, user.id);
    const counted: ReadSite[] = [];
    for (const site of sites) {
      if (site.share === null || agency) counted.push(site);
      else errors[site.index] = 'Sharing needs the agency record: fill in the agency profile first (agency_update)';
    }
    items = byHost(counted);
  }

  const count = countSites(db, user.id);
  const shares = new Set<string>();
  for (const item of items.values()) if (item.share !== null) shares.add(item.share);
  // Which of the sites the account has already is looked up only when it matters: for the
  // plan, when not every one could be new, and to share those it has. Otherwise the insert
  // passes over them itself (store/sites-bulk.ts), at no cost of its own.
  const existing =
    count + items.size > user.site_limit || shares.size > 0
      ? siteIdsByHost(db, user.id, [...items.keys()])
      : new Map<string, number>();
  const adding = items.size - existing.size;
  if (count + adding > user.site_limit) {
    throw call.fail(
      'upgradeRequired',
      `The plan allows ${user.site_limit} sites; the account has ${count} and this call adds ${adding}`,
    );
  }

  const units = unitIdsByEmail(db, user.id, [...shares], now);
  const shared: [number, number][] = [];
  const added: AddedSite[] = [];
  for (const item of items.values()) {
    const unitId = item.share === null ? null : (units.get(item.share) ?? null);
    const id = existing.get(item.host);
    if (id !== undefined) {
      if (unitId !== null) shared.push([id, unitId]);
      continue;
    }
    // The firewall runs through the synchronization file: without one it starts off,
    // as `firewall enable` would refuse it (145903), and accrues no history.
    added.push({
      host: item.host,
      domain: item.domain,
      unitId,
      firewall: item.syncfile ? 'enabled' : 'disabled',
      syncfile: item.syncfile,
      profile: item.profile,
    });
  }
  setSiteUnits(db, shared);
  const common = { userId: user.id, adddate: now, scanperiod: NEW_SITE_PERIOD, nextscan: now + FIRST_SCAN_DELAY };
  insertAddedSites(db, common, added);
  return errors;
}
