/**
 * The addresses of a row's links, written as the router writes them (row-hrefs.test.tsx holds them to
 * the router's own): a row's links are plain anchors (components/ui/plain-link.tsx), which build no location.
 */

/** A site's page. */
export const siteHref = (domain: string): string => `/sites/${encodeURIComponent(domain)}`;

/** A customer (unit) on the Units page. */
export const customerHref = (unit: string): string => `/units?unit=${encodeURIComponent(unit)}`;
