/**
 * The session as the data layer reads it: the API client is made once, with the
 * session's keys read at each call, so a query that hands the keys to a Web Worker
 * (the overview's, one site's history) takes them from the client it is given,
 * and follows a sign-in, a sign-out and a new key without being handed them.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import { createSessionStore, credentialsGetter, type Session } from './session';

const signedIn: Session = { v: 1, apiKey: 'key-one', macKey: 'mac-one', expires: 0, kind: 'key' };

describe('the session store and the API client', () => {
  it('gives the client the keys of the session as it is at each call', () => {
    const session = createSessionStore();
    const api = createApiClient({ getCredentials: credentialsGetter(session) });
    expect(api.credentials()).toBeNull();
    session.set(signedIn, false);
    expect(api.credentials()).toEqual({ apiKey: 'key-one', macKey: 'mac-one' });
    session.set({ ...signedIn, apiKey: 'key-two', macKey: '' }, false);
    expect(api.credentials()).toEqual({ apiKey: 'key-two' });
    session.clear();
    expect(api.credentials()).toBeNull();
  });
});
