import { createContext, use, type ReactNode } from 'react';
import type { ApiClient } from '../api/client';

const ApiContext = createContext<ApiClient | null>(null);

/** The signing client of the signed-in session, for the features' query and mutation hooks. */
export function ApiProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  return <ApiContext value={api}>{children}</ApiContext>;
}

/** The client given to ApiProvider (main.tsx; a test's own over the real sandbox). */
export function useApi(): ApiClient {
  const api = use(ApiContext);
  if (!api) throw new Error('useApi() needs an <ApiProvider> above it');
  return api;
}
