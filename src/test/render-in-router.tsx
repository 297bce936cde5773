/**
 * Renders a page as the app does, inside a router (memory history) with the
 * query client and an API client (a test's own, over the real sandbox), for
 * components that use the router: links, search params, the leave guard.
 * A second route, /away, is somewhere to navigate to.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import { Toaster } from '../components/ui/toast';
import { ApiProvider } from '../lib/api-context';
import { createQueryClient } from '../lib/query-client';

export function renderInRouter(page: () => ReactNode, { api, path = '/' }: { api: ApiClient; path?: string }) {
  const queryClient = createQueryClient(() => undefined);
  const root = createRootRoute({ component: Outlet });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: page });
  const away = createRoute({ getParentRoute: () => root, path: '/away', component: () => <h1>Away</h1> });
  const router = createRouter({
    routeTree: root.addChildren([home, away]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <RouterProvider router={router} />
        <Toaster />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
