/**
 * The site actions a page gives its rows' controls (SiteActionsProvider), on the real stack: the same
 * object at each of the page's renders, so a page that renders again (a sort renders the sites page
 * seven times) does not render every row's controls with it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { memo } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiProvider } from '../../lib/api-context';
import { createQueryClient } from '../../lib/query-client';
import { startRealStack, type RealStack } from '../../../test-support/real-stack';
import { SiteActionsProvider, useSiteActions } from './site-actions';

let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack();
});
afterAll(() => stack.close());

describe('SiteActionsProvider', () => {
  it('gives its controls the same actions at each of its renders', async () => {
    const email = `site-actions-${Date.now().toString(36)}@spa.example`;
    const api = stack.client(await stack.signIn(email));
    const queryClient = createQueryClient(() => undefined);
    const seen: unknown[] = [];
    // A row's control: memoised as the rows are, it renders again only when the actions change.
    const Control = memo(function Control() {
      seen.push(useSiteActions());
      return null;
    });
    const page = (n: number) => (
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={api}>
          <SiteActionsProvider>
            <p>render {n}</p>
            <Control />
          </SiteActionsProvider>
        </ApiProvider>
      </QueryClientProvider>
    );
    const view = render(page(1));
    // What the actions are made of (the account, the options refused) has come in.
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ account: email }));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const before = seen.length;
    view.rerender(page(2));
    view.rerender(page(3));
    await view.findByText('render 3');
    expect(seen).toHaveLength(before);
  });
});
