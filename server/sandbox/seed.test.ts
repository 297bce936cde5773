/**
 * Seeds: SANDBOX_SEED=demo makes a demo partner account with an agency,
 * about 60 sites in every state the UI must show and about 10 units; "empty"
 * makes nothing; a seeded database is never seeded again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { createSandbox } from './app.ts';
import { ConfigError, sandboxConfigFromEnv, testSandboxConfig } from './config.ts';
import { DEMO_EMAIL } from './seed.ts';
import { enc, freshSandbox, TestBed } from './testing.ts';
import { inProcess } from './testing-http.ts';
import { type Site } from './testing-schemas.ts';

describe('the demo seed', () => {
  it('makes the demo account with an agency and sites in every state', async () => {
    const bed = freshSandbox({ seed: 'demo' });
    expect(bed.sandbox.demoEmail).toBe(DEMO_EMAIL);
    const demo = await bed.signUpAndIn(DEMO_EMAIL);
    // An existing user: the account was there before the first signin.
    expect(demo.signin.user.regdate).toBeTypeOf('number');
    expect((await bed.outbox(DEMO_EMAIL)).filter((m) => m.otp === undefined)).toEqual([]);
    const agency = z.record(z.string(), z.string()).parse(await bed.ok('/api/agency_view/', { key: demo }));
    expect(agency).toMatchObject({ title: expect.any(String), email: expect.any(String) });
    // No logo: an .example address never resolves, and the demo pages would show a broken image.
    expect(agency.logourl).toBeUndefined();

    const sites = await bed.listSites(demo, '?withscanreport&withfwhistory');
    expect(sites.length).toBeGreaterThanOrEqual(55);
    expect(sites.length).toBeLessThanOrEqual(65);
    const some = (label: string, test: (s: Site) => boolean) =>
      expect(sites.filter(test).length, label).toBeGreaterThan(0);
    some('an IDN domain', (s) => s.host.startsWith('xn--') && s.domain !== s.host);
    some('infected', (s) => (s.scanreport?.malicious ?? 0) > 0 && (s.scanreport?.threats ?? 0) > 0);
    some('incurable', (s) => (s.scanreport?.incurable ?? 0) > 0);
    some('suspicious', (s) => (s.scanreport?.doubt ?? 0) > 0);
    some('clean', (s) => s.scanreport?.threats === 0 && s.scanreport.doubt === 0);
    some('never scanned', (s) => s.scanreport === null);
    some('firewall off', (s) => s.firewallstatus === 0);
    some('automatic cleanup on', (s) => s.autotreatment === 1);
    for (const period of [0, 86400, 604800, 2592000]) some(`scan period ${period}`, (s) => s.scanperiod === period);
    some('30 days of firewall history', (s) => Object.values(s.fwhistory ?? {}).every((d) => d !== null));
    some('firewall history with gaps', (s) => Object.values(s.fwhistory ?? {}).some((d) => d === null));
    for (const s of sites) {
      expect(Object.keys(s.fwhistory ?? {}), s.host).toHaveLength(30);
      if (s.scanperiod > 0) expect(s.nextscan, s.host).toBeGreaterThan(Math.floor(Date.now() / 1000));
      else expect(s.nextscan, s.host).toBe(0);
    }

    // A site without the sync file answers 146901; find it by trying the never-scanned ones.
    const neverScanned = sites.filter((s) => s.scanreport === null);
    const codes = await Promise.all(
      neverScanned.map(async (s) => (await bed.call(`/api/site_scan/${enc(s.domain)}/`, { key: demo })).envelope.error),
    );
    expect(codes).toContain(146901);

    // About 10 units; every shared site is listed under its unit.
    const units = bed.sandbox.state.db.prepare('SELECT email FROM units').all();
    const emails = z
      .array(z.object({ email: z.string() }))
      .parse(units)
      .map((u) => u.email);
    expect(emails.length).toBeGreaterThanOrEqual(8);
    expect(emails.length).toBeLessThanOrEqual(12);
    let shared = 0;
    for (const email of emails) {
      const unitSites = await bed.listSites(demo, `?unit=${enc(email)}`);
      expect(unitSites.length, email).toBeGreaterThan(0);
      shared += unitSites.length;
    }
    expect(shared).toBeLessThan(sites.length);
  });

  it("makes nothing with seed 'empty'", async () => {
    const bed = freshSandbox({ seed: 'empty' });
    const account = await bed.signUpAndIn(DEMO_EMAIL);
    expect(account.signin.user.regdate).toBeUndefined();
    expect(await bed.listSites(account)).toEqual([]);
    expect((await bed.call('/api/agency_view/', { key: account })).envelope.error).toBe(123900);
  });

  it('seeds a database first opened with seed "empty" and never used, when later opened with "demo"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-seed-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const dbPath = join(dir, 'late.sqlite');
    createSandbox(testSandboxConfig({ dbPath, seed: 'empty' })).close();
    const later = createSandbox(testSandboxConfig({ dbPath, seed: 'demo' }));
    onTestFinished(() => later.close());
    const bed = new TestBed(inProcess(later), later.config.appKey);
    const demo = await bed.signUpAndIn(DEMO_EMAIL);
    expect(demo.signin.user.regdate).toBeTypeOf('number');
    expect((await bed.listSites(demo)).length).toBeGreaterThanOrEqual(55);
  });

  it('leaves a database with users alone, whatever it was opened with first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-seed-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const dbPath = join(dir, 'used.sqlite');
    const first = createSandbox(testSandboxConfig({ dbPath, seed: 'empty' }));
    await new TestBed(inProcess(first), first.config.appKey).signUpAndIn('someone@partner.example');
    first.close();
    const second = createSandbox(testSandboxConfig({ dbPath, seed: 'demo' }));
    onTestFinished(() => second.close());
    const users = z
      .array(z.object({ email: z.string() }))
      .parse(second.state.db.prepare('SELECT email FROM users').all());
    expect(users.map((u) => u.email)).toEqual(['someone@partner.example']);
  });

  it('knows only the seeds "demo" and "empty"', () => {
    expect(sandboxConfigFromEnv({ SANDBOX_SEED: 'empty' }).seed).toBe('empty');
    expect(() => sandboxConfigFromEnv({ SANDBOX_SEED: 'none' })).toThrow(ConfigError);
  });

  it('does not seed a database again on restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-seed-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const dbPath = join(dir, 'seeded.sqlite');
    const first = createSandbox(testSandboxConfig({ dbPath, seed: 'demo' }));
    const bed = new TestBed(inProcess(first), first.config.appKey);
    const demo = await bed.signUpAndIn(DEMO_EMAIL);
    const seeded = await bed.listSites(demo);
    const gone = seeded[0];
    if (!gone) throw new Error('no demo sites');
    await bed.ok(`/api/site_delete/${enc(gone.domain)}/`, { key: demo });
    await bed.ok('/api/agency_delete/', { key: demo });
    first.close();

    const second = createSandbox(testSandboxConfig({ dbPath, seed: 'demo' }));
    onTestFinished(() => second.close());
    const again = new TestBed(inProcess(second), second.config.appKey);
    const sites = await again.listSites(demo);
    expect(sites).toHaveLength(seeded.length - 1);
    expect(sites.map((s) => s.host)).not.toContain(gone.host);
    expect((await again.call('/api/agency_view/', { key: demo })).envelope.error).toBe(123900);
    const users = z.object({ n: z.number() }).parse(second.state.db.prepare('SELECT COUNT(*) AS n FROM users').get());
    expect(users.n).toBe(1);
  });
});
