/**
 * site_setoption for every option and value of the docs/partner-api.md#site_setoption table, site_delete
 * and site_unshare (docs/partner-api.md#lifecycle).
 */
import { describe, expect, it } from 'vitest';
import { SCAN_PERIODS } from '../../src/api/registry/sites.ts';
import { z } from 'zod';
import { enc, freshSandbox, type TestBed } from './testing.ts';

/** The sandbox clock (GET /sandbox/health). */
async function sandboxNow(bed: TestBed): Promise<number> {
  return z.object({ now: z.number() }).parse(await (await bed.transport.request('/sandbox/health')).json()).now;
}

describe('site_setoption', () => {
  it('sets permissions to any bitmask', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    for (const value of ['7', '0', '15', '2147483647', '0042']) {
      expect(await bed.ok(`/api/site_setoption/a.example/permissions/${value}/`, { key: account })).toEqual([
        'a.example',
        'permissions',
        value,
      ]);
      expect((await bed.site(account, 'a.example')).permissions).toBe(Number(value));
    }
  });

  it('sets autocleanup (autotreatment) and autopatching on and off', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example', 'b.example']);
    await bed.ok('/api/site_setoption/a.example/autocleanup/1/', { key: account });
    expect((await bed.site(account, 'a.example')).autotreatment).toBe(1);
    expect((await bed.site(account, 'b.example')).autotreatment).toBe(0);
    await bed.ok('/api/site_setoption/a.example/autocleanup/0/', { key: account });
    expect((await bed.site(account, 'a.example')).autotreatment).toBe(0);
    for (const v of ['1', '0']) {
      expect(await bed.ok(`/api/site_setoption/a.example/autopatching/${v}/`, { key: account })).toEqual([
        'a.example',
        'autopatching',
        v,
      ]);
    }
    // autopatching has no field in the site object (docs/partner-api.md#site-object); it must not touch autotreatment.
    await bed.ok('/api/site_setoption/b.example/autopatching/1/', { key: account });
    expect((await bed.site(account, 'b.example')).autotreatment).toBe(0);
  });

  it('enables, disables and removes the firewall', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    const steps: [string, number][] = [
      ['disable', 0],
      ['disable', 0],
      ['enable', 1],
      ['remove', 0],
      ['disable', 0],
      ['enable', 1],
    ];
    for (const [value, status] of steps) {
      await bed.ok(`/api/site_setoption/a.example/firewall/${value}/`, { key: account });
      expect((await bed.site(account, 'a.example')).firewallstatus, value).toBe(status);
    }
  });

  it('sets the scan period in seconds with a future nextscan; 0 disables scans', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    await bed.advance(5000);
    const now = await sandboxNow(bed);
    for (const value of ['month', 'week', 'day'] as const) {
      const before = await sandboxNow(bed);
      await bed.ok(`/api/site_setoption/a.example/scanperiod/${value}/`, { key: account });
      const after = await sandboxNow(bed);
      const site = await bed.site(account, 'a.example');
      expect(site.scanperiod, value).toBe(SCAN_PERIODS[value]);
      // The next scan is one period after the call, on the sandbox clock.
      expect(site.nextscan - SCAN_PERIODS[value], value).toBeGreaterThanOrEqual(before);
      expect(site.nextscan - SCAN_PERIODS[value], value).toBeLessThanOrEqual(after);
    }
    expect(SCAN_PERIODS).toMatchObject({ month: 2592000, week: 604800, day: 86400 });
    await bed.ok('/api/site_setoption/a.example/scanperiod/0/', { key: account });
    const off = await bed.site(account, 'a.example', '?withscanreport');
    expect(off).toMatchObject({ scanperiod: 0, nextscan: 0 });
    // The first scheduled scan ran when the clock moved 5000 s (docs/partner-api.md#site-object: new sites are scanned).
    expect(off.scanreport?.date).toBeLessThanOrEqual(now);
    // With scans off, time passing schedules nothing and scans nothing.
    await bed.advance(20 * 86400);
    expect(await bed.site(account, 'a.example', '?withscanreport')).toEqual(off);
  });

  it('refuses Object.prototype names as options with 145902, not 501', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    // The only Object.prototype name the option expression (lower-case letters) lets through.
    const a = await bed.call('/api/site_setoption/a.example/constructor/1/', { key: account });
    expect(a.envelope).toMatchObject({ error: 145902, result: null });
    expect(a.envelope.errorinfo).toMatch(/constructor/);
  });

  it('echoes the domain as requested, UTF-8 or punycode', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['bücher.example']);
    expect(await bed.ok(`/api/site_setoption/${enc('bücher.example')}/permissions/3/`, { key: account })).toEqual([
      'bücher.example',
      'permissions',
      '3',
    ]);
    expect(await bed.ok('/api/site_setoption/xn--bcher-kva.example/permissions/4/', { key: account })).toEqual([
      'xn--bcher-kva.example',
      'permissions',
      '4',
    ]);
    expect((await bed.site(account, 'xn--bcher-kva.example')).permissions).toBe(4);
  });
});

describe('site_delete and site_unshare', () => {
  it('deletes a site by UTF-8 name, and a shared site is unshared', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.createAgency(account);
    await bed.addSites(account, [
      { name: 'bücher.example', share: 'u@unit.example' },
      { name: 'keep.example', share: 'u@unit.example' },
    ]);
    expect(await bed.ok(`/api/site_delete/${enc('bücher.example')}/`, { key: account })).toBe('bücher.example');
    expect((await bed.listSites(account, `?unit=${enc('u@unit.example')}`)).map((s) => s.host)).toEqual([
      'keep.example',
    ]);
    expect((await bed.call(`/api/site_delete/${enc('bücher.example')}/`, { key: account })).envelope.error).toBe(
      143901,
    );
    // Added again, it is a new site, not shared.
    await bed.addSites(account, ['bücher.example']);
    expect((await bed.listSites(account, `?unit=${enc('u@unit.example')}`)).map((s) => s.host)).toEqual([
      'keep.example',
    ]);
  });

  it('unshares a site: it stays in the account without a unit', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.createAgency(account);
    await bed.addSites(account, [
      { name: 'a.example', share: 'u@unit.example' },
      { name: 'b.example', share: 'u@unit.example' },
    ]);
    expect(await bed.ok(`/api/site_unshare/${enc('u@unit.example')}/a.example/`, { key: account })).toBe('a.example');
    expect((await bed.listSites(account, `?unit=${enc('u@unit.example')}`)).map((s) => s.host)).toEqual(['b.example']);
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual(['a.example', 'b.example']);
    // The unit stays while it has no sites.
    await bed.ok(`/api/site_unshare/${enc('u@unit.example')}/b.example/`, { key: account });
    expect(await bed.listSites(account, `?unit=${enc('u@unit.example')}`)).toEqual([]);
  });
});
