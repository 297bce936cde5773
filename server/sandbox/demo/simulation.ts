/**
 * The living demo (issue 10; docs/sandbox.md, "The living demo"): now and then
 * a site of the demo account gets infected. Time is cut into hourly slots
 * counted from the seed; whether a site is infected at the start of a slot is
 * a pure function of its id and the slot, so the sandbox clock (and the
 * control surface's `clock`) replays the same story every time. Scans then do
 * the rest (scans.ts): with automatic cleanup on, the next scan cleans the
 * site; with it off, the site stays infected until cleanup is turned on and a
 * scan runs.
 */
import { getMeta, setMeta, type Db } from '../db.ts';
import { hash32 } from '../random.ts';
import { simulationCandidates } from '../store/sites.ts';
import { findUserByEmail } from '../store/users.ts';
import { DEMO_EMAIL, HAND_MADE_HOSTS } from './fixtures.ts';

/** One slot: an hour of sandbox time. */
export const SIM_SLOT = 3600;
/** One site-hour in 336 is infected: each site about once a fortnight (60 sites: about 4 a day). */
export const INFECTION_ODDS = 336;
/** After a long pause only the last week is played (as only the latest missed scan reports). */
export const MAX_SLOTS = 7 * 24;

const META = 'demo_simulation';

interface SimulationClock {
  /** Sandbox time of the seed: slot k starts at epoch + k·SIM_SLOT. */
  epoch: number;
  /** The last slot played. */
  slot: number;
}

/** Whether the site is infected at the start of the slot: the simulation's one decision, pure. */
export function infectedInSlot(siteId: number, slot: number): boolean {
  return hash32(siteId, slot, 0x11fec7) % INFECTION_ODDS === 0;
}

/** Starts the simulation at the seed: nothing happens to the seeded states before time passes. */
export function startSimulation(db: Db, now: number): void {
  const clock: SimulationClock = { epoch: now, slot: 0 };
  setMeta(db, META, JSON.stringify(clock));
}

/** A demo seeded before the living demo existed starts it when a sandbox opens the database. */
export function ensureSimulation(db: Db, now: number): void {
  if (readClock(db) === null && findUserByEmail(db, DEMO_EMAIL)) startSimulation(db, now);
}

function readClock(db: Db): SimulationClock | null {
  const raw = getMeta(db, META);
  if (raw === undefined) return null;
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== 'object' || parsed === null || !('epoch' in parsed) || !('slot' in parsed)) return null;
  const { epoch, slot } = parsed;
  return typeof epoch === 'number' && typeof slot === 'number' ? { epoch, slot } : null;
}

/** Whether a slot has started that no pass has played yet (cheap: one read). */
export function simulationDue(db: Db, now: number): boolean {
  const clock = readClock(db);
  return clock !== null && Math.floor((now - clock.epoch) / SIM_SLOT) > clock.slot;
}

export interface Infection {
  siteId: number;
  at: number;
}

/**
 * The infections of the slots started by `now` and not played yet, and marks
 * them played: call it inside the transaction that applies them. Only demo
 * sites that exist at the slot's start, have the synchronization file and scan
 * clean or suspicious are candidates, and never the hand-made ones (the docs
 * and tests name them); the caller checks the site's state again when it
 * applies each one in time order.
 */
export function takeInfections(db: Db, now: number): Infection[] {
  const clock = readClock(db);
  if (clock === null) return [];
  const due = Math.floor((now - clock.epoch) / SIM_SLOT);
  if (due <= clock.slot) return [];
  setMeta(db, META, JSON.stringify({ epoch: clock.epoch, slot: due } satisfies SimulationClock));
  const user = findUserByEmail(db, DEMO_EMAIL);
  if (!user) return [];
  const sites = simulationCandidates(db, user.id).filter((s) => !HAND_MADE_HOSTS.has(s.host));
  const out: Infection[] = [];
  for (let slot = Math.max(clock.slot + 1, due - MAX_SLOTS + 1); slot <= due; slot++) {
    const at = clock.epoch + slot * SIM_SLOT;
    for (const site of sites) {
      if (site.adddate < at && infectedInSlot(site.id, slot)) out.push({ siteId: site.id, at });
    }
  }
  return out;
}
