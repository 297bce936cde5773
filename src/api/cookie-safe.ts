/**
 * What a key may be, without zod: the session store reads stored keys with it
 * in the entry chunk (src/lib/session.ts), the schemas of ./credentials.ts and
 * the proxy check with it too.
 */

/**
 * The longest key or signature the dashboard sends and the proxy forwards.
 * Keys the service issues are far shorter; the bound keeps a header small.
 */
export const MAX_KEY_LENGTH = 512;

/**
 * A cookie value per RFC 6265 §4.1.1 (cookie-octet: visible ASCII without
 * `"` `,` `;` `\`), 1 to MAX_KEY_LENGTH characters. Keys travel in headers that
 * the proxy turns into the `apikey`/`apimac` cookies (docs/partner-api.md#keys, docs/partner-api.md#signature); anything
 * else could inject a second cookie or a header. The one rule for the browser
 * (apiKeySchema), the proxy (server/proxy/credentials.ts) and PARTNER_APP_KEY.
 */
const COOKIE_VALUE = new RegExp(`^[\\x21\\x23-\\x2B\\x2D-\\x3A\\x3C-\\x5B\\x5D-\\x7E]{1,${MAX_KEY_LENGTH}}$`);

export function isCookieSafe(value: string): boolean {
  return COOKIE_VALUE.test(value);
}
