/**
 * The team's workspace from the dashboard's hooks, on the real stack (the
 * proxy records the writes, the workspace keeps them): two colleagues on one
 * account see the same customers, directory and patching; a reconcile puts
 * the customer map right, a few units at a time; what a browser kept before
 * is imported once and removed.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../api/credentials';
import type { Site } from '../api/schemas';
import { ApiProvider } from '../lib/api-context';
import { createQueryClient } from '../lib/query-client';
import { startRealStack, type RealStack } from '../../test-support/real-stack';
import { useAccountId } from './account';
import { backgroundTurn, reconcileUnits, useReconcile } from './reconcile';
import { usePatchingOf } from './site-memory';
import { useSetSiteOption, useShareSites } from './site-mutations';
import { useUnitsDirectory } from './units-directory';
import { useCustomerMap, useReconciledAt, useSiteCustomer, WORKSPACE_KEY } from './workspace';
import { workspaceOf } from './workspace-client';
import { legacyMemory, useImportLegacyMemory, useImportPeriodSet } from './workspace-import';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

let n = 0;
/** A site as a sites_list row gives it (no patching carried: the page asks the workspace for it). */
const A_EXAMPLE: Site = {
  id: 0,
  host: 'a.example',
  domain: 'a.example',
  adddate: 0,
  scanperiod: 0,
  nextscan: 0,
  firewallstatus: 0,
  autotreatment: 0,
  permissions: 0,
};
const newEmail = () => `ws-${++n}-${Date.now().toString(36)}@spa.example`;

/** A second key of the same account: the sign-in of a colleague who shares the partner e-mail. */
async function signInAgain(email: string): Promise<Credentials> {
  const anonymous = stack.client(null as unknown as Credentials);
  await anonymous.signup(email);
  const mails = (await (await fetch(`${stack.origin}/sandbox/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    otp?: string;
  }[];
  const otps = mails.map((m) => m.otp).filter((otp): otp is string => typeof otp === 'string');
  for (const otp of otps.reverse()) {
    try {
      const signed = await anonymous.signin(email, otp);
      return { apiKey: signed.privatekey.key, macKey: signed.privatekey.hmac };
    } catch {
      // An older code, used already: try the one before.
    }
  }
  throw new Error(`no usable one-time password for ${email}`);
}

function renderDashboard(credentials: Credentials, fetch?: typeof globalThis.fetch) {
  const api = stack.client(credentials, fetch);
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
        customers: { ...useCustomerMap(), reconciledAt: useReconciledAt() },
        customerOfA: useSiteCustomer('A.example'),
        units: useUnitsDirectory(account),
        patching: usePatchingOf(account, A_EXAMPLE),
        share: useShareSites(),
        set: useSetSiteOption(),
        reconcile: useReconcile(),
      };
    },
    { wrapper },
  );
  return {
    ...hook,
    api,
    queryClient,
    refresh: () => act(() => queryClient.refetchQueries({ queryKey: WORKSPACE_KEY })),
  };
}

describe('the team’s workspace', () => {
  it('two colleagues on one account see the same customers, directory and patching, with who set it', async () => {
    const email = newEmail();
    const ana = await stack.signIn(email);
    const setup = stack.client(ana);
    await setup.agency_update({ title: 'Northwind', email: 'ops@northwind.example' });
    await setup.sites_add(['a.example', 'b.example']);
    const ben = await signInAgain(email);
    expect(ben.apiKey).not.toBe(ana.apiKey);

    const first = renderDashboard(ana);
    const second = renderDashboard(ben);
    await waitFor(() => expect(first.result.current.customers.isPending).toBe(false));
    await waitFor(() => expect(second.result.current.customers.isPending).toBe(false));

    await act(() => first.result.current.share.mutateAsync({ unit: 'Shop@Customer.example', domains: ['a.example'] }));
    act(() => first.result.current.set.mutate({ domain: 'a.example', change: { option: 'autopatching', value: 1 } }));
    // The one who set it sees who and when once the workspace has it (asked again after the write).
    await waitFor(() => expect(first.result.current.patching?.state?.setBy.userEmail).toBe(email));

    await second.refresh();
    await waitFor(() =>
      expect(second.result.current.customers.customers.get('a.example')).toBe('shop@customer.example'),
    );
    await waitFor(() => expect(second.result.current.customerOfA).toBe('shop@customer.example'));
    const seen = second.result.current;
    expect(seen.customers.customers.has('b.example')).toBe(false);
    expect(seen.units.map((u) => [u.email, u.source, u.siteCount])).toEqual([['shop@customer.example', 'shared', 1]]);
    expect(seen.patching).toMatchObject({ value: 1, state: { enabled: true, setBy: { userEmail: email } } });
    expect(seen.patching?.state?.setBy.keyId).not.toBe(undefined);
  });

  it('reconciles every unit a few at a time, puts the customer map right and notes when', async () => {
    const email = newEmail();
    const credentials = await stack.signIn(email);
    // Writes with a key the workspace has not yet seen are not recorded: a map that is out of date.
    const unseen = stack.client(credentials);
    await unseen.agency_update({ title: 'Northwind', email: 'ops@northwind.example' });
    const units = Array.from({ length: 10 }, (_, i) => `unit-${i}@customer.example`);
    await unseen.sites_add(units.map((unit, i) => ({ name: `site-${i}.example`, share: unit })));

    let inFlight = 0;
    let most = 0;
    const counting: typeof fetch = async (input, init) => {
      const checking = String(input instanceof Request ? input.url : input).includes('/api/sites_list/');
      if (checking) most = Math.max(most, ++inFlight);
      try {
        return await fetch(input, init);
      } finally {
        if (checking) inFlight--;
      }
    };
    const page = renderDashboard(credentials, counting);
    await waitFor(() => expect(page.result.current.customers.isPending).toBe(false));
    expect(page.result.current.customers.customers.size).toBe(0);
    await act(() => workspaceOf(page.api).addUnits([...units, 'gone@customer.example'], 'lookup'));

    const before = Date.now();
    const outcome = await act(() =>
      page.result.current.reconcile.mutateAsync({ units: [...units, 'gone@customer.example'] }),
    );
    expect(outcome).toMatchObject({ checked: 11, missing: 1, failed: 0 });
    expect(most).toBeLessThanOrEqual(4);
    await waitFor(() => expect(page.result.current.customers.customers.size).toBe(10));
    expect(page.result.current.customers.customers.get('site-3.example')).toBe('unit-3@customer.example');
    expect(page.result.current.customers.reconciledAt).toBeGreaterThanOrEqual(before - 1000);
    expect(page.result.current.units.find((u) => u.email === 'unit-3@customer.example')).toMatchObject({
      siteCount: 1,
      checkedAt: expect.any(Number) as number,
    });
  });

  it('does not note a reconcile when a unit could not be checked', async () => {
    const credentials = await stack.signIn(newEmail());
    const api = stack.client(credentials);
    const workspace = workspaceOf(api);
    await workspace.state();
    await stack.control('fail-next', { method: 'sites_list', code: 500 });
    const outcome = await reconcileUnits(api, workspace, ['one@customer.example'], { concurrency: 4 });
    expect(outcome).toMatchObject({ failed: 1, reconciledAt: null });
    expect((await workspace.customers()).reconciledAt).toBeNull();
  });

  it('a turn that leaves units to check keeps each check but notes no reconcile; the last turn notes it', async () => {
    const credentials = await stack.signIn(newEmail());
    const api = stack.client(credentials);
    const workspace = workspaceOf(api);
    const units = ['one@customer.example', 'two@customer.example', 'three@customer.example'];
    await workspace.addUnits(units, 'lookup');
    const first = backgroundTurn(await workspace.units(), Date.now(), 2);
    expect(first.last).toBe(false);
    expect(await reconcileUnits(api, workspace, first.units, { note: false })).toMatchObject({
      checked: 2,
      reconciledAt: null,
    });
    expect((await workspace.customers()).reconciledAt).toBeNull();
    // The next turn (on this page or another) takes the unit not yet checked, and completes the reconcile.
    const next = backgroundTurn(await workspace.units(), Date.now(), 2);
    expect(next).toEqual({ units: units.filter((u) => !first.units.includes(u)), last: true });
    const outcome = await reconcileUnits(api, workspace, next.units, { note: next.last });
    expect(outcome.reconciledAt).toEqual(expect.any(Number));
    expect((await workspace.customers()).reconciledAt).toBe(outcome.reconciledAt);
    expect(backgroundTurn(await workspace.units(), Date.now(), 2)).toEqual({ units: [], last: true });
  });

  it('imports what this browser kept before, once, and removes it from the browser', async () => {
    const email = newEmail();
    const credentials = await stack.signIn(email);
    localStorage.setItem(
      `psd.units.${email}`,
      JSON.stringify([{ email: 'kept@customer.example', source: 'lookup', added: 1 }]),
    );
    localStorage.setItem(`psd.patching.${email}`, JSON.stringify({ 'a.example': 1 }));
    sessionStorage.setItem(`psd.unavailable-options.${email}`, JSON.stringify(['autocleanup']));
    const memory = legacyMemory(email);
    expect(memory).toEqual({ units: ['kept@customer.example'], patching: 1, syncMissing: 0 });

    const api = stack.client(credentials);
    const queryClient = createQueryClient(() => undefined);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={api}>{children}</ApiProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useImportLegacyMemory(email), { wrapper });
    await act(() => result.current.mutateAsync(memory!));

    expect((await workspaceOf(api).units()).map((u) => [u.email, u.source])).toEqual([
      ['kept@customer.example', 'import'],
    ]);
    expect(localStorage.getItem(`psd.units.${email}`)).toBeNull();
    expect(localStorage.getItem(`psd.patching.${email}`)).toBeNull();
    expect(sessionStorage.getItem(`psd.unavailable-options.${email}`)).toBeNull();
    expect(legacyMemory(email)).toBeNull();
  });

  it('gives the workspace when this browser set scan periods, without a question, and removes them', async () => {
    const email = newEmail();
    const credentials = await stack.signIn(email);
    const api = stack.client(credentials);
    await api.sites_add(['a.example', 'b.example']);
    const now = Math.floor(Date.now() / 1000);
    // A period set an hour ago is still of use; one set 40 days ago is not.
    localStorage.setItem(
      `psd.period-set.${email}`,
      JSON.stringify({ 'a.example': now - 3600, 'b.example': now - 40 * 86_400 }),
    );
    const queryClient = createQueryClient(() => undefined);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={api}>{children}</ApiProvider>
      </QueryClientProvider>
    );
    renderHook(() => useImportPeriodSet(email), { wrapper });
    await waitFor(() => expect(localStorage.getItem(`psd.period-set.${email}`)).toBeNull());
    expect(await workspaceOf(api).periodSet()).toEqual([{ domain: 'a.example', setAt: (now - 3600) * 1000 }]);
  });
});
