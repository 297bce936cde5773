import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Site } from '../../data/sites';
import type { CustomerMap } from '../../data/workspace';
import { SEARCH_DEFAULTS, type SitesSearch } from '../../data/site-model/sites-search';
import { useSitesView } from './use-sites-view';

const report = {
  id: 1,
  date: 100,
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
};

function site(domain: string, over: Partial<Site> = {}): Site {
  return {
    id: 1,
    domain,
    host: domain,
    adddate: 0,
    scanperiod: 604800,
    nextscan: 0,
    firewallstatus: 1,
    autotreatment: 0,
    permissions: 0,
    scanreport: report,
    ...over,
  };
}

// In the list's order (as sites_list gives it): equal values come in this order.
const SITES: Site[] = [
  site('site-10.example', { firewallstatus: 0 }),
  site('site-2.example', { scanreport: { ...report, threats: 2 } }),
  site('bücher.example', { host: 'xn--bcher-kva.example', firewallstatus: 0 }),
  site('alpha.example', { scanreport: null }),
  site('site-1.example'),
];

function view(
  search: Partial<SitesSearch>,
  patching: Record<string, 0 | 1> = {},
  sites = SITES,
  customers: CustomerMap = new Map(),
) {
  const { result } = renderHook(() =>
    useSitesView(sites, { ...SEARCH_DEFAULTS, ...search }, patching, undefined, customers),
  );
  return result.current.sites.map((s) => s.domain);
}

describe('useSitesView', () => {
  // As the workspace keys sites: UTF-8, lower case.
  const customers: CustomerMap = new Map([
    ['site-2.example', 'zed@customer.example'],
    ['bücher.example', 'ana@customer.example'],
    ['site-1.example', 'ana@customer.example'],
  ]);

  it('sorts by customer (sites with none last), filters with or without one, and finds sites by their customer', () => {
    expect(view({ sort: 'customer' }, {}, SITES, customers)).toEqual([
      'bücher.example',
      'site-1.example',
      'site-2.example',
      'site-10.example',
      'alpha.example',
    ]);
    expect(view({ customer: 'none' }, {}, SITES, customers)).toEqual(['alpha.example', 'site-10.example']);
    expect(view({ customer: 'known', sort: 'domain', desc: true }, {}, SITES, customers)).toEqual([
      'site-2.example',
      'site-1.example',
      'bücher.example',
    ]);
    expect(view({ q: 'ANA@customer' }, {}, SITES, customers)).toEqual(['bücher.example', 'site-1.example']);
    expect(view({ q: 'zed' }, {}, SITES, customers)).toEqual(['site-2.example']);
  });

  it('sorts by name as people count (site-2 before site-10), either way', () => {
    const up = ['alpha.example', 'bücher.example', 'site-1.example', 'site-2.example', 'site-10.example'];
    expect(view({ sort: 'domain' })).toEqual(up);
    expect(view({ sort: 'domain', desc: true })).toEqual([...up].reverse());
  });

  it('keeps equal sites in the list’s order, ascending and descending', () => {
    expect(view({ sort: 'firewall' })).toEqual([
      'site-10.example',
      'bücher.example',
      'site-2.example',
      'alpha.example',
      'site-1.example',
    ]);
    expect(view({ sort: 'firewall', desc: true })).toEqual([
      'site-2.example',
      'alpha.example',
      'site-1.example',
      'site-10.example',
      'bücher.example',
    ]);
    // The worst first; never scanned last.
    expect(view({ sort: 'status' })).toEqual([
      'site-2.example',
      'site-10.example',
      'bücher.example',
      'site-1.example',
      'alpha.example',
    ]);
    expect(view({ sort: 'threats', desc: true })).toEqual([
      'site-2.example',
      'site-10.example',
      'bücher.example',
      'site-1.example',
      'alpha.example',
    ]);
  });

  it('sorts automatic patching by what this dashboard set', () => {
    expect(view({ sort: 'patching', desc: true }, { 'site-1.example': 1, 'alpha.example': 0 })).toEqual([
      'site-1.example',
      'alpha.example',
      'site-10.example',
      'site-2.example',
      'bücher.example',
    ]);
  });

  it('searches the UTF-8 name and the punycode host in the sorted order, with the other filters', () => {
    expect(view({ q: 'SITE', sort: 'domain', desc: true })).toEqual([
      'site-10.example',
      'site-2.example',
      'site-1.example',
    ]);
    expect(view({ q: 'xn--bcher' })).toEqual(['bücher.example']);
    expect(view({ q: 'https://site-1', firewall: 'on' })).toEqual(['site-1.example']);
    expect(view({ q: 'nothing' })).toEqual([]);
    expect(view({ q: 'site' }, {}, [])).toEqual([]);
  });
});
