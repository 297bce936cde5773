import { createApiClient } from '../../api/client';
import type { Credentials } from '../../api/credentials';
import { sessionSchema, type Session } from '../../lib/session-schema';

/** The key works but has no user (api_userinfo null, docs/partner-api.md#api_userinfo): the partner's application key, say. */
export class KeyWithoutUserError extends Error {
  override name = 'KeyWithoutUserError';
}

/**
 * A key from outside (typed in by hand, or handed over by an embedding panel's
 * `auth` message) is checked with `api_keyinfo` (docs/partner-api.md#api_keyinfo) before it is
 * kept, and must belong to a partner account: `api_userinfo` answers null for
 * a key with no user (an application key), which can manage nothing. An empty
 * mac key means no signature (docs/partner-api.md#signature).
 */
export async function checkKey(given: Credentials): Promise<Session> {
  const credentials = given.macKey ? { apiKey: given.apiKey, macKey: given.macKey } : { apiKey: given.apiKey };
  const probe = createApiClient({ getCredentials: () => credentials });
  const info = await probe.api_keyinfo();
  const user = await probe.api_userinfo();
  if (user === null) throw new KeyWithoutUserError('api_userinfo answered null');
  return sessionSchema.parse({
    v: 1,
    ...credentials,
    expires: typeof info.expires === 'number' && info.expires >= 0 ? info.expires : 0,
    email: user.email,
    kind: 'key',
  });
}
