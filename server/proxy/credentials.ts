/**
 * X-Apikey / X-Apimac request headers → the `apikey` / `apimac` cookies the
 * partner API reads (docs/partner-api.md#keys, docs/partner-api.md#signature). Browsers cannot set a Cookie header on
 * fetch, so the SPA sends headers and the proxy writes the cookie.
 */

import { isCookieSafe } from '../../src/api/credentials.ts';

/** Methods that may be called with the partner's application key (docs/partner-api.md#authorization-methods). */
const APP_KEY_METHODS = new Set(['signup', 'signin']);

export type CookieResult = { ok: true; cookie: string | null; usedAppKey: boolean } | { ok: false; reason: string };

/**
 * The Cookie header for the upstream request. The browser's own cookies are
 * never forwarded. Without a key, `signup` and `signin` get the application
 * key (with no signature: application keys have the signature check disabled).
 * Raw header values are checked as received (no trimming) with the browser's
 * own rule (src/api/credentials.ts, RFC 6265 cookie-octets, at most 512), so a
 * space, a control character or a second value joined by `,` is refused rather
 * than cleaned: it could inject a second cookie or a header.
 */
export function upstreamCookie(
  apiKeyHeader: string | null,
  macHeader: string | null,
  method: string,
  appKey: string | undefined,
): CookieResult {
  const apiKey = apiKeyHeader === null || apiKeyHeader === '' ? null : apiKeyHeader;
  const mac = macHeader === null || macHeader === '' ? null : macHeader;
  if (apiKey !== null && !isCookieSafe(apiKey)) return { ok: false, reason: 'The X-Apikey header is malformed' };
  if (mac !== null && !isCookieSafe(mac)) return { ok: false, reason: 'The X-Apimac header is malformed' };

  if (apiKey !== null) {
    return {
      ok: true,
      cookie: mac === null ? `apikey=${apiKey}` : `apikey=${apiKey}; apimac=${mac}`,
      usedAppKey: false,
    };
  }
  if (appKey !== undefined && APP_KEY_METHODS.has(method)) {
    return { ok: true, cookie: `apikey=${appKey}`, usedAppKey: true };
  }
  // A signature without a key authorises nothing; the upstream answers 502 for the missing key.
  return { ok: true, cookie: null, usedAppKey: false };
}

/**
 * The `apikey` and `apimac` values of a caller's Cookie header, as the partner
 * API reads them (docs/partner-api.md#keys, docs/partner-api.md#signature): for the sandbox's own {base_url}
 * (`/sandbox/api/`, ./app.ts), where a caller such as curl sends the cookies
 * itself. The first of each name counts; nothing else of the header is kept.
 * The values are checked by upstreamCookie like the X- headers.
 */
export function cookieCredentials(cookieHeader: string | null): { apiKey: string | null; mac: string | null } {
  let apiKey: string | null = null;
  let mac: string | null = null;
  for (const pair of (cookieHeader ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (name === 'apikey' && apiKey === null) apiKey = value;
    else if (name === 'apimac' && mac === null) mac = value;
  }
  return { apiKey, mac };
}
