/**
 * The living demo: as sandbox time passes, a demo site now and then
 * gets infected (found at once, by a report), and one to three hours later it
 * is clean again: a cleanup scan cleans it when automatic cleanup is on, the
 * hoster cleans it by hand (a clean scan) when it is off. So the infected
 * sites stay few, and someone watching for two hours likely sees both.
 * Deterministic under the control clock; the seeded states do not move until
 * time passes; other accounts are left alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { HAND_MADE_HOSTS } from './demo/fixtures.ts';
import {
  cleanupDelay,
  CLEANUP_MAX,
  CLEANUP_MIN,
  infectedInSlot,
  INFECTION_ODDS,
  MAX_SLOTS,
  SIM_SLOT,
} from './demo/simulation.ts';
import { createSandbox } from './app.ts';
import { testSandboxConfig } from './config.ts';
import { DEMO_EMAIL } from './seed.ts';
import { enc, freshSandbox, type Account, type TestBed } from './testing.ts';
import type { Sandbox } from './app.ts';
import type { Site } from './testing-schemas.ts';

const siteRows = z.array(
  z.object({
    id: z.number(),
    host: z.string(),
    domain: z.string(),
    autotreatment: z.number(),
    profile: z.string(),
    nextscan: z.number(),
  }),
);
type SiteRow = z.infer<typeof siteRows>[number];
const reportRows = z.array(
  z.object({
    site_id: z.number(),
    host: z.string(),
    date: z.number(),
    cure: z.number(),
    threats: z.number(),
    malicious: z.number(),
  }),
);
const clockSchema = z.object({ epoch: z.number(), slot: z.number() });
const healthSchema = z.object({ now: z.number() });

type Bed = TestBed & { sandbox: Sandbox };

function demoBed(): Bed {
  return freshSandbox({ seed: 'demo', scanSeconds: 1, keyDays: 365 });
}

/** The simulation's epoch (the seed's time), as stored. */
function epochOf(bed: Bed): number {
  const row = z
    .object({ value: z.string() })
    .parse(bed.sandbox.state.db.prepare("SELECT value FROM meta WHERE name = 'demo_simulation'").get());
  return clockSchema.parse(JSON.parse(row.value)).epoch;
}

async function now(bed: TestBed): Promise<number> {
  return healthSchema.parse(await (await bed.transport.request('/sandbox/health')).json()).now;
}

/**
 * The sandbox clock goes on with real time, so "just before" a moment is a
 * minute before it: a busy machine may take seconds between a move and a read.
 */
const JUST_BEFORE = 60;

/** Moves the sandbox clock to `at` (it only moves forward). */
async function advanceTo(bed: TestBed, at: number): Promise<void> {
  await bed.advance(Math.max(0, at - (await now(bed))));
}

/**
 * The demo site the simulation infects first among those matching `pick`, the
 * slot, and when the infection is cleaned. No scheduled scan of the site comes
 * between (it would clean the site itself, with cleanup on).
 */
function firstInfected(bed: Bed, pick: (s: SiteRow) => boolean) {
  const epoch = epochOf(bed);
  const sites = siteRows
    .parse(bed.sandbox.state.db.prepare("SELECT * FROM sites WHERE profile = 'clean' ORDER BY id").all())
    .filter((s) => !HAND_MADE_HOSTS.has(s.host) && pick(s));
  for (let slot = 1; slot < 20 * INFECTION_ODDS; slot++) {
    const site = sites.find(
      (s) => infectedInSlot(s.id, slot) && (s.nextscan === 0 || s.nextscan > epoch + slot * SIM_SLOT + CLEANUP_MAX),
    );
    // A site's first infection: it is still clean then, whatever else happened.
    if (site && Array.from({ length: slot - 1 }, (_, k) => k + 1).every((k) => !infectedInSlot(site.id, k))) {
      const at = epoch + slot * SIM_SLOT;
      return { site, slot, at, cleanedAt: at + cleanupDelay(site.id, slot) };
    }
  }
  throw new Error('no infection in 20 × INFECTION_ODDS hours');
}

/** The simulation's infections since the seed: reports at a slot's start that found malware. */
function infectionReports(bed: Bed) {
  const epoch = epochOf(bed);
  return reportRows.parse(
    bed.sandbox.state.db
      .prepare(
        `SELECT r.site_id, s.host, r.date, r.cure, r.threats, r.malicious FROM scan_reports r JOIN sites s ON s.id = r.site_id
           WHERE r.date > ? AND (r.date - ?) % ${SIM_SLOT} = 0 AND r.malicious > 0 AND r.cure = 0 ORDER BY r.date, s.host`,
      )
      .all(epoch, epoch),
  );
}

/** The site's first report after `date` that shows no threats: the clean-up. */
function cleanedAfter(bed: Bed, siteId: number, date: number) {
  return reportRows.parse(
    bed.sandbox.state.db
      .prepare(
        `SELECT r.site_id, s.host, r.date, r.cure, r.threats, r.malicious FROM scan_reports r JOIN sites s ON s.id = r.site_id
           WHERE r.site_id = ? AND r.date > ? AND r.threats = 0 ORDER BY r.date, r.id LIMIT 1`,
      )
      .all(siteId, date),
  )[0];
}

async function siteOf(bed: TestBed, demo: Account, host: string): Promise<Site> {
  return bed.site(demo, host, '?withscanreport');
}

describe('the living demo', () => {
  it('infects about one site-hour in INFECTION_ODDS, as a pure function of site and slot', () => {
    let hits = 0;
    for (let id = 1; id <= 200; id++) for (let slot = 1; slot <= 500; slot++) if (infectedInSlot(id, slot)) hits++;
    expect(hits / 100_000).toBeGreaterThan(0.7 / INFECTION_ODDS);
    expect(hits / 100_000).toBeLessThan(1.3 / INFECTION_ODDS);
    expect(infectedInSlot(17, 4242)).toBe(infectedInSlot(17, 4242));
  });

  it('cleans an infection one to three hours after it, as a pure function of site and slot', () => {
    const delays = Array.from({ length: 2000 }, (_, k) => cleanupDelay(1 + (k % 97), k));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(CLEANUP_MIN);
    expect(Math.max(...delays)).toBeLessThanOrEqual(CLEANUP_MAX);
    expect(CLEANUP_MAX).toBeLessThanOrEqual(3 * 3600);
    expect(cleanupDelay(17, 4242)).toBe(cleanupDelay(17, 4242));
  });

  it('finds an infection when its slot starts, and with automatic cleanup on a cleanup scan cleans it within hours', async () => {
    const bed = demoBed();
    const demo = await bed.signUpAndIn(DEMO_EMAIL);
    const { site, at, cleanedAt } = firstInfected(bed, (s) => s.autotreatment === 1);
    await advanceTo(bed, at - JUST_BEFORE);
    expect((await siteOf(bed, demo, site.host)).scanreport?.threats).toBe(0);

    await advanceTo(bed, at);
    const found = await siteOf(bed, demo, site.host);
    expect(found.scanreport).toMatchObject({ date: at, cure: 0, treated: 0 });
    expect(found.scanreport?.threats).toBeGreaterThan(0);

    await advanceTo(bed, cleanedAt - JUST_BEFORE);
    expect((await siteOf(bed, demo, site.host)).scanreport).toMatchObject({ date: at, cure: 0 });
    await advanceTo(bed, cleanedAt);
    const cleaned = await siteOf(bed, demo, site.host);
    expect(cleaned.scanreport).toMatchObject({ date: cleanedAt, cure: 1, threats: 0 });
    expect(cleaned.scanreport?.treated).toBeGreaterThan(0);
  });

  it('with automatic cleanup off, the hoster cleans it by hand within hours: a scan then finds it clean', async () => {
    const bed = demoBed();
    const demo = await bed.signUpAndIn(DEMO_EMAIL);
    const { site, at, cleanedAt } = firstInfected(bed, (s) => s.autotreatment === 0);
    await advanceTo(bed, at);
    const found = await siteOf(bed, demo, site.host);
    expect(found.scanreport?.threats).toBeGreaterThan(0);
    // A scan meanwhile (cleanup off) finds it still infected.
    await bed.ok(`/api/site_scan/${enc(site.domain)}/`, { key: demo });
    await bed.advance(1);
    const scanned = await siteOf(bed, demo, site.host);
    expect(scanned.scanreport).toMatchObject({ cure: 0 });
    expect(scanned.scanreport?.date).toBeGreaterThan(at);
    expect(scanned.scanreport?.threats).toBeGreaterThan(0);

    await advanceTo(bed, cleanedAt);
    const cleaned = await siteOf(bed, demo, site.host);
    expect(cleaned.scanreport).toMatchObject({ date: cleanedAt, cure: 0, treated: 0, threats: 0, malicious: 0 });
  });

  it('a site cleaned before its time (cleanup turned on, a scan) is left as it is then', async () => {
    const bed = demoBed();
    const demo = await bed.signUpAndIn(DEMO_EMAIL);
    const { site, at, cleanedAt } = firstInfected(bed, (s) => s.autotreatment === 0);
    await advanceTo(bed, at);
    await bed.ok(`/api/site_setoption/${enc(site.domain)}/autocleanup/1/`, { key: demo });
    await bed.ok(`/api/site_scan/${enc(site.domain)}/`, { key: demo });
    await bed.advance(1);
    const cleaned = await siteOf(bed, demo, site.host);
    expect(cleaned.scanreport).toMatchObject({ cure: 1, threats: 0 });
    await advanceTo(bed, cleanedAt);
    expect((await siteOf(bed, demo, site.host)).scanreport?.id).toBe(cleaned.scanreport?.id);
  });

  it('over three days the infected sites stay few, each infection is cleaned within CLEANUP_MAX, and two hours likely show both', async () => {
    const bed = demoBed();
    const demo = await bed.signUpAndIn(DEMO_EMAIL);
    const epoch = epochOf(bed);
    const infectedNow = async () =>
      (await bed.listSites(demo, '?withscanreport')).filter((s) => (s.scanreport?.threats ?? 0) > 0).length;
    const seeded = await infectedNow();
    const hours = 72;
    const infected: number[] = [];
    for (let hour = 1; hour <= hours; hour++) {
      // Half past: the slot's infections and the clean-ups due by then are played.
      await advanceTo(bed, epoch + hour * SIM_SLOT + SIM_SLOT / 2);
      infected.push(await infectedNow());
    }
    // About one an hour, each cleaned within three: a few more than the seed's at a time, never many.
    expect(Math.max(...infected)).toBeLessThanOrEqual(seeded + 8);
    expect(infected.reduce((a, b) => a + b, 0) / hours).toBeLessThanOrEqual(seeded + 4);

    await advanceTo(bed, epoch + hours * SIM_SLOT + CLEANUP_MAX);
    await bed.listSites(demo); // any call runs the scheduler
    const infections = infectionReports(bed).filter((r) => r.date <= epoch + hours * SIM_SLOT);
    expect(infections.length).toBeGreaterThan(hours / 2);
    const cleanups = infections.map((r) => {
      const cleaned = cleanedAfter(bed, r.site_id, r.date);
      expect(cleaned, `${r.host} infected at +${r.date - epoch}s`).toBeDefined();
      expect((cleaned?.date ?? Infinity) - r.date, r.host).toBeLessThanOrEqual(CLEANUP_MAX);
      return cleaned?.date ?? Infinity;
    });
    // Both kinds: cleanup scans (cleanup on) and clean-ups by hand (off).
    const kinds = new Set(infections.map((r) => cleanedAfter(bed, r.site_id, r.date)?.cure));
    expect(kinds).toEqual(new Set([0, 1]));

    // Someone watching for two hours, from any half hour: mostly an infection and a clean-up.
    let both = 0;
    for (let hour = 0; hour < hours - 2; hour++) {
      const from = epoch + hour * SIM_SLOT + SIM_SLOT / 2;
      const within = (t: number) => t >= from && t < from + 2 * SIM_SLOT;
      if (infections.some((r) => within(r.date)) && cleanups.some(within)) both++;
    }
    expect(both / (hours - 2)).toBeGreaterThan(0.6);
  });

  it('keeps the seeded states until time passes, and replays the same infections and clean-ups in a sandbox seeded alike', async () => {
    const infections = async (bed: Bed) => {
      const demo = await bed.signUpAndIn(DEMO_EMAIL);
      const seeded = (await bed.listSites(demo, '?withscanreport')).map((s) => JSON.stringify(s));
      // Nothing has moved yet: the same answer after a call that runs the scheduler.
      expect((await bed.listSites(demo, '?withscanreport')).map((s) => JSON.stringify(s))).toEqual(seeded);
      const epoch = epochOf(bed);
      // Less than MAX_SLOTS: every slot is played.
      await advanceTo(bed, epoch + 20 * SIM_SLOT + SIM_SLOT / 2);
      await bed.listSites(demo); // any call runs the scheduler
      return infectionReports(bed).map((r) => {
        const cleaned = cleanedAfter(bed, r.site_id, r.date);
        return `${r.host} +${r.date - epoch}s, cleaned +${(cleaned?.date ?? 0) - epoch}s`;
      });
    };
    const first = await infections(demoBed());
    expect(first.length).toBeGreaterThan(10);
    expect(await infections(demoBed())).toEqual(first);
  });

  it('plays only the last day after a long pause, and leaves the hand-made sites and other accounts alone', async () => {
    const bed = demoBed();
    const demo = await bed.signUpAndIn(DEMO_EMAIL);
    const partner = await bed.signUpAndIn();
    await bed.addSites(partner, 60, 'shop');
    const before = await bed.listSites(demo, '?withscanreport');
    await bed.advance(60 * 86400);
    const at = await now(bed);
    await bed.listSites(demo); // any call runs the scheduler
    const infections = infectionReports(bed);
    expect(infections.length).toBeGreaterThan(10);
    for (const r of infections) {
      expect(r.date, r.host).toBeGreaterThan(at - MAX_SLOTS * SIM_SLOT);
      // Cleaned in its time, even those whose time came during the pause.
      if (r.date + CLEANUP_MAX <= at) expect(cleanedAfter(bed, r.site_id, r.date), r.host).toBeDefined();
    }
    const after = await bed.listSites(demo, '?withscanreport');
    // The hand-made sites that scanned clean still do (scans change the others' figures, not their state).
    const clean = before.filter((b) => HAND_MADE_HOSTS.has(b.host) && b.scanreport?.threats === 0);
    expect(clean.length).toBeGreaterThan(3);
    for (const s of clean) expect(after.find((a) => a.host === s.host)?.scanreport?.threats, s.host).toBe(0);
    for (const s of await bed.listSites(partner, '?withscanreport')) expect(s.scanreport?.threats, s.host).toBe(0);
  });

  it('starts in a demo seeded before it existed when a sandbox opens the database', () => {
    const dir = mkdtempSync(join(tmpdir(), 'living-demo-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const dbPath = join(dir, 'old.sqlite');
    const old = createSandbox(testSandboxConfig({ dbPath, seed: 'demo' }));
    old.state.db.prepare("DELETE FROM meta WHERE name = 'demo_simulation'").run();
    old.state.advanceClock(86400);
    old.close();
    const reopened = createSandbox(testSandboxConfig({ dbPath, seed: 'demo' }));
    onTestFinished(() => reopened.close());
    const meta = z
      .object({ value: z.string() })
      .parse(reopened.state.db.prepare("SELECT value FROM meta WHERE name = 'demo_simulation'").get());
    const clock = clockSchema.parse(JSON.parse(meta.value));
    expect(clock.slot).toBe(0);
    expect(Math.abs(clock.epoch - reopened.state.now())).toBeLessThanOrEqual(1);
    // A database without the demo account gets none.
    const empty = createSandbox(testSandboxConfig({ dbPath: join(dir, 'empty.sqlite'), seed: 'empty' }));
    onTestFinished(() => empty.close());
    expect(empty.state.db.prepare("SELECT value FROM meta WHERE name = 'demo_simulation'").get()).toBeUndefined();
  });
});
