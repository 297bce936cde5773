/**
 * Units on the real stack: rename moves the unit's sites and its directory
 * entry; delete with its sites takes them out of every cached list at once;
 * the directory's check tells a unit the service no longer knows.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider } from '../lib/api-context';
import { createQueryClient } from '../lib/query-client';
import { holdingFetch, startRealStack, type RealStack } from '../../test-support/real-stack';
import { useAccountId } from './account';
import { useSitesQuery } from './sites';
import { useUnshareSite } from './site-mutations';
import { useDeleteUnit, useRenameUnit, useUnitCheck } from './units';
import { addUnit, useUnitsDirectory } from './units-directory';
import { workspaceOf } from './workspace-client';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

let n = 0;
async function setUp(fetch?: typeof globalThis.fetch) {
  const email = `units-${++n}-${Date.now().toString(36)}@spa.example`;
  const api = stack.client(await stack.signIn(email), fetch);
  await api.agency_update({ title: 'Northwind', email: 'ops@northwind.example' });
  await api.sites_add([
    { name: 'one.example', share: 'old@customer.example' },
    { name: 'two.example', share: 'old@customer.example' },
    'three.example',
  ]);
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
        all: useSitesQuery(undefined),
        units: useUnitsDirectory(account),
        rename: useRenameUnit(),
        remove: useDeleteUnit(),
        unshare: useUnshareSite(),
        check: useUnitCheck('old@customer.example'),
      };
    },
    { wrapper },
  );
  await waitFor(() => expect(hook.result.current.account).toBe(email));
  act(() => addUnit(hook.result.current.account, 'old@customer.example', 'shared'));
  return { ...hook, api };
}

const REPORT = /\/units\/[^/]+\/sites$/;

/** As setUp, with every call seen: the unit found by its check, whose first report has gone to the workspace. */
async function setUpChecked() {
  const held = holdingFetch(/^$/);
  const hook = await setUp(held.fetch);
  await waitFor(() => expect(hook.result.current.check).toEqual({ state: 'found', sites: 2 }));
  const reports = () => held.calls.filter((path) => REPORT.test(path)).length;
  await waitFor(() => expect(reports()).toBe(1));
  return { ...hook, held, reports };
}

describe('units', () => {
  it('renames a unit: its sites follow, and so does the directory', async () => {
    const { result, api } = await setUp();
    await waitFor(() => expect(result.current.check).toEqual({ state: 'found', sites: 2 }));
    await act(() => result.current.rename.mutateAsync({ unit: 'old@customer.example', to: 'New@Customer.example' }));
    expect(result.current.units.map((u) => u.email)).toEqual(['new@customer.example']);
    expect((await api.sites_list({ unit: 'new@customer.example' })).map((s) => s.domain).sort()).toEqual([
      'one.example',
      'two.example',
    ]);
    await waitFor(() => expect(result.current.check).toEqual({ state: 'missing' }));
  });

  it('deletes a unit with its sites: they leave the cached list at once and the service', async () => {
    const { result, api } = await setUp();
    await waitFor(() => expect(result.current.all.data).toHaveLength(3));
    // The unit's check has reached the team's workspace (a late one would list the unit again).
    await waitFor(async () =>
      expect((await workspaceOf(api).units()).map((u) => u.checkedAt !== null)).toEqual([true]),
    );
    act(() =>
      result.current.remove.mutate({
        unit: 'old@customer.example',
        withSites: true,
        domains: ['one.example', 'two.example'],
      }),
    );
    await waitFor(() => expect(result.current.all.data?.map((s) => s.domain)).toEqual(['three.example']));
    await waitFor(() => expect(result.current.remove.isSuccess).toBe(true));
    // The directory is the workspace's: its record of the deletion is written off the answer's path.
    await waitFor(() => expect(result.current.units).toEqual([]));
    expect((await api.sites_list()).map((s) => s.domain)).toEqual(['three.example']);
  });

  it("reports the service's answer after a write of the unit's sites: one site unshared, its check says one", async () => {
    const { result, reports } = await setUpChecked();
    act(() => result.current.unshare.mutate({ unit: 'old@customer.example', domain: 'one.example' }));
    await waitFor(() => expect(result.current.unshare.isSuccess).toBe(true));
    // The list laid over at once (one site) is not reported; the refetch's answer is, while the write settles.
    await waitFor(() => expect(reports()).toBe(2));
    expect(result.current.check).toEqual({ state: 'found', sites: 1 });
  });

  it('does not report the check of a unit deleted with its sites from the list laid over meanwhile', async () => {
    // A report of that list (no sites) reaching the workspace after the deletion would list the unit again.
    const { result, held, reports } = await setUpChecked();
    held.hold(REPORT);
    act(() =>
      result.current.remove.mutate({
        unit: 'old@customer.example',
        withSites: true,
        domains: ['one.example', 'two.example'],
      }),
    );
    await waitFor(() => expect(result.current.remove.isSuccess).toBe(true));
    // The refetch after the write finds the unit gone (142900): nothing to report.
    await waitFor(() => expect(result.current.check).toEqual({ state: 'missing' }));
    expect(reports()).toBe(1);
    while (held.held() > 0) held.releaseOne();
    await waitFor(() => expect(result.current.units).toEqual([]));
  });
});
