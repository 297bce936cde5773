/**
 * The data-feature pattern on the real stack (proxy + sandbox over HTTP):
 * query options keyed by the registry, hooks, and an optimistic mutation that
 * rolls back on error, says why in the catalogue's words and invalidates by
 * key. Nothing of ours is mocked; calls are only held back to look at the
 * state before the answer.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../api/credentials';
import { isMethodError } from '../api/error-catalogue';
import { ApiProvider } from '../lib/api-context';
import { createQueryClient } from '../lib/query-client';
import { toasts } from '../lib/toast-store';
import { holdingFetch, startRealStack, type RealStack } from '../../test-support/real-stack';
import { agencyQueryOptions, useAgency, useDeleteAgency, useUpdateAgency } from './agency';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());
afterEach(() => toasts.set([]));

let n = 0;
const newEmail = () => `agency-${++n}-${Date.now().toString(36)}@spa.example`;
const newAccount = (email = newEmail()) => stack.signIn(email);

/** The hooks as the app wires them, over the real client; writes are held until released. */
function renderAgency(credentials: Credentials) {
  const network = holdingFetch(/\/api\/agency_(update|delete)\//);
  const api = stack.client(credentials, network.fetch);
  const queryClient = createQueryClient(() => undefined);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>{children}</ApiProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => ({ agency: useAgency(), update: useUpdateAgency(), remove: useDeleteAgency() }), {
    wrapper,
  });
  const agencyReads = () => network.calls.filter((path) => path === '/api/agency_view/').length;
  return { ...hook, api, network, queryClient, agencyReads };
}

const northwind = { title: 'Northwind Hosting', email: 'ops@northwind.example' };

describe('agency api module', () => {
  it('keys the query by the registry and reads "no agency yet" (noAgency) as null', async () => {
    const api = stack.client(await newAccount());
    const options = agencyQueryOptions(api);
    expect(options.queryKey).toEqual(['agency_view']);
    await expect(createQueryClient(() => undefined).fetchQuery(options)).resolves.toBeNull();
  });

  it('shows a saved agency at once, keeps it once the service has it, and refetches by key', async () => {
    const { result, network, api, agencyReads } = renderAgency(await newAccount());
    await waitFor(() => expect(result.current.agency.data).toBeNull());
    const readsBefore = agencyReads();

    act(() => result.current.update.mutate(northwind));
    // Optimistic: on screen while the write is still held back.
    await waitFor(() => expect(result.current.agency.data?.title).toBe('Northwind Hosting'));
    expect(network.held()).toBe(1);

    act(() => network.releaseOne());
    await waitFor(() => expect(result.current.update.isSuccess).toBe(true));
    // Invalidated: read again from the service, which has it.
    await waitFor(() => expect(agencyReads()).toBe(readsBefore + 1));
    expect(result.current.agency.data).toMatchObject(northwind);
    await expect(api.agency_view()).resolves.toMatchObject(northwind);
    expect(toasts.get()).toEqual([]);
  });

  it('puts the old record back when the write fails, and says why in the catalogue’s words', async () => {
    const email = newEmail();
    const credentials = await newAccount(email);
    await stack.client(credentials).agency_update(northwind);
    const { result, network } = renderAgency(credentials);
    await waitFor(() => expect(result.current.agency.data?.title).toBe('Northwind Hosting'));
    // Only this account's next write fails (fail-next scoped by e-mail).
    await stack.control('fail-next', { method: 'agency_update', email });
    // The refetch after the failure is held too: what shows then is the rollback's doing.
    network.hold(/\/api\/agency_(update|view)\//);

    act(() => result.current.update.mutate({ ...northwind, title: 'Renamed' }));
    await waitFor(() => expect(result.current.agency.data?.title).toBe('Renamed'));
    act(() => network.releaseOne());

    // Rolled back while the refetch is still held: the old record is back from the copy.
    await waitFor(() => expect(network.held()).toBe(1));
    expect(network.calls.at(-1)).toBe('/api/agency_view/');
    expect(result.current.agency.data?.title).toBe('Northwind Hosting');
    act(() => network.releaseOne());
    // The mutation settles once the refetch has answered (its promise is returned from onSettled).
    await waitFor(() => expect(result.current.update.isError).toBe(true));
    expect(isMethodError(result.current.update.error, 'agency_update', 'dbError')).toBe(true);
    expect(result.current.agency.data?.title).toBe('Northwind Hosting');
    expect(toasts.get()).toMatchObject([
      {
        tone: 'error',
        title: 'The change was not saved',
        description: expect.stringContaining('The service had a storage problem'),
      },
    ]);
  });

  it('refetches once, after the last of two overlapping writes, so the controls do not jump between them', async () => {
    const { result, network, agencyReads } = renderAgency(await newAccount());
    await waitFor(() => expect(result.current.agency.data).toBeNull());
    const readsBefore = agencyReads();

    act(() => result.current.update.mutate({ ...northwind, title: 'First' }));
    await waitFor(() => expect(network.held()).toBe(1));
    act(() => result.current.update.mutate({ ...northwind, title: 'Second' }));
    await waitFor(() => expect(network.held()).toBe(2));
    expect(result.current.agency.data?.title).toBe('Second');

    act(() => network.releaseOne());
    await waitFor(() => expect(network.calls.filter((p) => p === '/api/agency_update/').length).toBe(2));
    // The first settled while the second is in flight: no read in between.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(agencyReads()).toBe(readsBefore);
    expect(result.current.agency.data?.title).toBe('Second');

    act(() => network.releaseOne());
    await waitFor(() => expect(agencyReads()).toBe(readsBefore + 1));
    await waitFor(() => expect(result.current.agency.data?.title).toBe('Second'));
  });

  it('deletes optimistically: no agency at once, none on the service after', async () => {
    const credentials = await newAccount();
    await stack.client(credentials).agency_update(northwind);
    const { result, api, network } = renderAgency(credentials);
    await waitFor(() => expect(result.current.agency.data?.title).toBe('Northwind Hosting'));

    act(() => result.current.remove.mutate());
    await waitFor(() => expect(result.current.agency.data).toBeNull());
    expect(network.held()).toBe(1);
    act(() => network.releaseOne());
    await waitFor(() => expect(result.current.remove.isSuccess).toBe(true));
    expect(result.current.agency.data).toBeNull();
    await expect(api.agency_view()).rejects.toSatisfy((e) => isMethodError(e, 'agency_view', 'noAgency'));
  });
});
