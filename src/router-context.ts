import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api/client';
import type { SessionStore } from './lib/session';

/** What every route's beforeLoad, loader and component can reach (createRootRouteWithContext). */
export interface RouterContext {
  queryClient: QueryClient;
  session: SessionStore;
  /** The signing client of the signed-in session (reads the session's keys on every call). */
  api: ApiClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A page shown without the shell (header, navigation): the printable reports. */
    bare?: boolean;
  }
}
