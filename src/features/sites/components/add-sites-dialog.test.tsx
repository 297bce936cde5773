/**
 * The Add sites dialog on the real stack: what it says of the pasted lines
 * comes from the server's read model (docs/workspace.md#the-read-model): a
 * site already in the account is not sent again, the plan's use is counted
 * there, and the account's whole sites_list is never read.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordingFetch, startRealStack, type RealStack } from '../../../../test-support/real-stack';
import { renderInRouter } from '../../../test/render-in-router';
import { AddSitesDialog } from './add-sites-dialog';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

it("says which pasted sites are in the account already, from the server's read model, and sends only the others", async () => {
  const { fetch: counting, asked } = recordingFetch();
  const credentials = await stack.signIn(`add-known-${Date.now().toString(36)}@spa.example`);
  const api = stack.client(credentials, counting);
  await api.sites_add(['there.example', 'also-there.example']);
  asked.length = 0;
  renderInRouter(() => <AddSitesDialog open onOpenChange={() => undefined} />, { api });

  expect(await screen.findByText(/2 of \d[\d,]* sites/)).toBeInTheDocument();
  await userEvent.type(screen.getByRole('textbox', { name: /sites to add/i }), 'There.example\nnew.example');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add 1 site' })).toBeEnabled());
  expect(screen.getByText('Already in your account: nothing to add')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Add 1 site' }));
  await waitFor(async () =>
    expect((await stack.client(credentials).sites_list({})).map((s) => s.domain).sort()).toEqual([
      'also-there.example',
      'new.example',
      'there.example',
    ]),
  );
  expect(asked.filter((url) => url.includes('/api/sites_list/'))).toEqual([]);
});
