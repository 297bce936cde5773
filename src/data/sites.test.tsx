/**
 * The sites resource on the real stack (proxy + sandbox over HTTP): the query,
 * optimistic writes rolled back site by site, 145904 learnt as "unavailable",
 * automatic patching remembered, share and unshare with the units directory,
 * and adding in calls that halve when the plan is full. Nothing of ours is
 * mocked; calls are only held back to look at the state before the answer.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../api/credentials';
import { isMethodError } from '../api/error-catalogue';
import { ApiProvider } from '../lib/api-context';
import { createQueryClient } from '../lib/query-client';
import { holdingFetch, startRealStack, type RealStack } from '../../test-support/real-stack';
import { useAccountId } from './account';
import { useDeleteSite, useSetSiteOption, useShareSites, useUnshareSite } from './site-mutations';
import { usePatchingMemoryFor, useUnavailableOptions } from './site-memory';
import { workspaceOf } from './workspace-client';
import { addSitesInChunks } from './sites-add';
import { useSitesQuery } from './sites';
import { sitesQueryOptions } from './sites-query';
import { useUnitsDirectory } from './units-directory';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

let n = 0;
async function newAccount(sites: string[] = ['a.example', 'b.example']) {
  const email = `sites-${++n}-${Date.now().toString(36)}@spa.example`;
  const credentials = await stack.signIn(email);
  if (sites.length) await stack.client(credentials).sites_add(sites);
  return { email, credentials };
}

/** The sites whose patching the page asks for (not the whole account's). */
const A_EXAMPLE = ['a.example'];

function renderSites(credentials: Credentials, hold = /\/api\/(site_setoption|site_delete|site_unshare)\//) {
  const network = holdingFetch(hold);
  const api = stack.client(credentials, network.fetch);
  const queryClient = createQueryClient(() => undefined);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>{children}</ApiProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      const account = useAccountId();
      return {
        account,
        sites: useSitesQuery(undefined),
        set: useSetSiteOption(),
        remove: useDeleteSite(),
        share: useShareSites(),
        unshare: useUnshareSite(),
        patching: usePatchingMemoryFor(account, A_EXAMPLE),
        unavailable: useUnavailableOptions(account),
        units: useUnitsDirectory(account),
      };
    },
    { wrapper },
  );
  const site = (domain: string) => hook.result.current.sites.data?.find((s) => s.domain === domain);
  return { ...hook, api, network, queryClient, site };
}

describe('sites resource', () => {
  it('keys the list by the registry: one query for the account, one per unit', () => {
    const api = stack.client({ apiKey: 'k' });
    expect(sitesQueryOptions(api).queryKey).toEqual(['sites_list', { withscanreport: true }]);
    expect(sitesQueryOptions(api, 'u@x.example').queryKey).toEqual([
      'sites_list',
      { withscanreport: true, unit: 'u@x.example' },
    ]);
  });

  it('changes an option at once, and on failure puts back only the failed site', async () => {
    const { email, credentials } = await newAccount();
    const { result, network, site } = renderSites(credentials);
    await waitFor(() => expect(site('a.example')?.firewallstatus).toBe(1));

    act(() => result.current.set.mutate({ domain: 'a.example', change: { option: 'firewall', value: 'disable' } }));
    await waitFor(() => expect(site('a.example')?.firewallstatus).toBe(0));
    act(() => result.current.set.mutate({ domain: 'b.example', change: { option: 'autocleanup', value: 1 } }));
    await waitFor(() => expect(site('b.example')?.autotreatment).toBe(1));
    await waitFor(() => expect(network.held()).toBe(2));

    await stack.control('fail-next', { method: 'site_setoption', email });
    act(() => network.releaseOne());
    // a.example back as it was; b.example's change, still in flight, stays.
    await waitFor(() => expect(site('a.example')?.firewallstatus).toBe(1));
    expect(site('b.example')?.autotreatment).toBe(1);
    act(() => network.releaseOne());
    await waitFor(() => expect(result.current.set.isSuccess).toBe(true));
    await waitFor(() => expect(site('b.example')?.autotreatment).toBe(1));
  });

  it('learns that an option is not available for this key (145904) and remembers patching as set here', async () => {
    const { email, credentials } = await newAccount();
    const { result, network, site } = renderSites(credentials);
    await waitFor(() => expect(site('a.example')).toBeDefined());
    await waitFor(() => expect(result.current.account).toBe(email));

    act(() => result.current.set.mutate({ domain: 'a.example', change: { option: 'autopatching', value: 1 } }));
    await waitFor(() => expect(result.current.patching['a.example']).toBe(1));
    await waitFor(() => expect(network.held()).toBe(1));
    act(() => network.releaseOne());
    await waitFor(() => expect(result.current.set.isSuccess).toBe(true));
    expect(result.current.patching['a.example']).toBe(1);

    await stack.control('plan', { email, features: [] });
    act(() => result.current.set.mutate({ domain: 'a.example', change: { option: 'autopatching', value: 0 } }));
    await waitFor(() => expect(result.current.patching['a.example']).toBe(0));
    await waitFor(() => expect(network.held()).toBe(1));
    act(() => network.releaseOne());
    await waitFor(() => expect(result.current.set.isError).toBe(true));
    expect(isMethodError(result.current.set.error, 'site_setoption', 'permissionDenied')).toBe(true);
    expect(result.current.unavailable).toEqual(['autopatching']);
    // Kept by the team's workspace: a reload, or a colleague, is not offered the control to fail again.
    const kept = await workspaceOf(stack.client(credentials)).state();
    expect(kept.refusedOptions.map((o) => o.option)).toEqual(['autopatching']);
    expect(await workspaceOf(stack.client(credentials)).patching(['a.example'])).toMatchObject([
      { domain: 'a.example', enabled: true, setBy: { userEmail: email } },
    ]);
    // Put back: the last value set that the service took.
    expect(result.current.patching['a.example']).toBe(1);
  });

  it('deletes at once; shares with a unit (which joins the directory) and unshares', async () => {
    const { credentials } = await newAccount(['a.example', 'b.example', 'c.example']);
    const api = stack.client(credentials);
    await api.agency_update({ title: 'Northwind', email: 'ops@northwind.example' });
    const { result, network, site } = renderSites(credentials);
    await waitFor(() => expect(site('c.example')).toBeDefined());

    act(() => result.current.remove.mutate({ domain: 'c.example' }));
    await waitFor(() => expect(site('c.example')).toBeUndefined());
    await waitFor(() => expect(network.held()).toBe(1));
    act(() => network.releaseOne());
    await waitFor(() => expect(result.current.remove.isSuccess).toBe(true));
    expect((await api.sites_list()).map((s) => s.domain).sort()).toEqual(['a.example', 'b.example']);

    const unit = 'Owner@Customer.example';
    let outcome: Map<string, string> | undefined;
    await act(async () => {
      outcome = await result.current.share.mutateAsync({ unit, domains: ['a.example', 'not a site'] });
    });
    expect([...(outcome ?? new Map()).keys()]).toEqual(['not a site']);
    expect(result.current.units.map((u) => [u.email, u.source])).toEqual([['owner@customer.example', 'shared']]);
    expect((await api.sites_list({ unit })).map((s) => s.domain)).toEqual(['a.example']);

    act(() => result.current.unshare.mutate({ unit, domain: 'a.example' }));
    await waitFor(() => expect(network.held()).toBe(1));
    act(() => network.releaseOne());
    await waitFor(() => expect(result.current.unshare.isSuccess).toBe(true));
    expect(await api.sites_list({ unit })).toEqual([]);
  });
});

describe('addSitesInChunks', () => {
  it('maps per-site errors to the entries, across calls', async () => {
    const { credentials } = await newAccount([]);
    const api = stack.client(credentials);
    const progress: number[] = [];
    const outcome = await addSitesInChunks(
      api,
      [{ name: 'one.example' }, { name: 'bad name' }, { name: 'https://two.example/x' }, { name: 'localhost' }],
      { chunk: 3, onProgress: (done) => progress.push(done) },
    );
    expect(outcome.added).toEqual([0, 2]);
    expect([...outcome.failed.keys()]).toEqual([1, 3]);
    expect(progress).toEqual([3, 4]);
  });

  it('adds what fits when the plan is full (141900) and says which did not fit', async () => {
    const { email, credentials } = await newAccount(['a.example']);
    await stack.control('plan', { email, siteLimit: 4 });
    const names = ['1.example', '2.example', '3.example', '4.example', '5.example'].map((name) => ({ name }));
    const outcome = await addSitesInChunks(stack.client(credentials), names, { chunk: 5 });
    expect(outcome.added).toEqual([0, 1, 2]);
    expect(outcome.overPlan).toEqual([3, 4]);
    expect(outcome.error).toBeUndefined();
  });
});
