import { domainToASCII, domainToUnicode } from 'node:url';
import { RE, regex } from '../../src/api/registry/define.ts';

/** The longest site name read at all, checked before anything else (a URL with a path may be long). */
export const MAX_SITE_NAME_LENGTH = 2048;
/** The longest e-mail address read at all (RFC 5321's path limit), checked before the pattern. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * Invisible formatting characters (\p{Cf}: right-to-left override, isolates, zero-width
 * space and joiners, tag characters, soft hyphen): refused in names and e-mails, where
 * they would make one name read as another. IDNA drops some of them
 * silently (soft hyphen, zero-width space), so they are refused before it runs.
 */
const INVISIBLE = /\p{Cf}/u;

/**
 * How many site names took the full check (parseSiteName, with the URL parser): the
 * tests read it to show that a call refused by the plan's pre-check checked none.
 */
export const siteNameChecks = { count: 0 };

export interface SiteName {
  /** Punycode (ASCII) host name, lower case (docs/partner-api.md#site-object host). */
  host: string;
  /** UTF-8 host name (docs/partner-api.md#site-object domain). */
  domain: string;
}

/**
 * Turn what a partner sends as a site name into host and domain, or an error
 * message in the partner's terms. Liberal, as published plugins are: a full URL
 * (https://example.com/path), a trailing dot or slash, upper case and punycode
 * are all accepted (docs/partner-api.md#sites_add: "punycode or not").
 */
export function parseSiteName(input: string): SiteName | { error: string } {
  siteNameChecks.count += 1;
  if (input.length > MAX_SITE_NAME_LENGTH + 64) {
    return { error: 'The site name is too long (a domain has at most 253 characters)' };
  }
  let s = input.trim();
  if (s === '') return { error: 'The site name is empty' };
  if (INVISIBLE.test(s)) return { error: 'The site name holds an invisible formatting character' };
  if (s.length > MAX_SITE_NAME_LENGTH)
    return { error: 'The site name is too long (a domain has at most 253 characters)' };
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(s);
  if (scheme) {
    if (!/^https?:\/\//i.test(s)) return { error: 'Only http:// and https:// addresses can be added' };
    try {
      s = new URL(s).hostname;
    } catch {
      return { error: 'The address is not a valid URL' };
    }
  } else {
    s = s.split(/[/?#]/, 1)[0] ?? '';
  }
  if (/:\d+$/.test(s)) s = s.replace(/:\d+$/, '');
  s = s.replace(/\.$/, '');
  if (s.length > 253) return { error: 'The domain name is too long (at most 253 characters)' };
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(s) || s.startsWith('[')) {
    return { error: 'IP addresses cannot be added: add the domain name of the site' };
  }
  if (!s.includes('.')) return { error: `"${truncate(s)}" is not a domain name (it has no dot)` };
  const host = domainToASCII(s.toLowerCase());
  if (!host || host.length > 253) return { error: `"${truncate(s)}" is not a valid domain name` };
  const labels = host.split('.');
  const ok =
    labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) && !/^\d+$/.test(labels.at(-1) ?? '');
  if (!ok) return { error: `"${truncate(s)}" is not a valid domain name` };
  return { host, domain: domainToUnicode(host) };
}

/** Lower-cased, trimmed e-mail, or null when it is not an e-mail address. */
export function parseEmail(input: string): string | null {
  if (input.length > MAX_EMAIL_LENGTH + 64) return null;
  const s = input.trim().toLowerCase();
  return regex(RE.email).test(s) ? s : null;
}

function truncate(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}
