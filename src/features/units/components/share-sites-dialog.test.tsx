/**
 * Sharing more sites with a unit, at scale, on the real stack: at most 200
 * matching sites are drawn, a line says how many there are, and the search
 * finds the others.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRealStack, type RealStack } from '../../../../test-support/real-stack';
import { renderInRouter } from '../../../test/render-in-router';
import { ShareSitesDialog } from './share-sites-dialog';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

it('draws the first 200 of 210 sites, and finds the others by name', async () => {
  const api = stack.client(await stack.signIn(`share-many-${Date.now().toString(36)}@spa.example`));
  await api.agency_update({ title: 'Northwind', email: 'ops@northwind.example' });
  await api.sites_add(Array.from({ length: 210 }, (_, i) => `shop${String(i).padStart(3, '0')}.example`));
  renderInRouter(
    () => <ShareSitesDialog open unit="buyer@customer.example" shared={[]} onOpenChange={() => undefined} />,
    { api },
  );

  const list = await screen.findByRole('list', { name: 'Sites you can share, by name' });
  expect(within(list).getAllByRole('checkbox')).toHaveLength(200);
  expect(screen.getByText('The first 200 of 210 sites: type part of a name to find the others.')).toBeInTheDocument();
  expect(within(list).queryByRole('checkbox', { name: /shop205\.example/ })).toBeNull();

  await userEvent.type(screen.getByRole('searchbox', { name: 'Search your sites' }), 'shop20');
  await waitFor(() => expect(within(list).getAllByRole('checkbox')).toHaveLength(10));
  expect(within(list).getByRole('checkbox', { name: /shop205\.example/ })).toBeInTheDocument();
  expect(screen.queryByText(/The first 200 of/)).toBeNull();
});
