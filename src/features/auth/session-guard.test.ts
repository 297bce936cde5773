import { describe, expect, it } from 'vitest';
import { ApiError, TransportError } from '../../api/errors';
import { createQueryClient } from '../../lib/query-client';
import { createSessionStore, isSessionExpired, type Session } from '../../lib/session';
import { createSessionGuard } from './session-guard';

const signedIn: Session = { v: 1, apiKey: 'key', macKey: 'mac', expires: 0, email: 'a@b.example', kind: 'signin' };

/** The real store and query client, wired as main.tsx wires them; navigation is recorded. */
function setup(href = '/sites?q=x', navigation: () => Promise<void> = async () => undefined) {
  const session = createSessionStore();
  const visits: (string | undefined)[] = [];
  const queryClient = createQueryClient(
    createSessionGuard({
      session,
      queryClient: () => queryClient,
      currentHref: () => href,
      goToLogin: async (redirect) => {
        visits.push(redirect);
        await navigation();
      },
    }),
  );
  return { session, queryClient, visits };
}

const failWith = (error: Error) => () => Promise.reject(error);

describe('the session guard in the query client', () => {
  it('ends the session on a 502 from any query: keys and cache cleared, reason and target kept', async () => {
    const { session, queryClient, visits } = setup();
    session.set(signedIn, false);
    queryClient.setQueryData(['account', 'agency'], { title: 'Old' });
    await expect(
      queryClient.fetchQuery({
        queryKey: ['account', 'keyinfo'],
        queryFn: failWith(new ApiError({ method: 'api_keyinfo', code: 502, message: 'Authorization error' })),
      }),
    ).rejects.toBeInstanceOf(ApiError);
    await Promise.resolve();
    expect(session.get()).toBeNull();
    expect(session.notice()).toEqual({ reason: 'sessionEnded' });
    expect(visits).toEqual(['/sites?q=x']);
    expect(queryClient.getQueryData(['account', 'agency'])).toBeUndefined();
  });

  it('survives a navigation that fails: no unhandled rejection, and the cache is still dropped', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const { session, queryClient, visits } = setup('/sites', () =>
        Promise.reject(new Error('navigation superseded')),
      );
      session.set(signedIn, false);
      queryClient.setQueryData(['account', 'agency'], { title: 'Old' });
      await queryClient
        .fetchQuery({
          queryKey: ['account', 'keyinfo'],
          queryFn: failWith(new ApiError({ method: 'api_keyinfo', code: 502, message: 'Authorization error' })),
        })
        .catch(() => undefined);
      // Unhandled rejections are reported after the microtask queue drains.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(visits).toEqual(['/sites']);
      expect(session.get()).toBeNull();
      expect(queryClient.getQueryData(['account', 'agency'])).toBeUndefined();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('ends the session on a 502 from a mutation too', async () => {
    const { session, queryClient, visits } = setup('/agency');
    session.set(signedIn, false);
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: failWith(new ApiError({ method: 'agency_update', code: 502, message: 'Authorization error' })),
    });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(session.get()).toBeNull();
    expect(visits).toEqual(['/agency']);
  });

  it('leaves other errors to the page that made the call', async () => {
    const { session, queryClient, visits } = setup();
    session.set(signedIn, false);
    for (const error of [
      new ApiError({ method: 'agency_view', code: 123900, message: 'No agency' }),
      new ApiError({ method: 'sites_list', code: 505, message: 'Access' }),
      new TransportError({ method: 'sites_list', kind: 'network', message: 'down' }),
    ]) {
      await queryClient.fetchQuery({ queryKey: ['q', error.message], queryFn: failWith(error) }).catch(() => undefined);
    }
    expect(session.get()).toEqual(signedIn);
    expect(visits).toEqual([]);
  });

  it('ignores a 502 while signed out (a wrong key typed on the login page is the form’s to show)', async () => {
    const { session, queryClient, visits } = setup('/login');
    await queryClient
      .fetchQuery({
        queryKey: ['probe'],
        queryFn: failWith(new ApiError({ method: 'api_keyinfo', code: 502, message: 'x' })),
      })
      .catch(() => undefined);
    expect(session.notice()).toBeNull();
    expect(visits).toEqual([]);
  });

  it('does not put the login page in the redirect target', async () => {
    const { session, queryClient, visits } = setup('/login?redirect=%2Fsites');
    session.set(signedIn, false);
    await queryClient
      .fetchQuery({
        queryKey: ['k'],
        queryFn: failWith(new ApiError({ method: 'api_keyinfo', code: 502, message: 'x' })),
      })
      .catch(() => undefined);
    expect(visits).toEqual([undefined]);
  });
});

describe('session expiry', () => {
  it('treats an expiry at or before now as ended, and 0 as never (docs/partner-api.md#key-metadata)', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(isSessionExpired({ ...signedIn, expires: 0 }, now)).toBe(false);
    expect(isSessionExpired({ ...signedIn, expires: now / 1000 }, now)).toBe(true);
    expect(isSessionExpired({ ...signedIn, expires: now / 1000 + 60 }, now)).toBe(false);
  });

  it('refuses to store keys that could not be sent as headers', () => {
    const session = createSessionStore();
    expect(() => session.set({ ...signedIn, apiKey: 'a;b' }, false)).toThrow();
    expect(session.get()).toBeNull();
  });
});
