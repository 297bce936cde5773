/**
 * Scans run live: site_scan starts a scan that finishes after
 * scanSeconds and writes a docs/partner-api.md#scan-report report; scheduled scans run when nextscan
 * passes. Sandbox convention: a host whose first label contains infected,
 * incurable or suspicious scans as such; nosync… hosts have no sync file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import { listedSites, listSiteIds } from './store/sites.ts';
import { freshSandbox, type Account, type TestBed } from './testing.ts';
import { scanReportSchema, type ScanReport } from './testing-schemas.ts';

async function sandboxNow(bed: TestBed): Promise<number> {
  const res = await bed.transport.request('/sandbox/health');
  expect(res.status).toBe(200);
  return z.object({ ok: z.literal(true), now: z.number().int() }).parse(await res.json()).now;
}

async function reportOf(bed: TestBed, account: Account, host: string): Promise<ScanReport | null> {
  return (await bed.site(account, host, '?withscanreport')).scanreport ?? null;
}

/** Internal consistency every report must have. */
function expectConsistent(r: ScanReport, label: string): void {
  expect(Object.keys(r).sort(), label).toEqual(Object.keys(scanReportSchema.shape).sort());
  expect(r.checkedbytes, label).toBeLessThanOrEqual(r.totalbytes);
  expect(r.treatedfiles + r.deletedfiles, label).toBeLessThanOrEqual(r.detectedfiles);
  expect(r.incurablefiles, label).toBeLessThanOrEqual(r.malicious);
  expect(r.incurable, label).toBeLessThanOrEqual(r.threats);
  expect(r.malicious + r.suspicious, label).toBeLessThanOrEqual(r.detectedfiles);
  if (r.cure === 0) expect([r.treated, r.treatedfiles, r.deletedfiles], label).toEqual([0, 0, 0]);
  else expect(r.treated, label).toBeGreaterThan(0);
}

describe('site_scan', () => {
  it('writes a full report once the scan time has passed on the sandbox clock', async () => {
    const bed = freshSandbox({ scanSeconds: 30 });
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['clean-shop.example']);
    const started = await sandboxNow(bed);
    expect(await bed.ok('/api/site_scan/clean-shop.example/', { key: account })).toBe('clean-shop.example');
    await bed.advance(20);
    expect(await reportOf(bed, account, 'clean-shop.example')).toBeNull();
    // Asking again while it runs does not restart it.
    await bed.ok('/api/site_scan/clean-shop.example/', { key: account });
    await bed.advance(15);
    const report = await reportOf(bed, account, 'clean-shop.example');
    expect(report).not.toBeNull();
    if (!report) return;
    expectConsistent(report, 'clean');
    expect(report.date).toBeGreaterThanOrEqual(started + 30);
    expect(report.date).toBeLessThanOrEqual(started + 31);
    expect(report).toMatchObject({ cure: 0, threats: 0, incurable: 0, doubt: 0, detectedfiles: 0, malicious: 0 });
    expect(report.totalbytes).toBeGreaterThan(0);
    expect(report.checkedfiles).toBeGreaterThan(0);
  });

  it('finishes on the scheduler tick, with no request to trigger it', async () => {
    // Only the sandbox's one-second tick is faked (Date is real): the test fires it, the
    // control clock supplies the time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const bed = freshSandbox({ scanSeconds: 30 });
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['infected-blog.example']);
    const started = await sandboxNow(bed);
    await bed.ok('/api/site_scan/infected-blog.example/', { key: account });
    // Moving the clock is not a call of the API, so nothing has finished the scan yet.
    await bed.advance(31);
    const { db } = bed.sandbox.state;
    const userId = Number(account.signin.keydata.owner);
    const reportId = () => listedSites(db, listSiteIds(db, userId, null))[0]?.last_report_id ?? null;
    expect(reportId()).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(reportId()).not.toBeNull();
    const report = await reportOf(bed, account, 'infected-blog.example');
    expect(report?.id).toBe(reportId());
    expect(report?.malicious).toBeGreaterThan(0);
    expect(report?.date).toBeGreaterThanOrEqual(started + 30);
  });

  it('cures an infected site when automatic cleanup is on, and reports the threats when it is off', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['infected-a.example', 'infected-b.example']);
    await bed.ok('/api/site_setoption/infected-a.example/autocleanup/1/', { key: account });
    await bed.ok('/api/site_scan/infected-a.example/', { key: account });
    await bed.ok('/api/site_scan/infected-b.example/', { key: account });
    await bed.advance(2);
    const cured = await reportOf(bed, account, 'infected-a.example');
    const found = await reportOf(bed, account, 'infected-b.example');
    if (!cured || !found) throw new Error('no report');
    expectConsistent(cured, 'cured');
    expectConsistent(found, 'found');
    expect(cured.cure).toBe(1);
    expect(cured.treated).toBeGreaterThan(0);
    expect(cured.treatedfiles + cured.deletedfiles).toBe(cured.malicious);
    expect(cured.threats).toBe(0);
    expect(found.cure).toBe(0);
    expect(found.threats).toBeGreaterThan(0);
    expect(found.malicious).toBeGreaterThan(0);
    // After the cleanup the site scans without malware.
    await bed.ok('/api/site_scan/infected-a.example/', { key: account });
    await bed.advance(2);
    const after = await reportOf(bed, account, 'infected-a.example');
    expect(after?.id).toBeGreaterThan(cured.id);
    expect(after).toMatchObject({ malicious: 0, threats: 0, cure: 0 });
  });

  it('reports incurable and suspicious sites as such, and every report is consistent', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const hosts = [
      'incurable-shop.example',
      'suspicious-blog.example',
      'scanerrors-site.example',
      ...Array.from({ length: 8 }, (_, i) => `infected-${i}.example`),
      ...Array.from({ length: 8 }, (_, i) => `incurable-${i}.example`),
      ...Array.from({ length: 8 }, (_, i) => `plain-${i}.example`),
    ];
    await bed.addSites(account, hosts);
    for (const host of hosts.filter((_, i) => i % 2 === 0)) {
      await bed.ok(`/api/site_setoption/${host}/autocleanup/1/`, { key: account });
    }
    for (const host of hosts) await bed.ok(`/api/site_scan/${host}/`, { key: account });
    await bed.advance(2);
    const sites = await bed.listSites(account, '?withscanreport');
    for (const site of sites) {
      const r = site.scanreport;
      if (!r) throw new Error(`no report for ${site.host}`);
      expectConsistent(r, site.host);
      if (site.host.startsWith('infected') && site.autotreatment === 1) expect(r.cure, site.host).toBe(1);
    }
    const byHost = new Map(sites.map((s) => [s.host, s.scanreport]));
    expect(byHost.get('incurable-shop.example')).toMatchObject({ incurable: expect.any(Number) });
    expect(byHost.get('incurable-shop.example')?.incurable).toBeGreaterThan(0);
    expect(byHost.get('incurable-shop.example')?.incurablefiles).toBeGreaterThan(0);
    expect(byHost.get('suspicious-blog.example')?.doubt).toBeGreaterThan(0);
    expect(byHost.get('suspicious-blog.example')?.malicious).toBe(0);
    expect(byHost.get('scanerrors-site.example')?.errors).toBeGreaterThan(0);
    // Incurable threats stay after a cleanup; without one every threat stays.
    const incurable = sites.filter((s) => s.host.startsWith('incurable-'));
    expect(new Set(incurable.map((s) => s.autotreatment))).toEqual(new Set([0, 1]));
    for (const s of incurable) {
      const r = s.scanreport;
      expect(r?.incurable, s.host).toBeGreaterThan(0);
      if (s.autotreatment === 1) expect(r?.threats, s.host).toBe(r?.incurable);
      else expect(r?.threats, s.host).toBeGreaterThanOrEqual(r?.malicious ?? Infinity);
    }
  });
});

describe('scan errors of clean sites (SANDBOX_SCAN_ERROR_PERCENT)', () => {
  async function errorsOfCleanScans(percent: number): Promise<number[]> {
    const bed = freshSandbox({ scanSeconds: 1, scanErrorPercent: percent });
    const account = await bed.signUpAndIn();
    const hosts = Array.from({ length: 20 }, (_, i) => `clean-${i}.example`);
    await bed.addSites(account, hosts);
    for (const host of hosts) await bed.ok(`/api/site_scan/${host}/`, { key: account });
    await bed.advance(2);
    const reports = await Promise.all(hosts.map((host) => reportOf(bed, account, host)));
    return reports.map((r) => r?.errors ?? -1);
  }

  it('at 0 % no report of a clean site has a scan error, at 100 % every one has', async () => {
    expect(new Set(await errorsOfCleanScans(0))).toEqual(new Set([0]));
    expect((await errorsOfCleanScans(100)).every((errors) => errors > 0)).toBe(true);
  });
});

describe('scheduled scans', () => {
  it('run when nextscan passes and schedule the next one', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example', 'nosync-a.example']);
    const site = await bed.site(account, 'a.example', '?withscanreport');
    expect(site.scanreport).toBeNull();
    await bed.advance(site.nextscan - (await sandboxNow(bed)) + 1);
    const first = await bed.site(account, 'a.example', '?withscanreport');
    expect(first.scanreport?.date).toBe(site.nextscan);
    expect(first.nextscan).toBe(site.nextscan + site.scanperiod);
    // A site without the sync file cannot be scanned, but its schedule moves on.
    const nosync = await bed.site(account, 'nosync-a.example', '?withscanreport');
    expect(nosync.scanreport).toBeNull();
    expect(nosync.nextscan).toBeGreaterThan(await sandboxNow(bed));

    await bed.ok('/api/site_setoption/a.example/scanperiod/day/', { key: account });
    const daily = await bed.site(account, 'a.example');
    await bed.advance(86400 + 1);
    const second = await bed.site(account, 'a.example', '?withscanreport');
    expect(second.scanreport?.date).toBe(daily.nextscan);
    expect(second.scanreport?.id).toBeGreaterThan(first.scanreport?.id ?? Infinity);
    expect(second.nextscan).toBe(daily.nextscan + 86400);
  });

  it('after a long pause write only the latest missed run', async () => {
    const bed = freshSandbox({ keyDays: 3650 });
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    await bed.ok('/api/site_setoption/a.example/scanperiod/day/', { key: account });
    const { nextscan } = await bed.site(account, 'a.example');
    await bed.advance(10 * 86400 + 3600);
    const site = await bed.site(account, 'a.example', '?withscanreport');
    const now = await sandboxNow(bed);
    expect(site.nextscan).toBeGreaterThan(now);
    expect(site.nextscan).toBeLessThanOrEqual(now + 86400);
    expect((site.nextscan - nextscan) % 86400).toBe(0);
    expect(site.scanreport?.date).toBe(site.nextscan - 86400);
    expect(site.scanreport?.id).toBe(1);
  });
});

describe('the report text cache of a file database', () => {
  it('never reuses a deleted report’s id, so cached report text is never stale', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-cache-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const bed = freshSandbox({ dbPath: join(dir, 'db.sqlite'), scanSeconds: 5 });
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['infected-old.example']);
    await bed.ok('/api/site_scan/infected-old.example/', { key: account });
    await bed.advance(10);
    const old = await reportOf(bed, account, 'infected-old.example');
    expect(old?.malicious).toBeGreaterThan(0);
    // The report is now cached; deleting its site deletes the highest report id.
    await bed.ok('/api/site_delete/infected-old.example/', { key: account });
    await bed.addSites(account, ['clean-new.example']);
    await bed.ok('/api/site_scan/clean-new.example/', { key: account });
    await bed.advance(10);
    const fresh = await reportOf(bed, account, 'clean-new.example');
    expect(fresh?.id).toBeGreaterThan(old?.id ?? Infinity);
    expect(fresh).toMatchObject({ malicious: 0, threats: 0 });
    expect(fresh?.date).toBeGreaterThan(old?.date ?? 0);
  });
});
