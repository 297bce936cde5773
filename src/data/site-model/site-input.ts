/**
 * A site name as people write it (docs/partner-api.md#sites_add: "punycode or not"; the service
 * also takes a full URL): the punycode host the service lists it under and its
 * UTF-8 form, or why it is not a site name. The browser's URL parser does the
 * IDNA encoding, so what is accepted here is what a browser would open.
 */
import { RE, regex } from '../../api/registry/define';
import { hostToUnicode } from '../../lib/punycode';

export type SiteInputError =
  | 'empty'
  | 'scheme'
  | 'ip'
  | 'noDot'
  | 'invalid'
  | 'characters'
  | 'emptyPart'
  | 'partTooLong'
  | 'hyphenEdge'
  | 'numericEnd'
  | 'tooLong'
  | 'invisible'
  | 'onlyEmail'
  | 'userPart';

/** What may stand before `@` in an address's user part (RFC 3986 userinfo). */
const USER_PART = /^[\w.~%!$&'()*+=:-]+@/;

export type SiteInput = { ok: true; host: string; domain: string } | { ok: false; error: SiteInputError };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function hostPart(input: string): string | SiteInputError {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) {
    if (!/^https?:\/\//i.test(input)) return 'scheme';
    try {
      const url = new URL(input);
      // `https://user@host/`: the browser would drop the user part; the line is to be fixed, not guessed.
      return url.username || url.password ? 'userPart' : url.hostname;
    } catch {
      return 'invalid';
    }
  }
  const authority = input.split(/[/?#]/, 1)[0] ?? '';
  // `admin@shop.example` is an e-mail address, `user@shop.example/x` a user part: neither names a site.
  if (authority.includes('@')) {
    if (regex(RE.email).test(input)) return 'onlyEmail';
    return USER_PART.test(authority) ? 'userPart' : 'invalid';
  }
  return authority.replace(/:\d+$/, '');
}

export function parseSiteInput(raw: string): SiteInput {
  const input = raw.trim();
  if (input === '') return { ok: false, error: 'empty' };
  if (input.length > 2048) return { ok: false, error: 'tooLong' };
  // Invisible formatting characters (a right-to-left override, zero-width ones): the URL
  // parser drops some silently, and they would make one name read as another.
  if (/\p{Cf}/u.test(input)) return { ok: false, error: 'invisible' };
  const part = hostPart(input);
  if (part === 'scheme' || part === 'invalid' || part === 'onlyEmail' || part === 'userPart')
    return { ok: false, error: part };
  const name = part.replace(/\.$/, '');
  if (IPV4.test(name) || name.startsWith('[')) return { ok: false, error: 'ip' };
  // Only letters (an international name's too), digits, dots and hyphens: a backslash
  // or a semicolon would otherwise be read by the URL parser as the end of the host,
  // and a different site queued than the one typed.
  if (/[^\p{L}\p{M}\p{N}.-]/u.test(name)) return { ok: false, error: 'characters' };
  if (!name.includes('.')) return { ok: false, error: 'noDot' };
  if (name.split('.').some((part) => part === '')) return { ok: false, error: 'emptyPart' };
  // A last part of digits alone reads as an IP address to the URL parser, which then refuses the name.
  if (/^\d+$/.test(name.split('.').at(-1) ?? '')) return { ok: false, error: 'numericEnd' };
  let host: string;
  try {
    host = new URL(`http://${name}/`).hostname;
  } catch {
    return { ok: false, error: 'invalid' };
  }
  if (host.length > 253) return { ok: false, error: 'tooLong' };
  const labels = host.split('.');
  // Why a part is refused, in the reader's terms: its length, a hyphen at its edge.
  if (labels.some((l) => l.length > 63)) return { ok: false, error: 'partTooLong' };
  if (labels.some((l) => l.startsWith('-') || l.endsWith('-'))) return { ok: false, error: 'hyphenEdge' };
  if (!labels.every((l) => LABEL.test(l))) return { ok: false, error: 'invalid' };
  return { ok: true, host, domain: hostToUnicode(host) };
}
