import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { classifyError, endsSession } from '../../api/error-catalogue';
import type { SessionNotice } from '../../lib/session';
import { forgetAccountData } from '../../lib/query-client';

/**
 * Sign out (docs/partner-api.md#signout): a key made by signin is deleted on the service first
 * (a key typed in by hand cannot be: docs/partner-api.md#signout, so it is only forgotten here).
 * The keys are then cleared everywhere (both storages, the query cache) even
 * when the service could not be told, and the user lands on the login page.
 */
export function useSignOut(): { signOut: () => Promise<void>; pending: boolean } {
  const { api, session, queryClient } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    const current = session.get();
    let notice: SessionNotice | null = null;
    if (current?.kind === 'signin') {
      try {
        await api.signout();
      } catch (error) {
        // A 502 means the key no longer works anyway: nothing left to delete.
        if (!endsSession(classifyError(error))) notice = { reason: 'signOutFailed', error };
      }
    }
    session.clear();
    session.setNotice(notice);
    try {
      await navigate({ to: '/login', replace: true });
    } finally {
      // After the account's pages are gone, so none of them refetches without a key;
      // and even when the navigation failed, so the button does not stay disabled.
      forgetAccountData(queryClient);
      setPending(false);
    }
  }, [api, session, queryClient, navigate]);

  return { signOut, pending };
}
