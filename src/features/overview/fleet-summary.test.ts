import { describe, expect, it } from 'vitest';
import type { ScanReport, Site } from '../../api/schemas';
import { matchesFilters } from '../../data/site-model/site-filters';
import { SEARCH_DEFAULTS } from '../../data/site-model/sites-search';
import { COUNTERS } from './components/fleet-counters';
import { fixFor, summarize } from './fleet-summary';

const NOW = 1_800_000_000;
const WEEK = 7 * 86_400;

function report(over: Partial<ScanReport> = {}): ScanReport {
  return {
    id: 1,
    date: NOW - 3600,
    cure: 0,
    threats: 0,
    incurable: 0,
    doubt: 0,
    treated: 0,
    detectedfiles: 0,
    incurablefiles: 0,
    malicious: 0,
    suspicious: 0,
    checkeddirs: 1,
    checkedfiles: 1,
    treatedfiles: 0,
    deletedfiles: 0,
    totalbytes: 1,
    checkedbytes: 1,
    errors: 0,
    ...over,
  };
}

function site(domain: string, over: Partial<Site> = {}): Site {
  return {
    id: 1,
    host: domain,
    domain,
    adddate: NOW - 100 * 86_400,
    scanperiod: WEEK,
    nextscan: NOW + 3600,
    firewallstatus: 1,
    autotreatment: 1,
    permissions: 15,
    scanreport: report(),
    ...over,
  };
}

const fleet: Site[] = [
  site('clean.example'),
  site('incurable.example', { scanreport: report({ threats: 3, incurable: 3 }) }),
  site('infected.example', { autotreatment: 0, scanreport: report({ threats: 5 }) }),
  site('infected-fw.example', { firewallstatus: 0, scanreport: report({ threats: 1 }) }),
  site('suspicious.example', { scanreport: report({ doubt: 2 }) }),
  site('errors.example', { scanreport: report({ errors: 1 }) }),
  site('never.example', { scanreport: null }),
  site('new.example', { scanreport: null, adddate: NOW - 3600 }),
  site('overdue.example', { scanreport: report({ date: NOW - 3 * WEEK }) }),
  site('nofw.example', { firewallstatus: 0, autotreatment: 0 }),
];

describe('the fleet summary', () => {
  it('counts each counter as the sites page filter it links to matches', () => {
    const { counts } = summarize(fleet, NOW);
    for (const { key, search } of COUNTERS) {
      const matching = fleet.filter((s) => matchesFilters(s, { ...SEARCH_DEFAULTS, ...search }, NOW)).length;
      expect(counts[key], key).toBe(matching);
    }
    expect(counts).toMatchObject({ sites: 10, infected: 2, incurable: 1, scanDue: 3, firewallOff: 2, cleanupOff: 2 });
    expect(counts.scannedRecently).toBe(7);
  });

  it('puts the worst first, each with the action that fixes it', () => {
    const { attention, attentionTotal } = summarize(fleet, NOW);
    expect(attentionTotal).toBe(9);
    expect(attention.map((s) => s.domain)).toEqual([
      'incurable.example',
      'infected.example',
      'infected-fw.example',
      'suspicious.example',
      'errors.example',
      'never.example',
      'new.example',
      'overdue.example',
      'nofw.example',
    ]);
    expect(attention.find((s) => s.domain === 'infected-fw.example')?.problems).toEqual(['infected', 'firewallOff']);
    const fix = (domain: string, syncMissing = false) => {
      const entry = attention.find((s) => s.domain === domain);
      if (!entry) throw new Error(domain);
      return fixFor(entry, NOW, syncMissing);
    };
    expect(fix('infected.example')).toBe('enableCleanup');
    expect(fix('infected-fw.example')).toBe('scan');
    expect(fix('never.example')).toBe('syncFile');
    expect(fix('new.example')).toBe('scan');
    expect(fix('new.example', true)).toBe('syncFile');
    expect(fix('overdue.example')).toBe('syncFile');
    expect(fix('nofw.example')).toBe('enableFirewall');
  });
});
