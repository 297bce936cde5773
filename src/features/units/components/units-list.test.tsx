/**
 * The units page at scale, on the real stack: at most a hundred customers are
 * drawn, a box finds the others, and a status says how many match (for a
 * screen reader as it changes); sharing more sites draws at most 200 of them,
 * and its search finds the others, asking the server's read model for them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordingFetch, startRealStack, type RealStack } from '../../../../test-support/real-stack';
import { workspaceOf } from '../../../data/workspace-client';
import { renderInRouter } from '../../../test/render-in-router';
import { ShareSitesDialog } from './share-sites-dialog';
import { UnitsPage } from './units-page';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

it('draws the first hundred of 130 customers, and finds the others by part of the address, asking the server', async () => {
  const { fetch: counting, asked } = recordingFetch();
  const api = stack.client(await stack.signIn(`many-units-${Date.now().toString(36)}@spa.example`), counting);
  const emails = Array.from({ length: 130 }, (_, i) => `owner${String(i).padStart(3, '0')}@shop.example`);
  await workspaceOf(api).addUnits(emails, 'import');
  asked.length = 0;
  const chosen: string[] = [];
  renderInRouter(() => <UnitsPage unit={undefined} onSelect={(unit) => unit && chosen.push(unit)} />, { api });

  const list = await screen.findByRole('navigation', { name: 'Customers' });
  await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(100));
  expect(within(list).getByRole('status')).toHaveTextContent(
    'The first 100 of 130: type part of an address to find the others.',
  );
  expect(within(list).queryByRole('button', { name: /owner120@/ })).toBeNull();

  const find = within(list).getByRole('searchbox', { name: 'Find in the list' });
  await userEvent.type(find, 'OWNER12');
  await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(10));
  expect(within(list).getByRole('status')).toHaveTextContent('10 customers match.');
  await userEvent.click(within(list).getByRole('button', { name: /owner125@shop\.example/ }));
  expect(chosen).toEqual(['owner125@shop.example']);

  await userEvent.type(find, 'x');
  await waitFor(() => expect(within(list).queryAllByRole('button')).toHaveLength(0));
  expect(within(list).getByRole('status')).toHaveTextContent(
    'No customer in the list contains “OWNER12x”. Look the address up with the service above.',
  );
  // What was typed stays.
  expect(find).toHaveValue('OWNER12x');
  // The page asked for what it showed, never the whole directory.
  const directory = asked.filter((url) => new URL(url).pathname === '/workspace/units');
  expect(directory.length).toBeGreaterThan(0);
  expect(directory.every((url) => new URL(url).searchParams.has('q'))).toBe(true);
  expect(directory.map((url) => new URL(url).searchParams.get('limit'))).not.toContain('130');
});

it('asks once more when the directory cannot be read, then says so with Try again', async () => {
  const credentials = await stack.signIn(`flaky-units-${Date.now().toString(36)}@spa.example`);
  await workspaceOf(stack.client(credentials)).addUnits(['one@shop.example'], 'import');
  // The dashboard's server out of reach for the first five requests for the directory (the workspace
  // client sends a failed read twice, src/api/workspace.ts).
  let failing = 5;
  const flaky: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url).pathname === '/workspace/units' && failing > 0) {
      failing--;
      return Promise.reject(new TypeError('fetch failed'));
    }
    return fetch(input, init);
  };
  renderInRouter(() => <UnitsPage unit={undefined} onSelect={() => undefined} />, {
    api: stack.client(credentials, flaky),
  });

  const list = await screen.findByRole('navigation', { name: 'Customers' });
  // The first read and the query's retry failed, each sent twice: the page says so, and what to do.
  const alert = await within(list).findByRole('alert', {}, { timeout: 10_000 });
  expect(alert).toHaveTextContent('Your customers could not be read from the dashboard’s server.');
  expect(failing).toBe(1);
  // Try again's request fails once more and is sent again: the list shows.
  await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await within(list).findByRole('button', { name: /one@shop\.example/ }, { timeout: 10_000 })).toBeVisible();
  expect(within(list).queryByRole('alert')).toBeNull();
  expect(failing).toBe(0);
});

it('shows the chosen customer in the list when it is beyond the first hundred', async () => {
  const api = stack.client(await stack.signIn(`chosen-unit-${Date.now().toString(36)}@spa.example`));
  const emails = Array.from({ length: 130 }, (_, i) => `buyer${String(i).padStart(3, '0')}@shop.example`);
  await workspaceOf(api).addUnits(emails, 'import');
  renderInRouter(() => <UnitsPage unit="buyer120@shop.example" onSelect={() => undefined} />, { api });

  const list = await screen.findByRole('navigation', { name: 'Customers' });
  await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(100));
  const buttons = within(list).getAllByRole('button');
  expect(buttons[0]).toHaveAccessibleName(/^buyer120@shop\.example/);
  expect(buttons[0]).toHaveAttribute('aria-current', 'true');
  expect(buttons[1]).toHaveAccessibleName(/^buyer000@shop\.example/);
});

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

it("offers the sites not shared with the customer yet, each with the customer it has now, from the server's read model", async () => {
  const { fetch: counting, asked } = recordingFetch();
  const api = stack.client(await stack.signIn(`share-model-${Date.now().toString(36)}@spa.example`), counting);
  // A key the workspace has seen: it keeps the customers the writes name.
  await workspaceOf(api).me();
  await api.agency_update({ title: 'Northwind', email: 'ops@northwind.example' });
  await api.sites_add([
    { name: 'mine.example', share: 'buyer@customer.example' },
    { name: 'theirs.example', share: 'other@customer.example' },
    'free.example',
  ]);
  asked.length = 0;
  renderInRouter(
    () => <ShareSitesDialog open unit="buyer@customer.example" shared={[]} onOpenChange={() => undefined} />,
    { api },
  );

  const list = await screen.findByRole('list', { name: 'Sites you can share, by name' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['free.example', 'theirs.exampleShared with other@customer.example now']);
  // Neither the account's whole sites_list nor the whole customer map.
  expect(asked.filter((url) => url.includes('/api/sites_list/') || url.includes('/workspace/customers'))).toEqual([]);
});
