import { queryOptions } from '@tanstack/react-query';

/**
 * The demo account of the embedded sandbox. It mirrors DEMO_EMAIL of the
 * sandbox seed (server/sandbox/seed.ts); src/ never imports server code, so
 * keep the two in step.
 */
export const DEMO_EMAIL = 'demo@partner.example';

/**
 * The server answers GET /sandbox/health with JSON only when it runs the
 * embedded sandbox (issue 2); a real upstream gives 404 or the SPA's HTML.
 * Any failure means "not a sandbox": the demo help stays hidden.
 */
async function isSandbox(): Promise<boolean> {
  try {
    const res = await fetch('/sandbox/health', { headers: { Accept: 'application/json' }, credentials: 'omit' });
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) return false;
    const body: unknown = await res.json();
    return typeof body === 'object' && body !== null;
  } catch {
    return false;
  }
}

/** Asked once per page load: a server does not change mode while it runs. */
export function sandboxModeQuery() {
  return queryOptions({
    queryKey: ['sandbox-mode'],
    queryFn: isSandbox,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
