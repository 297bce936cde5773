import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { FleetRow, FleetWindow } from '../api/fleet';
import {
  FLEET_SITES_KEY,
  fleetRowsKept,
  fleetViewOf,
  keepFleetRows,
  patchFleetWindows,
  restoreFleetRows,
  showListedSite,
  WINDOW_ROWS,
} from './fleet-windows';
import { SEARCH_DEFAULTS } from './site-model/sites-search';

const row = (n: number): FleetRow => ({
  id: n,
  domain: `s${n}.example`,
  host: `s${n}.example`,
  adddate: 0,
  scanperiod: 0,
  nextscan: 0,
  firewallstatus: 1,
  autotreatment: 0,
  permissions: 0,
  scanreport: null,
  status: 'never',
  unit: null,
  patching: null,
  patchingSet: null,
  scanningAt: null,
});

const window = (offset: number, count: number, total: number): FleetWindow => ({
  asOf: 1000,
  refreshing: false,
  refreshError: null,
  total,
  offset,
  rows: Array.from({ length: count }, (_, i) => row(offset + i)),
});

function cached() {
  const client = new QueryClient();
  const view = fleetViewOf({ ...SEARCH_DEFAULTS });
  client.setQueryData([...FLEET_SITES_KEY, view, 0], window(0, WINDOW_ROWS, 150));
  client.setQueryData([...FLEET_SITES_KEY, view, 1], window(WINDOW_ROWS, 50, 150));
  const at = (index: number) => client.getQueryData<FleetWindow>([...FLEET_SITES_KEY, view, index]);
  return { client, at };
}

describe('the sites table’s windows of the read model', () => {
  it('the URL’s view as the server’s query: the sort’s direction, the search trimmed', () => {
    expect(fleetViewOf({ ...SEARCH_DEFAULTS, q: '  shop ', sort: 'threats', desc: true, customer: 'none' })).toEqual({
      sort: 'threats',
      dir: 'desc',
      q: 'shop',
      status: 'any',
      firewall: 'any',
      cleanup: 'any',
      period: 'any',
      scan: 'any',
      customer: 'none',
    });
  });

  it('patches a row by domain in whichever window has it, and puts it back', () => {
    const { client, at } = cached();
    const before = patchFleetWindows(client, new Map([['s120.example', (site) => ({ ...site, firewallstatus: 0 })]]));
    expect(at(1)?.rows[20]?.firewallstatus).toBe(0);
    expect(at(1)?.rows[20]?.status).toBe('never');
    // The window without the site is the same object: its query is not touched.
    const first = at(0);
    patchFleetWindows(client, new Map([['s120.example', (site) => site]]));
    expect(at(0)).toBe(first);
    restoreFleetRows(client, before);
    expect(at(1)?.rows[20]?.firewallstatus).toBe(1);
  });

  it('a deleted site leaves its window and the count', () => {
    const { client, at } = cached();
    patchFleetWindows(client, new Map([['s3.example', () => null]]));
    expect(at(0)?.rows.map((r) => r.domain)).not.toContain('s3.example');
    expect(at(0)?.total).toBe(149);
  });

  it('a report the scan watcher read shows in the row at once', () => {
    const { client, at } = cached();
    const report = { ...row(7), scanreport: null, nextscan: 12345 };
    showListedSite(client, report);
    expect(at(0)?.rows[7]?.nextscan).toBe(12345);
  });

  it('a view keeps its just-changed sites; another view (the user moved on) keeps none', () => {
    const client = new QueryClient();
    const view = fleetViewOf({ ...SEARCH_DEFAULTS, firewall: 'on' });
    keepFleetRows(client, view, ['a.example']);
    expect(fleetRowsKept(client, fleetViewOf({ ...SEARCH_DEFAULTS, firewall: 'on' }))).toEqual(['a.example']);
    expect(fleetRowsKept(client, fleetViewOf({ ...SEARCH_DEFAULTS, firewall: 'on', sort: 'status' }))).toEqual([]);
  });
});
