/**
 * `npm run demo:reset`: the demo account back to its seed in the
 * configured database, while a sandbox keeps running on the same file: its
 * sessions end, it answers the new data at once with nothing stale from its
 * caches, and other accounts are untouched.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { createSandbox } from './app.ts';
import { testSandboxConfig } from './config.ts';
import { DEMO_EMAIL } from './seed.ts';
import { spawnSandbox } from './testing-child.ts';
import { inProcess } from './testing-http.ts';
import type { Site } from './testing-schemas.ts';
import { enc, freshSandbox, TestBed, type Account } from './testing.ts';

function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'demo-reset-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'sandbox.sqlite');
}

/** Runs `npm run demo:reset`'s entry in its own process with exactly these sandbox settings. */
function demoReset(settings: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/sandbox/demo/reset-main.ts'], {
    cwd: new URL('../../', import.meta.url),
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SANDBOX_'))),
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

/** A site as the dashboard shows it, without what depends on the second of the seed or the site id. */
function view(s: Site): string {
  const r = s.scanreport;
  // The figures come from the site id; what they add up to does not.
  const scan = !r
    ? 'never scanned'
    : r.incurable > 0
      ? 'incurable'
      : r.threats + r.treated > 0
        ? 'infected'
        : r.doubt > 0
          ? 'suspicious'
          : 'clean';
  return `${s.domain} ${s.scanperiod} ${s.firewallstatus} ${s.autotreatment} ${s.permissions}: ${scan}`;
}

/** sites_list with both flags, without today's firewall figures (they grow by the second). */
async function fullList(bed: TestBed, account: Account): Promise<unknown[]> {
  return (await bed.listSites(account, '?withscanreport&withfwhistory')).map((s) => ({
    ...s,
    fwhistory: Object.fromEntries(Object.entries(s.fwhistory ?? {}).slice(0, -1)),
  }));
}

describe('npm run demo:reset', () => {
  it('restores the demo account while a sandbox runs on the file: sessions end, nothing stale, others untouched', async () => {
    const dbPath = tempDb();
    const running = createSandbox(testSandboxConfig({ dbPath, seed: 'demo', keyDays: 365 }));
    onTestFinished(() => running.close());
    const bed = new TestBed(inProcess(running), running.config.appKey);

    const partner = await bed.signUpAndIn();
    await bed.createAgency(partner);
    await bed.addSites(partner, ['one.example', { name: 'two.example', share: 'client@partner.example' }]);
    const partnerBefore = await fullList(bed, partner);

    // The demo as someone left it: sites deleted, added and changed, scans run, agency gone.
    const demo = await bed.signUpAndIn(DEMO_EMAIL);
    const seeded = await bed.listSites(demo, '?withscanreport&withfwhistory');
    await bed.ok('/api/site_delete/bakery-rose.example/', { key: demo });
    await bed.addSites(demo, ['added-by-visitor.example']);
    await bed.ok('/api/site_setoption/harbor-motors.example/firewall/enable/', { key: demo });
    await bed.ok('/api/site_scan/northwind-hosting.example/', { key: demo });
    await bed.advance(2);
    await bed.ok('/api/agency_delete/', { key: demo });
    await bed.listSites(demo, '?withscanreport&withfwhistory'); // the caches now hold the old demo
    const oldMaxId = z
      .object({ n: z.number() })
      .parse(running.state.db.prepare('SELECT MAX(id) AS n FROM sites').get()).n;

    // The running sandbox keeps answering while the reset runs in another process.
    const reset = demoReset({ SANDBOX_DB: dbPath, SANDBOX_DEMO_SITES: '2000' });
    let exited = false;
    void reset.then(() => (exited = true));
    let callsDuring = 0;
    while (!exited) {
      expect((await bed.call('/api/sites_list/', { key: partner })).envelope.error).toBe(0);
      callsDuring++;
      await new Promise((r) => setTimeout(r, 20));
    }
    const { code, out } = await reset;
    expect(code, out).toBe(0);
    expect(callsDuring).toBeGreaterThan(0);
    expect(out).toContain(`Demo account ${DEMO_EMAIL} reset in ${dbPath}`);
    expect(out).toMatch(/Removed: 60 sites, \d+ scan reports, 10 units, no agency, 1 key made by signin/);
    expect(out).toMatch(/Seeded: 2,000 sites \(SANDBOX_DEMO_SITES=2000\), \d+ units, [\d,]+ past scan reports/);

    // The old session has ended; a new one sees the seed, with new site ids.
    expect((await bed.call('/api/api_keyinfo/', { key: demo })).envelope.error).toBe(502);
    const again = await bed.signUpAndIn(DEMO_EMAIL);
    const restored = await bed.listSites(again, '?withscanreport&withfwhistory');
    expect(restored).toHaveLength(2000);
    expect(restored.slice(0, 60).map(view)).toEqual(seeded.map(view));
    expect(Math.min(...restored.map((s) => s.id))).toBeGreaterThan(oldMaxId);
    expect(await bed.ok('/api/agency_view/', { key: again })).toMatchObject({ title: 'Northwind Hosting' });
    expect(restored.map((s) => s.host)).not.toContain('added-by-visitor.example');
    // The outbox holds only the mails since the reset.
    expect((await bed.outbox(DEMO_EMAIL)).length).toBe(1);

    // Nothing stale: a sandbox started afresh on the file (empty caches) answers the same.
    const fresh = await spawnSandbox({ SANDBOX_DB: dbPath, SANDBOX_KEY_DAYS: '365' });
    onTestFinished(async () => {
      fresh.child.kill('SIGTERM');
      await fresh.exited;
    });
    expect(await fullList(fresh.bed, again)).toEqual(await fullList(bed, again));
    expect(await fullList(bed, partner)).toEqual(partnerBefore);
    expect((await bed.listSites(partner, `?unit=${enc('client@partner.example')}`)).map((s) => s.host)).toEqual([
      'two.example',
    ]);
  });

  it('makes the demo account in a database that has none, and says so', async () => {
    const dbPath = tempDb();
    createSandbox(testSandboxConfig({ dbPath, seed: 'empty' })).close();
    const { code, out } = await demoReset({ SANDBOX_DB: dbPath });
    expect(code, out).toBe(0);
    expect(out).toContain('Removed: nothing (there was no demo account)');
    expect(out).toContain('Seeded: 60 sites (SANDBOX_DEMO_SITES=60), 10 units');
    // A sandbox opened later with the demo seed does not add a second demo, and names it.
    const later = createSandbox(testSandboxConfig({ dbPath, seed: 'demo' }));
    onTestFinished(() => later.close());
    expect(later.demoEmail).toBe(DEMO_EMAIL);
    const users = z.object({ n: z.number() }).parse(later.state.db.prepare('SELECT COUNT(*) AS n FROM sites').get());
    expect(users.n).toBe(60);
  });

  it('stops with a clear message on a bad setting or an in-memory database', async () => {
    const bad = await demoReset({ SANDBOX_DB: tempDb(), SANDBOX_DEMO_SITES: '5' });
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('SANDBOX_DEMO_SITES must be a whole number from 20 to 100000 (got "5")');
    const memory = await demoReset({ SANDBOX_DB: ':memory:' });
    expect(memory.code).toBe(1);
    expect(memory.out).toContain('nothing to reset');
    // freshSandbox is in-memory too: the seeded demo there is what a reset compares with.
    expect(freshSandbox({ seed: 'demo' }).sandbox.demoEmail).toBe(DEMO_EMAIL);
  });
});
