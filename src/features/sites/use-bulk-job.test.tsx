/**
 * Bulk changes on the real stack (proxy + sandbox over HTTP): a refusal with
 * 145904 is not a failure to retry but the option unavailable for this key
 * (kept for the tab's session), the same rule a row's control follows, and a
 * cancel leaves sites unsent that can be sent afterwards. A run is one site
 * write with a row's: the lists are refetched once, after the last of them.
 * Calls are only held back to cancel mid-run or to overlap writes.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../../api/credentials';
import { useAccountId } from '../../data/account';
import { usePatchingMemoryFor, useUnavailableOptions } from '../../data/site-memory';
import { useSetSiteOption, type OptionFailure } from '../../data/site-mutations';
import { useSitesQuery } from '../../data/sites';
import { workspaceOf } from '../../data/workspace-client';
import { ApiProvider } from '../../lib/api-context';
import { createQueryClient } from '../../lib/query-client';
import { holdingFetch, startRealStack, type RealStack } from '../../../test-support/real-stack';
import { BULK_CONCURRENCY, useBulkJob } from './use-bulk-job';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

let n = 0;
async function newAccount(sites: string[]) {
  const email = `bulk-${++n}-${Date.now().toString(36)}@spa.example`;
  const credentials = await stack.signIn(email);
  await stack.client(credentials).sites_add(sites);
  return { email, credentials };
}

/** The sites whose patching the test reads (names('rule', 3)). */
const RULES = ['rule-0.example', 'rule-1.example', 'rule-2.example'];

function renderBulk(credentials: Credentials, hold = /^$/) {
  const network = holdingFetch(hold);
  const api = stack.client(credentials, network.fetch);
  const queryClient = createQueryClient(() => undefined);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>{children}</ApiProvider>
    </QueryClientProvider>
  );
  // How the row's control hears of its failures (site-actions.tsx shows them).
  const rowFailures: OptionFailure[] = [];
  const hook = renderHook(
    () => {
      const account = useAccountId();
      return {
        account,
        bulk: useBulkJob(),
        row: useSetSiteOption({ onError: (failure) => rowFailures.push(failure) }),
        sites: useSitesQuery(undefined),
        unavailable: useUnavailableOptions(account),
        patching: usePatchingMemoryFor(account, RULES),
      };
    },
    { wrapper },
  );
  const site = (domain: string) => hook.result.current.sites.data?.find((s) => s.domain === domain);
  return { ...hook, network, rowFailures, site };
}

const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}.example`);

describe('useBulkJob', () => {
  it('145904: the sites are not failures but the option unavailable for this key, kept for the session', async () => {
    const domains = names('plan', 3);
    const { email, credentials } = await newAccount(domains);
    await stack.control('plan', { email, features: [] });
    const { result } = renderBulk(credentials);
    await waitFor(() => expect(result.current.account).toBe(email));

    await act(() =>
      result.current.bulk.start({ kind: 'option', change: { option: 'autocleanup', value: 1 } }, domains),
    );
    const job = result.current.bulk.job;
    expect(job?.running).toBe(false);
    expect(job?.failed.size).toBe(0);
    expect([...(job?.unavailable ?? [])].sort()).toEqual(domains);
    expect(job?.done).toBe(0);
    // As a row's control would: every row shows it unavailable, and the team's workspace keeps it for a reload.
    expect(result.current.unavailable).toEqual(['autocleanup']);
    const kept = await workspaceOf(stack.client(credentials)).state();
    expect(kept.refusedOptions.map((o) => o.option)).toEqual(['autocleanup']);
  });

  it('cancel stops sending; the sites not sent can be sent afterwards', async () => {
    const domains = names('rest', BULK_CONCURRENCY + 4);
    const { credentials } = await newAccount(domains);
    const { result, network } = renderBulk(credentials, /\/api\/site_setoption\//);
    const action = { kind: 'option', change: { option: 'firewall', value: 'disable' } } as const;

    let run: Promise<void> | undefined;
    act(() => {
      run = result.current.bulk.start(action, domains);
    });
    await waitFor(() => expect(network.held()).toBe(BULK_CONCURRENCY));
    act(() => result.current.bulk.cancel());
    for (let i = 0; i < BULK_CONCURRENCY; i++) act(() => network.releaseOne());
    await act(() => run);
    const job = result.current.bulk.job;
    expect(job).toMatchObject({ running: false, cancelled: true, done: BULK_CONCURRENCY });
    expect(job?.notSent).toHaveLength(4);

    network.hold(/^$/);
    await act(() => result.current.bulk.start(action, job?.notSent ?? []));
    expect(result.current.bulk.job).toMatchObject({ running: false, cancelled: false, done: 4, total: 4 });
    const sites = await stack.client(credentials).sites_list();
    expect(sites.filter((s) => s.firewallstatus === 1)).toEqual([]);
  });

  it('meets 145904 as a row’s control does: the option marked refused in the same memory, no failure, no change kept', async () => {
    const domains = names('rule', 3);
    const { email, credentials } = await newAccount(domains);
    await stack.control('plan', { email, features: [] });
    const { result, rowFailures, site } = renderBulk(credentials);
    await waitFor(() => expect(result.current.account).toBe(email));
    await waitFor(() => expect(site('rule-0.example')).toBeDefined());

    // A row's switch: refused, said as such (no row error to retry), patching put back as unknown.
    await act(async () => {
      await result.current.row
        .mutateAsync({ domain: 'rule-0.example', change: { option: 'autopatching', value: 1 } })
        .catch(() => undefined);
    });
    expect(rowFailures.map((f) => f.refused)).toEqual([true]);
    expect(result.current.unavailable).toEqual(['autopatching']);
    expect(result.current.patching).toEqual({});

    // A bulk change of the same option: refused the same way, per site; nothing remembered as set.
    await act(() =>
      result.current.bulk.start({ kind: 'option', change: { option: 'autopatching', value: 1 } }, domains),
    );
    expect(result.current.bulk.job).toMatchObject({ done: 0, failed: new Map() });
    expect([...(result.current.bulk.job?.unavailable ?? [])].sort()).toEqual(domains);
    expect(result.current.patching).toEqual({});

    // And another option, refused in bulk first: the row's memory has it, as after a row's refusal.
    await act(() =>
      result.current.bulk.start({ kind: 'option', change: { option: 'autocleanup', value: 1 } }, domains),
    );
    expect(result.current.unavailable).toEqual(['autopatching', 'autocleanup']);
    expect(domains.map((d) => site(d)?.autotreatment)).toEqual([0, 0, 0]);
  });

  it('is one site write with a row’s: the lists are refetched once, after the last of the overlapping writes', async () => {
    const domains = names('key', 3);
    const { credentials } = await newAccount(['row.example', ...domains]);
    const { result, network, site } = renderBulk(credentials, /\/api\/site_setoption\/row\.example\//);
    await waitFor(() => expect(site('row.example')).toBeDefined());
    const lists = () => network.calls.filter((path) => path.startsWith('/api/sites_list/')).length;

    act(() => result.current.row.mutate({ domain: 'row.example', change: { option: 'firewall', value: 'disable' } }));
    await waitFor(() => expect(network.held()).toBe(1));
    const before = lists();
    await act(() =>
      result.current.bulk.start({ kind: 'option', change: { option: 'firewall', value: 'disable' } }, domains),
    );
    expect(result.current.bulk.job).toMatchObject({ running: false, done: 3 });
    // The bulk run's changes show, confirmed; the row's write is still in flight: no refetch yet.
    expect(domains.map((d) => site(d)?.firewallstatus)).toEqual([0, 0, 0]);
    expect(lists()).toBe(before);

    act(() => network.releaseOne());
    await waitFor(() => expect(result.current.row.isSuccess).toBe(true));
    await waitFor(() => expect(lists()).toBe(before + 1));
    expect(site('row.example')?.firewallstatus).toBe(0);
  });
});
