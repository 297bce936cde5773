/**
 * A cheap lower bound of the sites a sites_add call adds, to refuse a call over
 * the plan limit before the per-entry work. Only what surely becomes
 * a new site counts: plain ASCII host names (punycode labels aside, whose
 * validity only the full check knows), unshared or shared where sharing works.
 */
import { parseEmail } from '../names.ts';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** Labels as parseSiteName accepts them (names.ts). */
const LABELS = new RegExp(`^(?:${LABEL}\\.)+${LABEL}$`);
/** A name already in its plain form: nothing to cut off but a trailing dot. */
const BARE = /^[a-z0-9.-]{1,254}$/;

/** The host a name surely stands for, when it is a plain one; the full check (names.ts) agrees on these. */
function plainHost(name: string): string | null {
  let s = name.trim().toLowerCase();
  if (!BARE.test(s)) {
    if (s.startsWith('http://')) s = s.slice('http://'.length);
    else if (s.startsWith('https://')) s = s.slice('https://'.length);
    s = (s.split(/[/?#]/, 1)[0] ?? '').replace(/:\d+$/, '');
  }
  if (s.endsWith('.')) s = s.slice(0, -1);
  // No punycode label (only the full check knows whether it decodes), and a last label not all digits.
  if (s.length > 253 || s.startsWith('xn--') || s.includes('.xn--') || !LABELS.test(s)) return null;
  return /[a-z-]/.test(s.slice(s.lastIndexOf('.') + 1)) ? s : null;
}

function shareWorks(share: unknown, agency: boolean): boolean {
  if (share === undefined || share === null || share === '') return true;
  return agency && typeof share === 'string' && parseEmail(share) !== null;
}

/**
 * At least how many new sites the entries add to an account of `count` sites:
 * distinct plain hosts, less the `count` that may exist already. Stops as soon
 * as the answer exceeds what the plan `limit` leaves.
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
    const host = plainHost(name);
    if (host === null) continue;
    hosts.add(host);
    if (hosts.size >= enough) break;
  }
  return Math.max(0, hosts.size - count);
}
