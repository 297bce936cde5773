/**
 * The sites with their firewall history (docs/partner-api.md#sites_list withfwhistory) on the real
 * stack: their keys (apart from the table's light list, under sites_list), 30
 * days per site, a unit's small list, and a write that patches a unit's list
 * like every sites_list query.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider } from '../lib/api-context';
import { createQueryClient } from '../lib/query-client';
import { startRealStack, type RealStack } from '../../test-support/real-stack';
import { sitesHistoryQueryOptions, useSitesHistory } from './site-history-query';
import { useSetSiteOption } from './site-mutations';
import { SITES_KEY } from './sites-query';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

describe('site history query', () => {
  it('is keyed apart from the table’s list, per unit, under sites_list', () => {
    const api = stack.client({ apiKey: 'k' });
    const key = sitesHistoryQueryOptions(api, 'u@x.example').queryKey;
    expect(key).toEqual(['sites_list', { withscanreport: true, withfwhistory: true, unit: 'u@x.example' }]);
    expect(key.slice(0, SITES_KEY.length)).toEqual([...SITES_KEY]);
  });

  it('gives 30 days per site, a unit’s sites only, and a write patches the unit’s list', async () => {
    const email = `history-${Date.now().toString(36)}@spa.example`;
    const unit = `owner-${Date.now().toString(36)}@customer.example`;
    const credentials = await stack.signIn(email);
    const api = stack.client(credentials);
    await api.agency_update({ title: 'History Agency', email });
    await api.sites_add([{ name: 'shared.example', share: unit }, 'alone.example']);
    const queryClient = createQueryClient(() => undefined);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={api}>{children}</ApiProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => ({ ofUnit: useSitesHistory(unit), set: useSetSiteOption() }), { wrapper });
    await waitFor(() => expect(result.current.ofUnit.data?.map((s) => s.domain)).toEqual(['shared.example']));
    const history = result.current.ofUnit.data?.[0]?.fwhistory ?? {};
    expect(Object.keys(history)).toHaveLength(30);
    // Added today: the days before have no data (null), today has the firewall on.
    expect(
      Object.values(history)
        .slice(0, 29)
        .every((d) => d === null),
    ).toBe(true);

    act(() =>
      result.current.set.mutate({ domain: 'shared.example', change: { option: 'firewall', value: 'disable' } }),
    );
    await waitFor(() => expect(result.current.ofUnit.data?.[0]?.firewallstatus).toBe(0));
    await waitFor(() => expect(result.current.set.isSuccess).toBe(true));
  });
});
