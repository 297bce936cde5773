import { describe, expect, it } from 'vitest';
import type { FwHistory } from '../../api/schemas';
import { firewallCsv, firewallDays, firewallTotals, sumFirewallDays, unclassified } from './firewall-days';

const a: FwHistory = {
  '20261102': [20261102, 100, 10, 4, 3, 2, 1, 5],
  '20261101': null,
  '20261103': [20261103, 50, 7, 1, 1, 1, 1, 2],
};
const b: FwHistory = {
  '20261101': null,
  '20261102': null,
  '20261103': [20261103, 1, 2, 0, 0, 0, 0, 1],
};

const headers = {
  date: 'Date',
  allowed: 'Allowed',
  blocked: 'Blocked',
  dos: 'DoS',
  injection: 'XSS/SQL',
  uploads: 'Uploads',
  other: 'Other',
  uniqueIps: 'IPs',
};

describe('firewall days (docs/partner-api.md#firewall-history)', () => {
  it('reads one history oldest first, null days kept as null, never as zero', () => {
    const days = firewallDays(a);
    expect(days.map((d) => d.date)).toEqual(['20261101', '20261102', '20261103']);
    expect(days[0]?.counts).toBeNull();
    expect(days[1]?.counts).toEqual({
      allowed: 100,
      blocked: 10,
      dos: 4,
      injection: 3,
      uploads: 2,
      other: 1,
      uniqueIps: 5,
    });
    expect(firewallDays(null)).toEqual([]);
  });

  it('sums many sites per day: a day has data when any site has, null when none has', () => {
    const days = sumFirewallDays([a, null, b, undefined]);
    expect(days[0]).toEqual({ date: '20261101', counts: null });
    expect(days[1]?.counts?.blocked).toBe(10);
    expect(days[2]?.counts).toEqual({
      allowed: 51,
      blocked: 9,
      dos: 1,
      injection: 1,
      uploads: 1,
      other: 1,
      uniqueIps: 3,
    });
    // The input is not changed by the sums.
    expect(a['20261103']?.[1]).toBe(50);
  });

  it('totals only the days with data and counts the others', () => {
    const totals = firewallTotals(sumFirewallDays([a, b]));
    expect(totals).toMatchObject({ allowed: 151, blocked: 19, dos: 5, uniqueIps: 8, noData: 1 });
    // Blocked requests no class counts: 10 − (4+3+2+1) = 0; 9 − 4 = 5 on the 3rd (b's 2 are unclassified, a's 7 − 4 = 3).
    expect(totals.unclassified).toBe(5);
    expect(unclassified({ allowed: 0, blocked: 1, dos: 3, injection: 0, uploads: 0, other: 0, uniqueIps: 0 })).toBe(0);
  });

  it('writes CSV with ISO dates and empty cells for days without data', () => {
    const csv = firewallCsv(firewallDays(a), { ...headers, other: 'Other, suspicious' });
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFDate,Allowed,Blocked,DoS,XSS/SQL,Uploads,"Other, suspicious",IPs',
      '2026-11-01,,,,,,,',
      '2026-11-02,100,10,4,3,2,1,5',
      '2026-11-03,50,7,1,1,1,1,2',
      '',
    ]);
  });
});
