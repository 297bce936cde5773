/**
 * Embed mode's composition (docs/embedding.md): the embedding bridge
 * (src/features/embed) given the app's session and router. Loaded by
 * src/main.tsx only with `?embed=1`, in a chunk of its own.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { classifyError, endsSession, isUnavailable } from './api/error-catalogue';
import { checkKey, KeyWithoutUserError } from './features/auth/check-key';
import { isSafeRedirect } from './features/auth/redirect';
import { isSessionExpired, type Session, type SessionStore } from './lib/session';
import { startEmbed } from './features/embed/start';
import { markPanelSignedIn } from './lib/embed-mode';
import { forgetAccountData } from './lib/query-client';

function sameKeys(session: Session | null, apiKey: string, macKey: string | undefined): boolean {
  return session !== null && session.apiKey === apiKey && (session.macKey ?? '') === (macKey ?? '');
}

/** Why a panel's keys were refused, for the panel's developers (never the keys themselves). */
function describeAuthFailure(error: unknown): string {
  if (error instanceof KeyWithoutUserError) return 'The key belongs to no partner account (an application key?)';
  const c = classifyError(error);
  if (endsSession(c)) {
    return 'The service did not accept the key: it is unknown or expired, the mac key does not match, or it may not be used from this network';
  }
  if (isUnavailable(c)) return 'The service could not be reached: send auth again later';
  return 'The key could not be checked';
}

export function startEmbedMode(app: { router: AnyRouter; session: SessionStore; queryClient: QueryClient }): void {
  const { router, session, queryClient } = app;
  void startEmbed({
    async signIn({ apiKey, macKey }) {
      const current = session.get();
      if (sameKeys(current, apiKey, macKey) && current !== null && !isSessionExpired(current)) return;
      const next = await checkKey({ apiKey, macKey });
      // Nothing cached for a previous account may show for this one.
      forgetAccountData(queryClient);
      // The frame's own sessionStorage (in memory when storage is blocked), never localStorage.
      session.set(next, false);
      markPanelSignedIn();
      const { pathname, searchStr } = router.state.location;
      if (pathname === '/login') {
        // On to where the user was going, as the login page does.
        const target = new URLSearchParams(searchStr).get('redirect') ?? '/';
        await router.navigate({ href: isSafeRedirect(target) ? target : '/', replace: true });
      } else {
        await router.invalidate();
      }
    },
    describeAuthFailure,
    isSignedIn: () => session.get() !== null,
    subscribeSession(listener) {
      let last = session.get();
      return session.subscribe(() => {
        const now = session.get();
        if (now === last) return;
        const before = last;
        last = now;
        if (now === null) listener('signed-out');
        else if (before === null || before.apiKey !== now.apiKey) listener('signed-in');
      });
    },
    navigate: (path) => void router.navigate({ href: path }),
    currentPath: () => router.state.location.href,
    subscribeNavigation: (listener) => router.subscribe('onResolved', (event) => listener(event.toLocation.href)),
  });
}
