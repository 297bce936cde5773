/**
 * The living demo (issue 10): as sandbox time passes, a demo site now and then
 * gets infected (found at once, by a report), and the next scan cleans it when
 * automatic cleanup is on; with cleanup off it stays infected until cleanup is
 * turned on and a scan runs. Deterministic under the control clock; the seeded
 * states do not move until time passes; other accounts are left alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { HAND_MADE_HOSTS } from './demo/fixtures.ts';
import { infectedInSlot, INFECTION_ODDS, MAX_SLOTS, SIM_SLOT } from './demo/simulation.ts';
import { createSandbox } from './app.ts';
import { testSandboxConfig } from './config.ts';
import { DEMO_EMAIL } from './seed.ts';
import { enc, freshSandbox, type Account, type TestBed } from './testing.ts';
import type { Sandbox } from './app.ts';
import type { Site } from './testing-schemas.ts';

const siteRows = z.array(
  z.object({ id: z.number(), host: z.string(), domain: z.string(), autotreatment: z.number(), profile: z.string() }),
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

/** Moves the sandbox clock to `at` (it only moves forward). */
async function advanceTo(bed: TestBed, at: number): Promise<void> {
  await bed.advance(Math.max(0, at - (await now(bed))));
}

/** The demo site the simulation infects first among those matching `pick`, and the slot. */
function firstInfected(bed: Bed, pick: (s: z.infer<typeof siteRows>[number]) => boolean) {
  const sites = siteRows
    .parse(bed.sandbox.state.db.prepare("SELECT * FROM sites WHERE profile = 'clean' ORDER BY id").all())
    .filter((s) => !HAND_MADE_HOSTS.has(s.host) && pick(s));
  for (let slot = 1; slot < 20 * INFECTION_ODDS; slot++) {
    const site = sites.find((s) => infectedInSlot(s.id, slot));
    // A site's first infection: it is still clean then, whatever else happened.
    if (site && Array.from({ length: slot - 1 }, (_, k) => k + 1).every((k) => !infectedInSlot(site.id, k))) {
      return { site, slot };
    }
  }
  throw new Error('no infection in 20 fortnights');
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

  it('finds an infection when its slot starts, and the next scan cleans it when automatic cleanup is on', async () => {
    const bed = demoBed();
    const demo = await bed.signUpAndIn(DEMO_EMAIL);
    const { site, slot } = firstInfected(bed, (s) => s.autotreatment === 1);
    const at = epochOf(bed) + slot * SIM_SLOT;
    await advanceTo(bed, at - 1);
    expect((await siteOf(bed, demo, site.host)).scanreport?.threats).toBe(0);

    await advanceTo(bed, at);
    const found = await siteOf(bed, demo, site.host);
    expect(found.scanreport).toMatchObject({ date: at, cure: 0, treated: 0 });
    expect(found.scanreport?.threats).toBeGreaterThan(0);

    await advanceTo(bed, found.nextscan);
    const cleaned = await siteOf(bed, demo, site.host);
    expect(cleaned.scanreport).toMatchObject({ date: found.nextscan, cure: 1, threats: 0 });
    expect(cleaned.scanreport?.treated).toBeGreaterThan(0);
  });

  it('with automatic cleanup off, a site stays infected until cleanup is turned on and a scan runs', async () => {
    const bed = demoBed();
    const demo = await bed.signUpAndIn(DEMO_EMAIL);
    const { site, slot } = firstInfected(bed, (s) => s.autotreatment === 0);
    await advanceTo(bed, epochOf(bed) + slot * SIM_SLOT);
    const found = await siteOf(bed, demo, site.host);
    expect(found.scanreport?.threats).toBeGreaterThan(0);

    await advanceTo(bed, found.nextscan);
    const scanned = await siteOf(bed, demo, site.host);
    expect(scanned.scanreport).toMatchObject({ date: found.nextscan, cure: 0 });
    expect(scanned.scanreport?.threats).toBeGreaterThan(0);

    await bed.ok(`/api/site_setoption/${enc(site.domain)}/autocleanup/1/`, { key: demo });
    await bed.ok(`/api/site_scan/${enc(site.domain)}/`, { key: demo });
    await bed.advance(1);
    const cleaned = await siteOf(bed, demo, site.host);
    expect(cleaned.scanreport).toMatchObject({ cure: 1, threats: 0 });
  });

  it('keeps the seeded states until time passes, and replays the same infections in a sandbox seeded alike', async () => {
    const infections = async (bed: Bed) => {
      const demo = await bed.signUpAndIn(DEMO_EMAIL);
      const seeded = (await bed.listSites(demo, '?withscanreport')).map((s) => JSON.stringify(s));
      // Nothing has moved yet: the same answer after a call that runs the scheduler.
      expect((await bed.listSites(demo, '?withscanreport')).map((s) => JSON.stringify(s))).toEqual(seeded);
      const epoch = epochOf(bed);
      await advanceTo(bed, epoch + 3 * 86400 + SIM_SLOT / 2);
      await bed.listSites(demo); // any call runs the scheduler
      const rows = z.array(z.object({ host: z.string(), date: z.number() })).parse(
        bed.sandbox.state.db
          .prepare(
            `SELECT s.host, r.date FROM scan_reports r JOIN sites s ON s.id = r.site_id
               WHERE r.date > ? AND (r.date - ?) % ${SIM_SLOT} = 0 AND r.malicious > 0 ORDER BY r.date, s.host`,
          )
          .all(epoch, epoch),
      );
      return rows.map((r) => `${r.host} +${r.date - epoch}s`);
    };
    const first = await infections(demoBed());
    expect(first.length).toBeGreaterThan(3);
    expect(await infections(demoBed())).toEqual(first);
  });

  it('plays only the last week after a long pause, and leaves the hand-made sites and other accounts alone', async () => {
    const bed = demoBed();
    const demo = await bed.signUpAndIn(DEMO_EMAIL);
    const partner = await bed.signUpAndIn();
    await bed.addSites(partner, 60, 'shop');
    const before = await bed.listSites(demo, '?withscanreport');
    await bed.advance(60 * 86400);
    const at = await now(bed);
    const after = await bed.listSites(demo, '?withscanreport');
    const epoch = epochOf(bed);
    const infected = after.filter(
      (s) =>
        s.scanreport &&
        s.scanreport.cure === 0 &&
        s.scanreport.malicious > 0 &&
        (s.scanreport.date - epoch) % SIM_SLOT === 0,
    );
    expect(infected.length).toBeGreaterThan(0);
    for (const s of infected) expect(s.scanreport?.date ?? 0).toBeGreaterThan(at - MAX_SLOTS * SIM_SLOT);
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
