/**
 * Scan now on the real stack: the watcher looks until the site's report date
 * changes (the sandbox clock moved past the scan's end): through its
 * customer's list, else the server's read model, else (the read model has not
 * read the fleet) the account's sites_list, whose cached copy it refreshes. It
 * remembers per account that a site has no synchronization file (146901) for
 * the sync-file page.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMethodError } from '../api/error-catalogue';
import type { Site } from '../api/schemas';
import { ApiProvider } from '../lib/api-context';
import { createQueryClient } from '../lib/query-client';
import { startRealStack, type RealStack } from '../../test-support/real-stack';
import { useAccountId } from './account';
import { fleetSiteKey, fleetSiteQueryOptions } from './fleet-site-query';
import { useScanning, useScanRecords, useScanWatcher, useSyncFileMissing, type ScanOutcome } from './scan-watcher';
import { sitesQueryOptions } from './sites-query';
import { useLookUpUnit } from './units';
import { useUnitsDirectory } from './units-directory';
import { workspaceOf } from './workspace-client';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

/** Every sites_list and read-model scan question a test's client makes. */
function counting() {
  const asked: string[] = [];
  const fetching: typeof fetch = (input, init) => {
    const url = decodeURIComponent(input instanceof Request ? input.url : String(input));
    if (url.includes('/api/sites_list/') || url.includes('/workspace/fleet/scans')) asked.push(url);
    return fetch(input, init);
  };
  return { asked, fetching };
}

/** Once the server's read model has read the account's fleet (its first question starts the read). */
async function fleetRead(api: Parameters<typeof workspaceOf>[0]): Promise<void> {
  await expect.poll(async () => (await workspaceOf(api).fleet.sites()).asOf, { timeout: 15_000 }).not.toBeNull();
}

let n = 0;
async function setUp(sites: (string | { name: string; share: string })[], fetch?: typeof globalThis.fetch) {
  const email = `scan-${++n}-${Date.now().toString(36)}@spa.example`;
  const credentials = await stack.signIn(email);
  const api = stack.client(credentials, fetch);
  // A key the workspace has seen: it keeps the customers the writes name (sharing needs the agency).
  if (sites.some((s) => typeof s !== 'string')) {
    await workspaceOf(api).me();
    await api.agency_update({ title: 'Northwind', email: 'ops@northwind.example' });
  }
  await api.sites_add(sites);
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
        watcher: useScanWatcher(),
        scanning: useScanning(),
        records: useScanRecords(account),
        missing: useSyncFileMissing(account),
        lookUp: useLookUpUnit(),
        units: useUnitsDirectory(account),
      };
    },
    { wrapper },
  );
  await waitFor(() => expect(hook.result.current.account).toBe(email));
  return { ...hook, api, email, queryClient };
}

describe('scan watcher', () => {
  it("shows the site as scanning, then its new report, through the account's list before the server has read the fleet", async () => {
    const { result, queryClient, api } = await setUp(['fresh.example']);
    let outcome: Promise<ScanOutcome> | undefined;
    act(() => {
      outcome = result.current.watcher.scan('fresh.example', result.current.account);
    });
    await waitFor(() => expect(Object.keys(result.current.scanning)).toEqual(['fresh.example']));
    // The scan runs SANDBOX_SCAN_SECONDS on the sandbox clock: move it past the end.
    await stack.control('clock', { advance: 60 });
    const done = await outcome;
    expect(done?.kind).toBe('done');
    const report = done?.kind === 'done' ? done.site?.scanreport : undefined;
    expect(report?.date).toBeGreaterThan(0);
    // The cached list (the table) has the report too.
    const cached = queryClient.getQueryData(sitesQueryOptions(api).queryKey);
    expect(cached?.[0]?.scanreport?.id).toBe(report?.id);
    await waitFor(() => expect(result.current.scanning).toEqual({}));
    expect(result.current.records['fresh.example']?.outcome).toBe('done');
  });

  it("watches a site without a customer through the server's read model, never the account's list", async () => {
    const { asked, fetching } = counting();
    const { result, api } = await setUp(['plain.example', 'other.example'], fetching);
    await fleetRead(api);
    let outcome: Promise<ScanOutcome> | undefined;
    act(() => {
      outcome = result.current.watcher.scan('plain.example', result.current.account);
    });
    await waitFor(() => expect(Object.keys(result.current.scanning)).toEqual(['plain.example']));
    await stack.control('clock', { advance: 60 });
    const done = await outcome;
    expect(done).toMatchObject({ kind: 'done', threats: expect.any(Number) });
    expect(asked.filter((url) => url.includes('/api/sites_list/'))).toEqual([]);
    expect(asked.length).toBeGreaterThan(0);
    // The read model has the new report: the table and the site page read it from there.
    expect((await workspaceOf(api).fleet.site('plain.example')).site.scanreport?.date).toBeGreaterThan(0);
    await waitFor(() => expect(result.current.scanning).toEqual({}));
  });

  it("watches a site through its customer's list, then through the read model once it leaves that list", async () => {
    const { asked, fetching } = counting();
    const customer = 'owner@shop.example';
    const { result, api } = await setUp([{ name: 'shop.example', share: customer }, 'other.example'], fetching);
    let outcome: Promise<ScanOutcome> | undefined;
    act(() => {
      outcome = result.current.watcher.scan('shop.example', result.current.account);
    });
    await waitFor(() => expect(Object.keys(result.current.scanning)).toEqual(['shop.example']));
    await stack.control('clock', { advance: 60 });
    expect((await outcome)?.kind).toBe('done');
    expect(asked.length).toBeGreaterThan(0);
    // Its customer's list only (the read model is then told to read the new report, not asked to watch).
    expect(asked.filter((url) => url.includes('/api/sites_list/') && !url.includes(`unit=${customer}`))).toEqual([]);
    await waitFor(() => expect(asked.filter((url) => url.includes('/workspace/fleet/scans'))).toHaveLength(1));

    // Unshared meanwhile: not in its customer's list any more, the site is looked for in the read model.
    await fleetRead(api);
    asked.length = 0;
    act(() => {
      outcome = result.current.watcher.scan('shop.example', result.current.account);
    });
    await waitFor(() => expect(Object.keys(result.current.scanning)).toEqual(['shop.example']));
    await api.site_unshare(customer, 'shop.example');
    await waitFor(() => expect(asked.some((url) => url.includes('/workspace/fleet/scans'))).toBe(true), {
      timeout: 20_000,
    });
    await stack.control('clock', { advance: 60 });
    expect((await outcome)?.kind).toBe('done');
    expect(asked.filter((url) => url.includes('/api/sites_list/') && !url.includes('unit='))).toEqual([]);
  });

  it("shows a report read from the customer's list on the site page at once, and the read model reads it after", async () => {
    const customer = 'owner@bakery.example';
    const { result, api, queryClient } = await setUp([{ name: 'bakery.example', share: customer }, 'other.example']);
    await fleetRead(api);
    const page = fleetSiteQueryOptions(api, queryClient, 'bakery.example');
    const before = await queryClient.fetchQuery(page);
    expect(before[0]?.scanreport ?? null).toBeNull();
    let outcome: Promise<ScanOutcome> | undefined;
    act(() => {
      outcome = result.current.watcher.scan('bakery.example', result.current.account);
    });
    await waitFor(() => expect(Object.keys(result.current.scanning)).toEqual(['bakery.example']));
    await stack.control('clock', { advance: 60 });
    const done = await outcome;
    const date = done?.kind === 'done' ? done.site?.scanreport?.date : undefined;
    expect(date).toBeGreaterThan(0);
    // The page's site has the new report as soon as the scan is done (before any question to the server),
    // and still has it when asked again (the read model's answer, or its older one with the list's report).
    expect(queryClient.getQueryData<Site[]>(fleetSiteKey('bakery.example'))?.[0]?.scanreport?.date).toBe(date);
    await queryClient.refetchQueries({ queryKey: fleetSiteKey('bakery.example') });
    expect(queryClient.getQueryData<Site[]>(fleetSiteKey('bakery.example'))?.[0]?.scanreport?.date).toBe(date);
    // The server's read model reads it too: a reload (a new page, without this one's memory) shows it.
    await expect
      .poll(async () => (await workspaceOf(api).fleet.site('bakery.example')).site.scanreport?.date, {
        timeout: 20_000,
      })
      .toBe(date);
  });

  it('remembers a site whose synchronization file is missing (146901)', async () => {
    const { result } = await setUp(['nosync-shop.example', 'ok.example']);
    let error: unknown;
    await act(async () => {
      await result.current.watcher.scan('nosync-shop.example', result.current.account).catch((e: unknown) => {
        error = e;
      });
    });
    expect(isMethodError(error, 'site_scan', 'notAvailable')).toBe(true);
    expect(result.current.missing).toEqual(['nosync-shop.example']);
    expect(result.current.scanning).toEqual({});
  });
});

describe('units look-up', () => {
  it('adds a unit the service knows to the directory, and says when there is none (142900)', async () => {
    const { result, api } = await setUp(['shared.example']);
    await api.agency_update({ title: 'Northwind', email: 'ops@northwind.example' });
    await api.sites_add([{ name: 'shared.example', share: 'known@customer.example' }]);

    let found: unknown;
    await act(async () => {
      found = await result.current.lookUp.mutateAsync('nobody@customer.example');
    });
    expect(found).toBeNull();
    await waitFor(() => expect(result.current.units.map((u) => u.email)).toEqual(['known@customer.example']));

    await act(async () => {
      found = await result.current.lookUp.mutateAsync('known@customer.example');
    });
    expect(found).toMatchObject([{ domain: 'shared.example' }]);
    // The team's workspace saw the share pass through the server: a share wins over a look-up as the source.
    expect(result.current.units).toMatchObject([{ email: 'known@customer.example', source: 'shared', siteCount: 1 }]);
  });
});
