/**
 * The living demo (docs/sandbox.md, "The living demo"): now and then
 * a site of the demo account gets infected, and a few hours later it is clean
 * again. Time is cut into hourly slots counted from the seed; whether a site is
 * infected at the start of a slot, and how long until it is cleaned, are pure
 * functions of its id and the slot, so the sandbox clock (and the control
 * surface's `clock`) replays the same story every time. scans.ts plays it
 * among the scans: an infection is a detection report; its clean-up, one to
 * three hours later, is a cleanup scan when automatic cleanup is on by then,
 * and the hoster's clean-up by hand, confirmed by a clean scan, when it is
 * off. So the infected sites stay few (about as many as the seed has), and
 * someone watching for an hour or two is likely to see both.
 */
import { getMeta, setMeta, type Db } from '../db.ts';
import { hash32 } from '../random.ts';
import { simulationCandidates } from '../store/sites.ts';
import { findUserByEmail } from '../store/users.ts';
import { demoUserIds } from './copy-list.ts';
import { DEMO_EMAIL, HAND_MADE_HOSTS } from './fixtures.ts';

/** One slot: an hour of sandbox time. */
export const SIM_SLOT = 3600;
/**
 * One site-hour in 40 is infected: each site about every other day, so the
 * 60-site demo (40 sites the simulation may infect) sees about one an hour and
 * a 10,000-site one about 250. Cleaned after two hours on average, about 5 %
 * of those sites are infected at a time (the seed has 5 % infected).
 */
export const INFECTION_ODDS = 40;
/** An infection is cleaned this long after it is found, at the least… */
export const CLEANUP_MIN = 3600;
/** …and at the most (seconds). */
export const CLEANUP_MAX = 3 * 3600;
/** After a long pause only the last day is played: the infections before it would be cleaned by now. */
export const MAX_SLOTS = 24;

const META = 'demo_simulation';

/** A clean-up to come: the site, and when. */
export interface Cleanup {
  siteId: number;
  at: number;
}

interface SimulationClock {
  /** Sandbox time of the seed: slot k starts at epoch + k·SIM_SLOT. */
  epoch: number;
  /** The last slot played. */
  slot: number;
  /** The clean-ups of infections played whose time has not come yet. */
  cleanups: Cleanup[];
}

/** Whether the site is infected at the start of the slot: the simulation's first decision, pure. */
export function infectedInSlot(siteId: number, slot: number): boolean {
  return hash32(siteId, slot, 0x11fec7) % INFECTION_ODDS === 0;
}

/** How long after the infection of the slot the site is cleaned (CLEANUP_MIN to CLEANUP_MAX seconds), pure. */
export function cleanupDelay(siteId: number, slot: number): number {
  return CLEANUP_MIN + (hash32(siteId, slot, 0xc1ea4) % (CLEANUP_MAX - CLEANUP_MIN + 1));
}

/** Starts the simulation at the seed: nothing happens to the seeded states before time passes. */
export function startSimulation(db: Db, now: number): void {
  writeClock(db, { epoch: now, slot: 0, cleanups: [] });
}

/** A demo copy (copies.ts) joins the clock that runs, or starts one (a sandbox seeded empty). */
export function startSimulationIfNone(db: Db, now: number): void {
  if (readClock(db) === null) startSimulation(db, now);
}

/** A demo seeded before the living demo existed starts it when a sandbox opens the database. */
export function ensureSimulation(db: Db, now: number): void {
  if (readClock(db) === null && findUserByEmail(db, DEMO_EMAIL)) startSimulation(db, now);
}

function writeClock(db: Db, clock: SimulationClock): void {
  setMeta(db, META, JSON.stringify(clock));
}

function isCleanup(value: unknown): value is Cleanup {
  return (
    typeof value === 'object' &&
    value !== null &&
    'siteId' in value &&
    'at' in value &&
    typeof value.siteId === 'number' &&
    typeof value.at === 'number'
  );
}

function readClock(db: Db): SimulationClock | null {
  const raw = getMeta(db, META);
  if (raw === undefined) return null;
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== 'object' || parsed === null || !('epoch' in parsed) || !('slot' in parsed)) return null;
  const { epoch, slot } = parsed;
  if (typeof epoch !== 'number' || typeof slot !== 'number') return null;
  // A clock written before clean-ups existed has none pending.
  const cleanups = 'cleanups' in parsed && Array.isArray(parsed.cleanups) ? parsed.cleanups.filter(isCleanup) : [];
  return { epoch, slot, cleanups };
}

/** Whether a slot has started that no pass has played yet, or a clean-up's time has come (cheap: one read). */
export function simulationDue(db: Db, now: number): boolean {
  const clock = readClock(db);
  if (clock === null) return false;
  return Math.floor((now - clock.epoch) / SIM_SLOT) > clock.slot || clock.cleanups.some((c) => c.at <= now);
}

interface Infection {
  siteId: number;
  at: number;
  /** When it is cleaned, if it takes (the site still clean or suspicious when it comes). */
  cleanupAt: number;
}

/** One pass of the simulation up to `now`, inside the transaction that plays it (scans.ts). */
export interface SimulationPass {
  /** The infections of the slots started by `now` and not played yet. */
  infections: Infection[];
  /** The clean-ups whose time has come, of infections played before. */
  cleanups: Cleanup[];
  /** An infection took: its clean-up, returned when its time has come by `now` (to play now), kept otherwise. */
  infected(infection: Infection): Cleanup | null;
  /** Stores the clean-ups still to come; the pass is over. */
  finish(): void;
}

/**
 * Takes what the simulation has to play by `now` and marks the slots played:
 * call it inside the transaction that applies it. Only demo sites that exist
 * at the slot's start, have the synchronization file and scan clean or
 * suspicious are candidates, and never the hand-made ones (the docs and tests
 * name them); the caller checks the site's state again when it applies each
 * event in time order. Null when there is no simulation (no demo account).
 */
export function startPass(db: Db, now: number): SimulationPass | null {
  const clock = readClock(db);
  if (clock === null) return null;
  const due = Math.floor((now - clock.epoch) / SIM_SLOT);
  const pending = clock.cleanups.filter((c) => c.at > now);
  const cleanups = clock.cleanups.filter((c) => c.at <= now);
  const infections: Infection[] = [];
  // The shared demo account and every live copy of it (copies.ts) are alive alike.
  for (const userId of due > clock.slot ? demoUserIds(db) : []) {
    const sites = simulationCandidates(db, userId).filter((s) => !HAND_MADE_HOSTS.has(s.host));
    for (let slot = Math.max(clock.slot + 1, due - MAX_SLOTS + 1); slot <= due; slot++) {
      const at = clock.epoch + slot * SIM_SLOT;
      for (const site of sites) {
        if (site.adddate < at && infectedInSlot(site.id, slot)) {
          infections.push({ siteId: site.id, at, cleanupAt: at + cleanupDelay(site.id, slot) });
        }
      }
    }
  }
  // Nothing to write when nothing was due (a pass for the scans alone).
  let changed = due > clock.slot || cleanups.length > 0;
  return {
    infections,
    cleanups,
    infected({ siteId, cleanupAt }) {
      const cleanup = { siteId, at: cleanupAt };
      if (cleanupAt <= now) return cleanup;
      pending.push(cleanup);
      changed = true;
      return null;
    },
    finish() {
      if (changed) writeClock(db, { epoch: clock.epoch, slot: Math.max(clock.slot, due), cleanups: pending });
    },
  };
}
