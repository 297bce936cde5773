/**
 * The cheap side of sites_add (docs/sandbox.md, "Sites"): the host a name surely stands
 * for, found with bounded work whatever the name's form (plain, full URL with a
 * user part or a long path, UTF-8 or punycode), and from it a lower bound of the
 * sites a call adds, to refuse a call over the plan before the full check of
 * each entry (names.ts parseSiteName, which runs the URL parser).
 */
import { domainToASCII } from 'node:url';
import { MAX_EMAIL_LENGTH, MAX_SITE_NAME_LENGTH, parseEmail } from '../names.ts';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** Labels as parseSiteName accepts them (names.ts). */
const LABELS = new RegExp(`^(?:${LABEL}\\.)+${LABEL}$`);
const ASCII_HOST = /^[a-z0-9.-]+$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const HTTP_SCHEME = /^https?:\/\//i;
/** Characters after which the URL parser and the quick reading below could disagree: leave those to the full check. */
const UNSURE = /[\s%\\[\]@:\p{Cc}\p{Cf}]/u;

/**
 * A last label the URL parser reads as a number (all digits, or 0x and hex: "ends in a
 * number", WHATWG URL): such hosts are refused or read as IPv4 addresses.
 */
function endsInNumber(host: string): boolean {
  const last = host.slice(host.lastIndexOf('.') + 1);
  return /^\d+$/.test(last) || /^0x[0-9a-f]*$/.test(last);
}

/** The host part of a full http(s) URL as the URL parser finds it, or null when unsure. */
function urlHost(s: string): string | null {
  const rest = s.slice(s.indexOf('//') + 2);
  let end = rest.length;
  for (const stop of ['/', '?', '#', '\\']) {
    const at = rest.indexOf(stop);
    if (at !== -1 && at < end) end = at;
  }
  const authority = rest.slice(0, end);
  // The user part ends at the last @ (WHATWG URL); what precedes it is never the host.
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const colon = hostPort.indexOf(':');
  if (colon === -1) return hostPort;
  const port = hostPort.slice(colon + 1);
  if (!/^\d{0,5}$/.test(port) || Number(port) > 65535) return null;
  return hostPort.slice(0, colon);
}

/**
 * The punycode host a site name stands for, exactly as parseSiteName (names.ts)
 * would find it, or null when this quick reading is not sure (parseSiteName then
 * decides). The work is bounded: the length is checked first, no URL parser runs,
 * and at most one IDNA conversion of at most 253 characters.
 */
export function quickHost(name: string): string | null {
  if (name.length > MAX_SITE_NAME_LENGTH) return null;
  const s = name.trim();
  let host: string | null;
  if (SCHEME.test(s)) {
    // Tabs and line breaks anywhere are dropped by the URL parser: leave those to it.
    if (!HTTP_SCHEME.test(s) || /[\t\n\r]/.test(s)) return null;
    host = urlHost(s);
  } else {
    host = (s.split(/[/?#]/, 1)[0] ?? '').replace(/:\d+$/, '');
  }
  if (host === null || host === '' || host.length > 254) return null;
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host.length > 253 || UNSURE.test(host)) return null;
  let ascii = host.toLowerCase();
  if (!ASCII_HOST.test(ascii) || ascii.startsWith('xn--') || ascii.includes('.xn--')) {
    // UTF-8 or punycode: one IDNA conversion, as parseSiteName does (the URL parser's is the same).
    ascii = domainToASCII(ascii);
    if (ascii.length > 253) return null;
  }
  return LABELS.test(ascii) && !endsInNumber(ascii) ? ascii : null;
}

function shareWorks(share: unknown, agency: boolean): boolean {
  if (share === undefined || share === null || share === '') return true;
  return agency && typeof share === 'string' && share.length <= MAX_EMAIL_LENGTH && parseEmail(share) !== null;
}

/**
 * At least how many new sites the entries add to an account of `count` sites:
 * distinct hosts the quick reading is sure of, less the `count` that may exist
 * already. Stops as soon as the answer exceeds what the plan `limit` leaves, so
 * a call of all-new names costs at most `limit + 1` quick readings.
 */
export function surelyNewSites(entries: readonly unknown[], count: number, limit: number, agency: boolean): number {
  const hosts = new Set<string>();
  const enough = Math.max(limit, count) + 1;
  for (const entry of entries) {
    let name: unknown = entry;
    if (typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
      if (!shareWorks('share' in entry ? entry.share : undefined, agency)) continue;
      name = 'name' in entry ? entry.name : undefined;
    }
    if (typeof name !== 'string') continue;
    const host = quickHost(name);
    if (host === null) continue;
    hosts.add(host);
    if (hosts.size >= enough) break;
  }
  return Math.max(0, hosts.size - count);
}
