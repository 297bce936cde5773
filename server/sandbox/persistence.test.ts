/**
 * Persistence: state survives closing and reopening the database file
 * (and a kill -9 of the process: persistence-kill.test.ts, in the wide suite);
 * concurrent requests never interleave half-done changes.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { createSandbox } from './app.ts';
import { testSandboxConfig } from './config.ts';
import { enc, freshHttpSandbox, siteNames, TestBed } from './testing.ts';
import { inProcess } from './testing-http.ts';

/** The sandbox clock (GET /sandbox/health). */
async function sandboxNow(bed: TestBed): Promise<number> {
  return z.object({ now: z.number() }).parse(await (await bed.transport.request('/sandbox/health')).json()).now;
}

function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'sandbox.sqlite');
}

function openOn(dbPath: string, appKey?: string): { bed: TestBed; close(): void } {
  const sandbox = createSandbox(testSandboxConfig({ dbPath, ...(appKey ? { appKey } : {}) }));
  return { bed: new TestBed(inProcess(sandbox), sandbox.config.appKey), close: () => sandbox.close() };
}

describe('a database file', () => {
  it('keeps accounts, keys, sites, units, agency, reports, clock and outbox across a restart', async () => {
    const dbPath = tempDb();
    const first = openOn(dbPath);
    const account = await first.bed.signUpAndIn('keep@partner.example');
    await first.bed.createAgency(account, { title: 'Kept Agency' });
    await first.bed.addSites(account, ['a.example', { name: 'b.example', share: 'u@unit.example' }, 'bücher.example']);
    await first.bed.ok('/api/site_setoption/a.example/firewall/disable/', { key: account });
    await first.bed.ok('/api/site_scan/b.example/', { key: account });
    await first.bed.advance(3600);
    const dashboard = z.string().parse(await first.bed.ok('/api/dashboard/', { key: account }));
    const before = await first.bed.listSites(account, '?withscanreport&withfwhistory');
    const mails = await first.bed.outbox('keep@partner.example');
    first.close();

    const second = openOn(dbPath);
    onTestFinished(() => second.close());
    // The same key, signature and all, still works.
    const after = await second.bed.listSites(account, '?withscanreport&withfwhistory');
    expect(after).toEqual(before);
    expect(after.find((s) => s.host === 'b.example')?.scanreport?.id).toBeTypeOf('number');
    expect((await second.bed.listSites(account, `?unit=${enc('u@unit.example')}`)).map((s) => s.host)).toEqual([
      'b.example',
    ]);
    expect(await second.bed.ok('/api/agency_view/', { key: account })).toMatchObject({ title: 'Kept Agency' });
    expect(await second.bed.outbox('keep@partner.example')).toEqual(mails);
    // The dashboard URL (signed with a secret kept in the database) and the moved clock survive.
    const url = new URL(dashboard);
    expect((await second.bed.transport.request(`${url.pathname}${url.search}`)).status).toBe(200);
    // A new signin is an existing user now.
    const again = await second.bed.signUpAndIn('keep@partner.example');
    expect(again.signin.user.regdate).toBeTypeOf('number');
  });

  it('keeps a signed-out key dead across a restart', async () => {
    const dbPath = tempDb();
    const first = openOn(dbPath);
    const account = await first.bed.signUpAndIn();
    await first.bed.ok('/api/signout/', { key: account });
    first.close();
    const second = openOn(dbPath);
    onTestFinished(() => second.close());
    expect((await second.bed.call('/api/api_keyinfo/', { key: account })).envelope.error).toBe(502);
  });
});

describe('the application key', () => {
  const appKeyId = async (bed: TestBed) =>
    z.object({ id: z.string() }).parse(await bed.ok('/api/api_keyinfo/', { key: bed.appKey })).id;
  /** The id an earlier sandbox derived from the key: `app` + 8 hex of its unsalted SHA-256. */
  const hashedId = (key: string) => `app${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
  const appRows = (dbPath: string) => {
    const db = new Database(dbPath, { readonly: true });
    try {
      return z.array(z.object({ id: z.string() })).parse(db.prepare("SELECT id FROM keys WHERE kind = 'app'").all());
    } finally {
      db.close();
    }
  };

  it('has a random id, not one derived from the key, kept across restarts', async () => {
    const dbPath = tempDb();
    const first = openOn(dbPath);
    const id = await appKeyId(first.bed);
    expect(id).toMatch(/^app[0-9a-f]{16}$/);
    expect(id).not.toBe(hashedId(first.bed.appKey.key));
    const account = await first.bed.signUpAndIn();
    expect(account.signin.keydata.pid).toBe(id);
    first.close();
    const second = openOn(dbPath);
    expect(await appKeyId(second.bed)).toBe(id);
    second.close();
    expect(appRows(dbPath)).toEqual([{ id }]);
  });

  it('retires the previous application key when SANDBOX_APP_KEY changes, and revives it when it comes back', async () => {
    const dbPath = tempDb();
    const first = openOn(dbPath, 'first-application-key');
    expect((await first.bed.call('/api/api_keyinfo/', { key: { key: 'first-application-key' } })).envelope.error).toBe(
      0,
    );
    first.close();
    const second = openOn(dbPath, 'second-application-key');
    expect((await second.bed.call('/api/api_keyinfo/', { key: { key: 'first-application-key' } })).envelope.error).toBe(
      502,
    );
    expect(
      (await second.bed.call('/api/api_keyinfo/', { key: { key: 'second-application-key' } })).envelope.error,
    ).toBe(0);
    second.close();
    const third = openOn(dbPath, 'first-application-key');
    expect((await third.bed.call('/api/api_keyinfo/', { key: { key: 'first-application-key' } })).envelope.error).toBe(
      0,
    );
    expect((await third.bed.call('/api/api_keyinfo/', { key: { key: 'second-application-key' } })).envelope.error).toBe(
      502,
    );
    third.close();
  });

  it('replaces a derived id from an older database once, and the keys it made follow', async () => {
    const dbPath = tempDb();
    const first = openOn(dbPath);
    const account = await first.bed.signUpAndIn();
    const legacy = hashedId(first.bed.appKey.key);
    first.close();
    const db = new Database(dbPath);
    db.prepare("UPDATE keys SET id = ? WHERE kind = 'app'").run(legacy);
    db.prepare("UPDATE keys SET pid = ? WHERE kind = 'signin'").run(legacy);
    db.close();

    const second = openOn(dbPath);
    onTestFinished(() => second.close());
    const id = await appKeyId(second.bed);
    expect(id).toMatch(/^app[0-9a-f]{16}$/);
    expect(id).not.toBe(legacy);
    expect(await second.bed.ok('/api/api_keyinfo/', { key: account })).toMatchObject({ pid: id });
    expect(appRows(dbPath)).toEqual([{ id }]);
  });
});

describe('concurrent requests', () => {
  it('20 parallel sites_add calls over HTTP add every site exactly once', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    const batches = Array.from({ length: 20 }, (_, b) => siteNames(50, `batch${b}`));
    // Every batch also repeats a name of the batch before it: duplicates across calls are no error.
    const bodies = batches.map((names, b) => [...names, ...(batches[b - 1]?.slice(0, 5) ?? [])]);
    const results = await Promise.all(bodies.map((body) => bed.addSites(account, body)));
    expect(results).toEqual(Array.from({ length: 20 }, () => ({})));
    const sites = await bed.listSites(account);
    expect(sites).toHaveLength(1000);
    expect(new Set(sites.map((s) => s.host))).toEqual(new Set(batches.flat()));
    expect(new Set(sites.map((s) => s.id)).size).toBe(1000);
  });

  it('parallel sites_add calls respect the plan limit exactly', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    await bed.control('plan', { email: account.email, siteLimit: 100 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, b) => bed.call('/api/sites_add/', { key: account, body: siteNames(10, `p${b}`) })),
    );
    const ok = answers.filter((a) => a.envelope.error === 0);
    expect(ok).toHaveLength(10);
    expect(answers.filter((a) => a.envelope.error === 141900)).toHaveLength(2);
    expect(await bed.listSites(account)).toHaveLength(100);
  });

  it('parallel site_setoption calls on one site leave a consistent state', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['busy.example']);
    const periods = ['day', 'week', 'month'] as const;
    const started = await sandboxNow(bed);
    const calls = Array.from({ length: 30 }, (_, i) => {
      const [option, value] =
        i % 3 === 0
          ? ['permissions', String(i)]
          : i % 3 === 1
            ? ['firewall', i % 2 ? 'disable' : 'enable']
            : ['scanperiod', periods[Math.floor(i / 3) % 3] ?? 'day'];
      return bed.ok(`/api/site_setoption/busy.example/${option}/${value}/`, { key: account });
    });
    const results = await Promise.all(calls);
    const ended = await sandboxNow(bed);
    expect(results).toHaveLength(30);
    // Every period was sent, so which one won depends on the order the calls took.
    expect(new Set(results.filter((r) => Array.isArray(r) && r[1] === 'scanperiod').map((r) => String(r)))).toEqual(
      new Set(periods.map((p) => `busy.example,scanperiod,${p}`)),
    );
    const site = await bed.site(account, 'busy.example', '?withfwhistory');
    expect(Array.from({ length: 10 }, (_, k) => 3 * k)).toContain(site.permissions);
    expect([0, 1]).toContain(site.firewallstatus);
    expect([86400, 604800, 2592000]).toContain(site.scanperiod);
    // scanperiod and nextscan come from the same call: nextscan = that call's sandbox time + period.
    expect(site.nextscan - site.scanperiod).toBeGreaterThanOrEqual(started);
    expect(site.nextscan - site.scanperiod).toBeLessThanOrEqual(ended);
    // A last, sequential change is applied on top of whatever order the parallel ones took.
    await bed.ok('/api/site_setoption/busy.example/firewall/enable/', { key: account });
    await bed.ok('/api/site_setoption/busy.example/permissions/77/', { key: account });
    expect(await bed.site(account, 'busy.example')).toMatchObject({ firewallstatus: 1, permissions: 77 });
    expect(Object.values(site.fwhistory ?? {}).at(-1)).not.toBeNull();
  });
});
