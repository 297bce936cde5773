/**
 * Firewall history (docs/partner-api.md#firewall-history): 30 keys YYYYMMDD in UTC ending today (sandbox
 * clock), null before the site existed and on days the firewall was off or
 * removed all day, eight integers otherwise, deterministic per site and day.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshSandbox, type Account, type TestBed } from './testing.ts';
import { type FwHistory } from './testing-schemas.ts';

const DAY = 86400;

async function sandboxNow(bed: TestBed): Promise<number> {
  const res = await bed.transport.request('/sandbox/health');
  return z.object({ now: z.number().int() }).parse(await res.json()).now;
}

/** Move the sandbox clock to noon UTC, so a test's own run time never crosses a day boundary. */
async function toNoon(bed: TestBed, extraDays = 0): Promise<void> {
  const start = await sandboxNow(bed);
  await bed.advance(((DAY + DAY / 2 - (start % DAY)) % DAY) + extraDays * DAY);
}

/** YYYYMMDD in UTC, computed independently of the sandbox. */
function utcKey(t: number): string {
  return new Date(t * 1000).toISOString().slice(0, 10).replace(/-/g, '');
}

async function history(bed: TestBed, account: Account, host: string): Promise<FwHistory> {
  const fw = (await bed.site(account, host, '?withfwhistory')).fwhistory;
  if (!fw) throw new Error(`no fwhistory for ${host}`);
  return fw;
}

/** Which of the 30 days (oldest first) have data. */
function pattern(fw: FwHistory): string {
  return Object.values(fw)
    .map((d) => (d === null ? '.' : '#'))
    .join('');
}

describe('fwhistory', () => {
  it('has 30 YYYYMMDD keys in UTC ending today, null before the site existed', async () => {
    const bed = freshSandbox({ keyDays: 3650 });
    await toNoon(bed, 400);
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    const now = await sandboxNow(bed);
    const fw = await history(bed, account, 'a.example');
    const expected = Array.from({ length: 30 }, (_, i) => utcKey(now - (29 - i) * DAY));
    expect(Object.keys(fw)).toEqual(expected);
    expect(pattern(fw)).toBe(`${'.'.repeat(29)}#`);
    const today = fw[utcKey(now)];
    expect(today?.[0]).toBe(Number(utcKey(now)));

    await bed.advance(5 * DAY);
    const later = await history(bed, account, 'a.example');
    expect(Object.keys(later)[29]).toBe(utcKey(now + 5 * DAY));
    expect(pattern(later)).toBe(`${'.'.repeat(24)}${'#'.repeat(6)}`);
    for (const [key, day] of Object.entries(later)) {
      if (day === null) continue;
      expect(day).toHaveLength(8);
      expect(day[0]).toBe(Number(key));
      for (const n of day) expect(Number.isInteger(n) && n >= 0).toBe(true);
      // Blocked requests include each kind of attack; blocked IPs never exceed blocked requests.
      for (const kind of [day[3], day[4], day[5], day[6]]) expect(kind).toBeLessThanOrEqual(day[2]);
      expect(day[7]).toBeLessThanOrEqual(day[2]);
    }
    // A full past day sees traffic.
    expect(later[utcKey(now + DAY)]?.[1]).toBeGreaterThan(0);
  });

  it('is null on days the firewall was off or removed all day', async () => {
    const bed = freshSandbox({ keyDays: 3650 });
    await toNoon(bed);
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['off.example', 'removed.example', 'on.example']);
    await bed.advance(3 * DAY);
    await bed.ok('/api/site_setoption/off.example/firewall/disable/', { key: account });
    await bed.ok('/api/site_setoption/removed.example/firewall/remove/', { key: account });
    await bed.advance(4 * DAY);
    // Added on day 0, on for days 0–3 (switched off during day 3), off on days 4–7.
    const expectedOff = `${'.'.repeat(22)}####....`;
    expect(pattern(await history(bed, account, 'off.example'))).toBe(expectedOff);
    expect(pattern(await history(bed, account, 'removed.example'))).toBe(expectedOff);
    expect(pattern(await history(bed, account, 'on.example'))).toBe(`${'.'.repeat(22)}${'#'.repeat(8)}`);

    // Switched back on today: today has data again.
    await bed.ok('/api/site_setoption/off.example/firewall/enable/', { key: account });
    expect(pattern(await history(bed, account, 'off.example'))).toBe(`${'.'.repeat(22)}####...#`);
    // Off and on again within one day is still a day with data.
    await bed.ok('/api/site_setoption/on.example/firewall/disable/', { key: account });
    await bed.ok('/api/site_setoption/on.example/firewall/enable/', { key: account });
    expect(pattern(await history(bed, account, 'on.example'))).toBe(`${'.'.repeat(22)}${'#'.repeat(8)}`);
  });

  it('is deterministic per site and day', async () => {
    const one = freshSandbox({ keyDays: 3650 });
    const two = freshSandbox({ keyDays: 3650 });
    const results: FwHistory[] = [];
    for (const bed of [one, two]) {
      await toNoon(bed);
      const account = await bed.signUpAndIn();
      await bed.addSites(account, ['first.example', 'second.example']);
      await bed.advance(10 * DAY);
      const a = await history(bed, account, 'first.example');
      const b = await history(bed, account, 'first.example');
      const pastA = Object.entries(a).slice(0, 29);
      expect(Object.entries(b).slice(0, 29)).toEqual(pastA);
      // Today's figures only grow with the hours.
      const todayA = Object.values(a)[29];
      const todayB = Object.values(b)[29];
      expect(todayB?.[1]).toBeGreaterThanOrEqual(todayA?.[1] ?? Infinity);
      results.push(a);
      // Two sites differ.
      const other = await history(bed, account, 'second.example');
      expect(Object.values(other).slice(19, 29)).not.toEqual(Object.values(a).slice(19, 29));
    }
    // The same site id on the same days in another sandbox has the same figures.
    expect(Object.entries(results[1] ?? {}).slice(0, 29)).toEqual(Object.entries(results[0] ?? {}).slice(0, 29));
  });
});
