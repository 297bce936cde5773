import type { QueryClient } from '@tanstack/react-query';
import { classifyError, endsSession } from '../../api/error-catalogue';
import { redirectTarget } from './redirect';
import type { SessionStore } from '../../lib/session';
import { forgetAccountData } from '../../lib/query-client';

interface GuardDeps {
  session: SessionStore;
  /** Late-bound: the query client is made before the router, and both need this guard. */
  queryClient: () => QueryClient;
  /** Where the user is now, and how to send them to the login page. */
  currentHref: () => string;
  goToLogin: (redirect: string | undefined) => Promise<void>;
}

/**
 * Any 502 (docs/partner-api.md#system-errors, "authorization error") ends the session: the key is
 * forgotten, the cached data of the account is dropped, and the user goes to
 * login with the reason and the page they were on. Errors while signed out
 * (a wrong key typed on the login page) are the login form's to show.
 */
export function createSessionGuard(deps: GuardDeps): (error: unknown) => void {
  return (error) => {
    if (!endsSession(classifyError(error)) || !deps.session.get()) return;
    const redirect = redirectTarget(deps.currentHref());
    deps.session.clear();
    deps.session.setNotice({ reason: 'sessionEnded' });
    // Dropped once the account's pages are gone, so none of them refetches without a key.
    // A navigation that fails (superseded by another) must not surface as an
    // unhandled rejection: the keys are gone, and the guarded routes send to
    // login on their next load anyway.
    void deps
      .goToLogin(redirect)
      .catch(() => undefined)
      .finally(() => forgetAccountData(deps.queryClient()));
  };
}
