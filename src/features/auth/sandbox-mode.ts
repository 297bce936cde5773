import { queryOptions } from '@tanstack/react-query';
import { RE, regex } from '../../api/registry/define';

/**
 * GET /sandbox/health on the embedded sandbox: `{ ok, version, now,
 * demoEmail }`, demoEmail a string only while the demo account exists (not
 * with SANDBOX_SEED=empty). Only demoEmail is read; it must be an address the
 * e-mail form accepts, since the hint's button puts it there. Read without zod:
 * the login page asks at once, and zod loads only with a form's first check.
 */
export function demoEmailFromHealth(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const demoEmail = (body as Record<string, unknown>).demoEmail;
  return typeof demoEmail === 'string' && regex(RE.email).test(demoEmail) ? demoEmail : null;
}

/**
 * A real upstream gives 404 or the SPA's HTML for /sandbox/health: any failure
 * means "no demo account", and the demo help stays hidden.
 */
async function fetchDemoEmail(): Promise<string | null> {
  try {
    const res = await fetch('/sandbox/health', { headers: { Accept: 'application/json' }, credentials: 'omit' });
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) return null;
    return demoEmailFromHealth(await res.json());
  } catch {
    return null;
  }
}

/**
 * Asked once per page load: the demo account does not come or go while the
 * login page is open, and it is no account's data, so signing out keeps it.
 */
export function demoEmailQuery() {
  return queryOptions({
    queryKey: ['sandbox-demo-email'],
    meta: { keepAcrossAccounts: true },
    queryFn: fetchDemoEmail,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
