/**
 * Security headers on every response the proxy makes (issue 3, "The proxy").
 * No X-Frame-Options: it cannot express an allowlist and would break embedding
 * in hoster panels; `frame-ancestors` is the control (DESIGN.md, embedding).
 */

export const DEFAULT_FRAME_ANCESTORS = "'self'";

export function contentSecurityPolicy(frameAncestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' https: data:",
    "connect-src 'self'",
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(frameAncestors: string): ReadonlyArray<readonly [string, string]> {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(frameAncestors)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'no-referrer'],
    // An admin dashboard has nothing for a search engine: not even its login page (public/robots.txt).
    ['X-Robots-Tag', 'noindex'],
  ];
}
