import { describe, expect, it } from 'vitest';
import { SCAN_GRACE_SECONDS, scansStoppedSince } from './scan-schedule';

const NOW = 1_800_000_000;
const WEEK = 7 * 86_400;
const site = (adddate: number, reportDate: number | null, scanperiod = WEEK) => ({
  adddate,
  scanperiod,
  scanreport: reportDate === null ? null : { date: reportDate },
});

describe('scheduled scans that stopped', () => {
  it('date from the last report, or from the addition when none came, once the period and a day have passed', () => {
    const late = NOW - WEEK - SCAN_GRACE_SECONDS - 1;
    expect(scansStoppedSince(site(NOW - 90 * 86_400, late), NOW)).toBe(late);
    expect(scansStoppedSince(site(late, null), NOW)).toBe(late);
    expect(scansStoppedSince(site(NOW - 90 * 86_400, late + 2), NOW)).toBeNull();
    expect(scansStoppedSince(site(NOW - 3600, null), NOW)).toBeNull();
  });

  it('never without scheduled scans', () => {
    expect(scansStoppedSince(site(NOW - 400 * 86_400, null, 0), NOW)).toBeNull();
    expect(scansStoppedSince(site(NOW - 400 * 86_400, NOW - 300 * 86_400, 0), NOW)).toBeNull();
  });

  it('counts from a period set later than the last report: the new period has asked for no scan before', () => {
    const report = NOW - 7 * 86_400;
    const daily = { adddate: NOW - 90 * 86_400, scanperiod: 86_400, scanreport: { date: report } };
    expect(scansStoppedSince(daily, NOW)).toBe(report);
    expect(scansStoppedSince(daily, NOW, NOW - 3600)).toBeNull();
    // Once the new period and a day have passed without a report, the date is the last report's.
    expect(scansStoppedSince(daily, NOW, NOW - 2 * 86_400 - 1)).toBe(report);
  });
});
