/**
 * The site page's site from the server's read model (docs/workspace.md#the-read-model)
 * on the real stack: it waits for the server's first read and has the site's
 * 30 days; the freshness goes with it; a write through the one write path
 * shows at once and stays once asked again; a site the server does not know
 * comes from the account's list. And the rule that a newer report on the
 * account's list (a scan's watch) wins over the server's read.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanReport, Site } from '../api/schemas';
import { ApiProvider } from '../lib/api-context';
import { createQueryClient } from '../lib/query-client';
import { startRealStack, type RealStack } from '../../test-support/real-stack';
import { fleetSiteQueryOptions, newerSite, useFleetFreshness } from './fleet-site-query';
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
  it("keeps the server's read unless the list has a newer report, then the list's site with the read's history", () => {
    const read = { ...site('a.example', 100), fwhistory: { '20260101': null } };
    expect(newerSite(read, undefined)).toBe(read);
    expect(newerSite(read, site('a.example', 100))).toBe(read);
    expect(newerSite(read, site('a.example', 50))).toBe(read);
    const listed = site('a.example', 200);
    expect(newerSite(read, listed)).toEqual({ ...listed, fwhistory: read.fwhistory });
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

  it("a site the server's read does not have comes from the account's list, or is not there", async () => {
    const credentials = await stack.signIn(`fleet-missing-${Date.now().toString(36)}@spa.example`);
    const api = stack.client(credentials);
    await api.sites_add(['here.example']);
    const client = createQueryClient(() => undefined);
    expect(await client.fetchQuery(fleetSiteQueryOptions(api, client, 'nowhere.example'))).toEqual([]);
    expect(client.getQueryData(['sites_list', { withscanreport: true }])).toHaveLength(1);
  });
});
