import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ApiClient } from './api/client';
import type { WorkspaceClient } from './api/workspace';
import { gateWrites } from './data/write-gate';
import { ApiError, TransportError, WorkspaceError } from './api/errors';
import { demoEmailQuery } from './features/auth/sandbox-mode';
import { createSessionGuard } from './features/auth/session-guard';
import { createSessionStore, credentialsGetter } from './lib/session';
import { localeReady } from './i18n/i18n';
import { fetchWarmingFormats } from './i18n/format';
import { startLocaleSync } from './i18n/locale';
import { pairWorkspace } from './data/workspace-client';
import { ApiProvider } from './lib/api-context';
import { lazyClient } from './lib/lazy-client';
import { detectEmbedMode } from './lib/embed-mode';
import { createQueryClient } from './lib/query-client';
import { startThemeSync } from './lib/theme';
import { routeTree } from './routeTree.gen';
import './index.css';

startThemeSync();
startLocaleSync();
// Before the router reads the URL: `?embed=1` is taken off it (src/lib/embed-mode.ts).
const embedded = detectEmbedMode();

// Signed out in another tab (remembered keys removed): re-check the guarded routes.
const session = createSessionStore({ onSignedOutElsewhere: () => void router.invalidate() });
// A signed-in page's first API call needs the signing code (loaded on demand, so
// the login page does without it): ask for it now, ahead of the route chunks
// that would otherwise fill the browser's six connections first.
if (session.get()) {
  void import('./api/sign.ts');
  void import('./api/client');
}

const getCredentials = credentialsGetter(session);
// Both clients' requests: the first of a signed-in page loads the engine's locale data behind it.
const warmingFetch = fetchWarmingFormats(() => session.get() !== null);
// The team's workspace (docs/workspace.md): the same origin, the same keys.
// Its module (the client and its answers' schemas) loads on the first call: the login page does without it.
const workspace = lazyClient<WorkspaceClient>(() =>
  import('./api/workspace').then((m) => m.createWorkspaceClient({ baseUrl: '', getCredentials, fetch: warmingFetch })),
);
let nameGate: Promise<() => Promise<void>> | undefined;
const askNameFirst = async () => {
  nameGate ??= import('./data/person-name').then((m) =>
    m.createNameGate({ workspace, queryClient, apiKey: () => session.get()?.apiKey ?? null }),
  );
  return (await nameGate)();
};
// Same origin: the proxy turns X-Apikey/X-Apimac into the upstream cookies. A write asks
// the person's name first, once (src/data/person-name.ts). The client (the fetch layer and its
// answers' schemas) loads on the first call, or at once for a signed-in visit (above).
const api = pairWorkspace(
  lazyClient<ApiClient>(
    () =>
      import('./api/client').then((m) =>
        gateWrites(m.createApiClient({ getCredentials, fetch: warmingFetch }), askNameFirst),
      ),
    { credentials: getCredentials },
  ),
  workspace,
);

const queryClient = createQueryClient(
  createSessionGuard({
    session,
    queryClient: () => queryClient,
    currentHref: () => router.latestLocation.href,
    goToLogin: (redirect) => router.navigate({ to: '/login', search: { redirect }, replace: true }),
  }),
);

const router = createRouter({
  routeTree,
  context: { queryClient, session, api },
  defaultPreload: 'intent',
  // A page that fails shows why inside the shell; the layouts have their own.
  // Loaded when a page fails (the login page does without it).
  defaultErrorComponent: lazyRouteComponent(() => import('./features/shell/page-error'), 'PageError'),
  // Loaders read through the query cache, which decides freshness.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Signed out, the visit shows the login page: whether it offers the demo (the sandbox's
// /sandbox/health) is asked now, with the entry, so the page shows with its answer rather than
// moving when it comes (src/features/auth/login-page.tsx).
if (!session.get()) void queryClient.prefetchQuery(demoEmailQuery());

// Inside a hoster panel: the messaging with the panel, in a chunk of its own (docs/embedding.md).
if (embedded) void import('./embed-start').then((m) => m.startEmbedMode({ router, session, queryClient }));

const root = document.getElementById('root');
// In English at once; in another language once its messages have loaded, so
// the first paint is already in that language.
if (root) void localeReady().then(() => render(root));

function render(root: HTMLElement) {
  createRoot(root, {
    // An error from the service or the dashboard's own server (down, refused) is an expected state
    // that the route's error component explains; only unexpected errors are logged.
    onCaughtError: (error) => {
      if (!(error instanceof ApiError || error instanceof TransportError || error instanceof WorkspaceError)) {
        console.error(error);
      }
    },
  }).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={api}>
          <RouterProvider router={router} />
        </ApiProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
