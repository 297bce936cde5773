/**
 * The site page's site from the server's read model (docs/workspace.md#the-read-model)
 * on the real stack: it waits for the server's first read and has the site's
 * 30 days; the freshness goes with it; a write through the one write path
 * shows at once and stays once asked again; a site the server's read does
 * not have is not found as of that read, and is read for once (a site added
 * by another tool then shows); the account's list only when the server has
 * no read to say from. And the rule that a newer report on the
 * account's list (a scan's watch) wins over the server's read.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetFreshness } from '../api/fleet';
import type { ScanReport, Site } from '../api/schemas';
import { createWorkspaceClient } from '../api/workspace';
import { ApiProvider } from '../lib/api-context';
import { createQueryClient } from '../lib/query-client';
import { startRealStack, startRemoteStack, type RealStack, type RemoteStack } from '../../test-support/real-stack';
import { fleetSiteQueryOptions, useFleetFreshness } from './fleet-site-query';
import { newerSite } from './listed-reports';
import { useSetSiteOption } from './site-mutations';
import { SITES_KEY } from './sites-query';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack({ READMODEL_REFRESH_SECONDS: '86400' });
});
afterAll(() => stack.close());

const site = (domain: string, reportDate: number | null): Site => ({
  id: 1,
  host: domain,
  domain,
  adddate: 0,
  scanperiod: 0,
  nextscan: 0,
  firewallstatus: 1,
  autotreatment: 0,
  permissions: 0,
  scanreport: reportDate === null ? null : ({ date: reportDate } as ScanReport),
});

describe('newerSite', () => {
  it("keeps the server's read unless the list has a newer report, then takes that report alone", () => {
    const read = { ...site('a.example', 100), fwhistory: { '20260101': null } };
    expect(newerSite(read, undefined)).toBe(read);
    expect(newerSite(read, site('a.example', 100))).toBe(read);
    expect(newerSite(read, site('a.example', 50))).toBe(read);
    // The list was read before the firewall was turned off: the read's options stand, the list's report comes.
    const listed = site('a.example', 200);
    expect(newerSite({ ...read, firewallstatus: 0 }, listed)).toEqual({
      ...read,
      firewallstatus: 0,
      scanreport: listed.scanreport,
    });
    expect(newerSite({ ...read, scanreport: null }, listed)?.scanreport?.date).toBe(200);
    expect(newerSite(undefined, listed)).toBeUndefined();
  });
});

describe('the site page query', () => {
  it('waits for the first read, has the 30 days and the freshness; a write shows at once and stays', async () => {
    const credentials = await stack.signIn(`fleet-site-${Date.now().toString(36)}@spa.example`);
    const api = stack.client(credentials);
    await api.sites_add(['one.example', 'two.example']);
    const client = createQueryClient(() => undefined);
    const options = fleetSiteQueryOptions(api, client, ' One.Example');
    expect(options.queryKey.slice(0, SITES_KEY.length)).toEqual([...SITES_KEY]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <ApiProvider api={api}>{children}</ApiProvider>
      </QueryClientProvider>
    );
    const sites = await client.fetchQuery(options);
    expect(sites.map((s) => s.domain)).toEqual(['one.example']);
    expect(Object.keys(sites[0]?.fwhistory ?? {})).toHaveLength(30);

    const { result } = renderHook(() => ({ freshness: useFleetFreshness(), set: useSetSiteOption() }), { wrapper });
    expect(result.current.freshness).toMatchObject({ refreshing: false, refreshError: null });
    const asOf = result.current.freshness?.asOf ?? 0;
    expect(asOf).toBeGreaterThan(0);

    act(() => result.current.set.mutate({ domain: 'one.example', change: { option: 'firewall', value: 'disable' } }));
    // At once (the write path's optimistic change) …
    await waitFor(() => expect(client.getQueryData<Site[]>(options.queryKey)?.[0]?.firewallstatus).toBe(0));
    await waitFor(() => expect(result.current.set.isSuccess).toBe(true));
    // … and asked again of the server, which applied the write without reading the fleet.
    expect((await client.fetchQuery({ ...options, staleTime: 0 }))[0]?.firewallstatus).toBe(0);
    expect(result.current.freshness?.asOf).toBe(asOf);
  });

  it("before the server's first read is in (it failed), a site comes from the account's list, or is not there", async () => {
    const email = `fleet-missing-${Date.now().toString(36)}@spa.example`;
    const credentials = await stack.signIn(email);
    const api = stack.client(credentials);
    await api.sites_add(['here.example']);
    await stack.control('fail-next', { method: 'sites_list', code: 500, email });
    const client = createQueryClient(() => undefined);
    expect(await client.fetchQuery(fleetSiteQueryOptions(api, client, 'nowhere.example'))).toEqual([]);
    expect(client.getQueryData(['sites_list', { withscanreport: true }])).toHaveLength(1);
  });
});

describe("a site the server's read does not have", () => {
  let remote: RemoteStack;
  beforeAll(async () => {
    remote = await startRemoteStack({ READMODEL_REFRESH_SECONDS: '86400' });
  });
  afterAll(() => remote.close());

  it("is not found as of that read; the first ask has the server read again, never the account's list", async () => {
    const credentials = await remote.signIn(`fleet-elsewhere-${Date.now().toString(36)}@spa.example`);
    const api = remote.client(credentials);
    await api.sites_add(['here.example']);
    const fleet = createWorkspaceClient({ baseUrl: remote.origin, getCredentials: () => credentials }).fleet;
    await expect.poll(async () => (await fleet.sites()).asOf ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(remote.reached('sites_list')).toBe(1);
    // Added by another tool: the server's read does not have it.
    expect(await remote.direct(credentials, '/api/sites_add/', ['elsewhere.example'])).toBe(0);

    const client = createQueryClient(() => undefined);
    const elsewhere = fleetSiteQueryOptions(api, client, 'elsewhere.example');
    // At once: not found as of the last read, with a read under way.
    expect(await client.fetchQuery(elsewhere)).toEqual([]);
    const freshness = () => client.getQueryData<FleetFreshness>(['workspace', 'fleet', 'freshness']);
    expect(freshness()?.refreshing).toBe(true);
    // The page asks again while the server reads (every second): the site, once that read is in.
    await expect
      .poll(async () => (await client.fetchQuery({ ...elsewhere, staleTime: 0 })).map((s) => s.domain), {
        timeout: 15_000,
      })
      .toEqual(['elsewhere.example']);
    expect(remote.reached('sites_list')).toBe(2);

    // A mistyped name: one read more on the first ask, then still not found, and no read at each later ask.
    const mistyped = fleetSiteQueryOptions(api, client, 'elswhere.example');
    expect(await client.fetchQuery(mistyped)).toEqual([]);
    await expect.poll(async () => (await fleet.sites()).refreshing, { timeout: 15_000 }).toBe(false);
    expect(await client.fetchQuery({ ...mistyped, staleTime: 0 })).toEqual([]);
    expect(await client.fetchQuery({ ...mistyped, staleTime: 0 })).toEqual([]);
    expect(remote.reached('sites_list')).toBe(3);
    // The account's whole list was never read from the page.
    expect(client.getQueryData(['sites_list', { withscanreport: true }])).toBeUndefined();
  });
});
