/**
 * Security headers on every response the proxy makes.
 * No X-Frame-Options: it cannot express an allowlist and would break embedding
 * in hoster panels; `frame-ancestors` is the control (docs/embedding.md).
 */

export const DEFAULT_FRAME_ANCESTORS = "'self'";

function contentSecurityPolicy(frameAncestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' https: data:",
    "connect-src 'self'",
    // No page starts a worker (the server sums the fleet): none may run.
    "worker-src 'none'",
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** A year, subdomains included: the dashboard's host is HTTPS-only once PUBLIC_URL says https. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export type HeaderList = ReadonlyArray<readonly [string, string]>;

/**
 * The headers every answer carries, the proxy's own and the HTTP layer's early
 * ones (server/http-server.ts) alike.
 * @param options.frameAncestors CSP frame-ancestors sources (FRAME_ANCESTORS); default `'self'`
 * @param options.publicOrigin PUBLIC_URL's origin: when it is https, Strict-Transport-Security
 *   too (only the operator knows the browser arrives over TLS, at a load balancer in front)
 */
export function securityHeaders(options: { frameAncestors?: string; publicOrigin?: string | null }): HeaderList {
  const headers: Array<readonly [string, string]> = [
    ['Content-Security-Policy', contentSecurityPolicy(options.frameAncestors ?? DEFAULT_FRAME_ANCESTORS)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'no-referrer'],
    // An admin dashboard has nothing for a search engine: not even its login page (public/robots.txt).
    ['X-Robots-Tag', 'noindex'],
  ];
  if (options.publicOrigin?.startsWith('https:'))
    headers.push(['Strict-Transport-Security', STRICT_TRANSPORT_SECURITY]);
  return headers;
}
