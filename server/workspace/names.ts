/**
 * Site and unit names as the workspace keys them, so the same site or unit
 * written in two ways (punycode or UTF-8, capitals, a full URL as sites_add
 * takes it) is one row.
 */
import { domainToASCII, domainToUnicode } from 'node:url';

/** A site name → its UTF-8 domain in lower case, or null when it is none. */
export function siteKey(name: string): string | null {
  let s = name.trim();
  if (s.length === 0 || s.length > 2048) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) {
    try {
      s = new URL(s).hostname;
    } catch {
      return null;
    }
  }
  s = s.replace(/[/?#].*$/, '').replace(/\.$/, '');
  const ascii = domainToASCII(s.toLowerCase());
  if (ascii === '' || ascii.length > 253) return null;
  return domainToUnicode(ascii);
}

/** A unit's e-mail, trimmed and in lower case, or null when it is not an e-mail address. */
export function unitKey(email: string): string | null {
  const s = email.trim().toLowerCase();
  return s.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(s) ? s : null;
}

/** A path parameter of a request target, decoded; null when its escapes are malformed. */
export function pathParams(target: string): string[] | null {
  const path = target.split('?', 1)[0] ?? '';
  try {
    return path
      .split('/')
      .slice(3)
      .filter((p) => p !== '')
      .map((p) => decodeURIComponent(p));
  } catch {
    return null;
  }
}
