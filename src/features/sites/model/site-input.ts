/**
 * A site name as people write it (docs/partner-api.md#sites_add: "punycode or not"; the service
 * also takes a full URL): the punycode host the service lists it under and its
 * UTF-8 form, or why it is not a site name. The browser's URL parser does the
 * IDNA encoding, so what is accepted here is what a browser would open.
 */
import { hostToUnicode } from '../../../lib/punycode';

export type SiteInputError = 'empty' | 'scheme' | 'ip' | 'noDot' | 'invalid' | 'tooLong' | 'invisible';

export type SiteInput = { ok: true; host: string; domain: string } | { ok: false; error: SiteInputError };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function hostPart(input: string): string | SiteInputError {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) {
    if (!/^https?:\/\//i.test(input)) return 'scheme';
    try {
      return new URL(input).hostname;
    } catch {
      return 'invalid';
    }
  }
  return (input.split(/[/?#]/, 1)[0] ?? '').replace(/:\d+$/, '');
}

export function parseSiteInput(raw: string): SiteInput {
  const input = raw.trim();
  if (input === '') return { ok: false, error: 'empty' };
  if (input.length > 2048) return { ok: false, error: 'tooLong' };
  // Invisible formatting characters (a right-to-left override, zero-width ones): the URL
  // parser drops some silently, and they would make one name read as another.
  if (/\p{Cf}/u.test(input)) return { ok: false, error: 'invisible' };
  const part = hostPart(input);
  if (part === 'scheme' || part === 'invalid') return { ok: false, error: part };
  const name = part.replace(/\.$/, '');
  if (/\s/.test(name)) return { ok: false, error: 'invalid' };
  if (IPV4.test(name) || name.startsWith('[')) return { ok: false, error: 'ip' };
  if (!name.includes('.')) return { ok: false, error: 'noDot' };
  let host: string;
  try {
    host = new URL(`http://${name}/`).hostname;
  } catch {
    return { ok: false, error: 'invalid' };
  }
  if (host.length > 253) return { ok: false, error: 'tooLong' };
  const labels = host.split('.');
  if (!labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1) ?? '')) return { ok: false, error: 'invalid' };
  return { ok: true, host, domain: hostToUnicode(host) };
}
