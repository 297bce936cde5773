/**
 * A demo account of any size: SANDBOX_DEMO_SITES=N gives the demo
 * account N sites in every state, units in proportion, 30 days of firewall
 * history, past reports and a plan that fits; the hand-made sites stay as they
 * are; the same N always gives the same fleet.
 */
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import { createSandbox } from './app.ts';
import { ConfigError, sandboxConfigFromEnv, testSandboxConfig } from './config.ts';
import { DEMO_EMAIL } from './seed.ts';
import { enc, freshSandbox, type TestBed } from './testing.ts';
import type { Site } from './testing-schemas.ts';

const userInfo = z.looseObject({ sitelimit: z.number() });

async function demoSites(bed: TestBed, query = '?withscanreport&withfwhistory'): Promise<Site[]> {
  const demo = await bed.signUpAndIn(DEMO_EMAIL);
  return bed.listSites(demo, query);
}

/** The state a site shows, as the dashboard reads it from the report and the options. */
function stateOf(s: Site): string {
  const r = s.scanreport;
  const scan =
    r === null || r === undefined
      ? 'never scanned'
      : r.incurable > 0
        ? 'incurable'
        : r.threats > 0
          ? 'infected'
          : r.doubt > 0
            ? 'suspicious'
            : r.errors > 0
              ? 'errors'
              : 'clean';
  return `${scan}, firewall ${s.firewallstatus}, cleanup ${s.autotreatment}, period ${s.scanperiod}, permissions ${s.permissions}`;
}

describe('SANDBOX_DEMO_SITES', () => {
  it('is 60 by default and takes 20 to 100,000 sites; anything else stops the sandbox with its name', () => {
    expect(sandboxConfigFromEnv({}).demoSites).toBe(60);
    expect(sandboxConfigFromEnv({ SANDBOX_DEMO_SITES: '' }).demoSites).toBe(60);
    expect(sandboxConfigFromEnv({ SANDBOX_DEMO_SITES: '20' }).demoSites).toBe(20);
    expect(sandboxConfigFromEnv({ SANDBOX_DEMO_SITES: '100000' }).demoSites).toBe(100_000);
    for (const bad of ['19', '100001', '60.5', 'many', '-60']) {
      expect(() => sandboxConfigFromEnv({ SANDBOX_DEMO_SITES: bad }), bad).toThrow(ConfigError);
      try {
        sandboxConfigFromEnv({ SANDBOX_DEMO_SITES: bad });
      } catch (err) {
        expect(err instanceof ConfigError ? err.problems : []).toEqual([
          `SANDBOX_DEMO_SITES must be a whole number from 20 to 100000 (got "${bad}")`,
        ]);
      }
    }
  });
});

describe('a demo account of 600 sites', () => {
  it('has every state among its generated sites, units in proportion, and a plan that fits', async () => {
    const bed = freshSandbox({ seed: 'demo', demoSites: 600 });
    const sites = await demoSites(bed);
    expect(sites).toHaveLength(600);
    expect(new Set(sites.map((s) => s.host)).size).toBe(600);
    // Beyond the 60 sites of the default account: generated, in every state.
    const generated = sites.slice(60);
    const some = (label: string, test: (s: Site) => boolean) =>
      expect(generated.filter(test).length, label).toBeGreaterThan(0);
    some('an IDN domain', (s) => s.host.startsWith('xn--') && s.domain !== s.host);
    some('a sub-site', (s) => /^(shop|blog|booking|staging|portal|members)\./.test(s.host));
    some('infected without cleanup', (s) => (s.scanreport?.threats ?? 0) > 0 && s.autotreatment === 0);
    some('infected with cleanup (cleaned)', (s) => (s.scanreport?.treated ?? 0) > 0 && s.autotreatment === 1);
    some('incurable', (s) => (s.scanreport?.incurable ?? 0) > 0);
    some('suspicious', (s) => (s.scanreport?.doubt ?? 0) > 0);
    some('scan errors', (s) => (s.scanreport?.errors ?? 0) > 0);
    some('clean', (s) => s.scanreport?.threats === 0 && s.scanreport.doubt === 0);
    some('never scanned', (s) => s.scanreport === null);
    some('firewall off, with history before', (s) => {
      const days = Object.values(s.fwhistory ?? {});
      return s.firewallstatus === 0 && days.some((d) => d !== null) && days.at(-1) === null;
    });
    for (const period of [0, 86400, 604800, 2592000]) some(`scan period ${period}`, (s) => s.scanperiod === period);
    expect(new Set(generated.map((s) => s.permissions)).size).toBeGreaterThanOrEqual(4);
    some('30 days of firewall history', (s) => Object.values(s.fwhistory ?? {}).every((d) => d !== null));
    for (const s of sites) expect(Object.keys(s.fwhistory ?? {}), s.host).toHaveLength(30);
    // Past reports: every scanned site has one within its scan period (or 14 days when it has none), but
    // those whose file went weeks ago: their scheduled scans stopped then (below, 146901).
    const now = Math.floor(Date.now() / 1000);
    const late = (s: Site) =>
      s.scanreport !== null &&
      s.scanreport !== undefined &&
      now - s.scanreport.date > (s.scanperiod || 14 * 86400) + 3600;
    some('scheduled scans stopped weeks ago', (s) => s.scanperiod > 0 && late(s));
    const stopped = generated.filter(late);
    expect(stopped.length).toBeLessThan(generated.length * 0.03);

    // The sync file is missing on some: site_scan answers 146901.
    const demo = await bed.signUpAndIn(DEMO_EMAIL);
    const unscanned = generated.filter((s) => s.scanreport === null);
    const codes = await Promise.all(
      unscanned.map(async (s) => (await bed.call(`/api/site_scan/${enc(s.domain)}/`, { key: demo })).envelope.error),
    );
    expect(codes).toContain(146901);
    // Every site late for its scan lost its file: a scan is refused.
    const lateCodes = await Promise.all(
      stopped.map(async (s) => (await bed.call(`/api/site_scan/${enc(s.domain)}/`, { key: demo })).envelope.error),
    );
    expect(lateCodes.every((code) => code === 146901)).toBe(true);

    // Units in proportion (10 for 60 sites), each with sites of its own.
    const units = z
      .array(z.object({ email: z.string() }))
      .parse(bed.sandbox.state.db.prepare('SELECT email FROM units ORDER BY id').all());
    expect(units.length).toBeGreaterThanOrEqual(80);
    expect(units.length).toBeLessThanOrEqual(120);
    for (const { email } of units.slice(8, 20)) {
      expect((await bed.listSites(demo, `?unit=${enc(email)}`)).length, email).toBeGreaterThan(0);
    }
    expect(userInfo.parse(await bed.ok('/api/api_userinfo/', { key: demo })).sitelimit).toBe(750);
  });

  it('keeps the hand-made sites of the default account as they are, and the same size gives the same fleet', async () => {
    // The seed's past reports are a function of the site and the time it seeds at: one instant for all three.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 23, 12) });
    onTestFinished(() => void vi.useRealTimers());
    const small = await demoSites(freshSandbox({ seed: 'demo', demoSites: 60 }));
    const large = await demoSites(freshSandbox({ seed: 'demo', demoSites: 600 }));
    const again = await demoSites(freshSandbox({ seed: 'demo', demoSites: 600 }));
    const view = (s: Site) => `${s.domain}: ${stateOf(s)}`;
    expect(large.slice(0, 60).map(view)).toEqual(small.map(view));
    expect(again.map(view)).toEqual(large.map(view));
    const named = Object.fromEntries(small.map((s) => [s.domain, stateOf(s).split(',')[0]]));
    expect(named).toMatchObject({
      'northwind-hosting.example': 'clean',
      'bakery-rose.example': 'infected',
      'lindqvist-law.example': 'incurable',
      'greenleaf-yoga.example': 'suspicious',
      'brightpath-school.example': 'errors',
      'menu.casa-lucia.example': 'never scanned',
      'studio-kowalska.example': 'never scanned',
    });
  });
});

describe('the largest demo accounts', () => {
  it('seeds 10,000, 20,000 and 100,000 sites with unique names and units in proportion (its time: npm run bench -- sandbox)', () => {
    for (const size of [10_000, 20_000, 100_000]) {
      const sandbox = createSandbox(testSandboxConfig({ seed: 'demo', demoSites: size }));
      onTestFinished(() => sandbox.close());
      const db = sandbox.state.db;
      const count = (sql: string) => z.object({ n: z.number() }).parse(db.prepare(sql).get()).n;
      expect(count('SELECT COUNT(*) AS n FROM sites')).toBe(size);
      expect(count('SELECT COUNT(DISTINCT domain) AS n FROM sites')).toBe(size);
      expect(count('SELECT COUNT(*) AS n FROM sites WHERE last_report_id IS NOT NULL')).toBeGreaterThan(size * 0.9);
      expect(count('SELECT COUNT(*) AS n FROM units') / (size / 6)).toBeCloseTo(1, 0);
      expect(
        count('SELECT COUNT(*) AS n FROM units u WHERE NOT EXISTS (SELECT 1 FROM sites s WHERE s.unit_id = u.id)'),
      ).toBe(0);
    }
  });
});
