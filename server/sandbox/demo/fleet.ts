/**
 * The demo account's sites and units for any size (SANDBOX_DEMO_SITES): the 20
 * hand-made sites, the 40 filler sites of the default account, then generated
 * small businesses (names.ts) in every state, in about the same proportions as
 * the hand-made part. Deterministic: the same size always gives the same fleet.
 */
import { parseSiteName } from '../names.ts';
import { hash32, rng } from '../random.ts';
import type { FirewallState, Profile } from '../store/sites.ts';
import { FILLER, HAND_MADE, UNITS, type SeedSite } from './fixtures.ts';
import { ASCII_SHARE, BUSINESS_NAMES, businessName, contactOf, SUBSITES } from './names.ts';

export interface DemoFleet {
  /** Unit e-mails; a site's `unit` indexes this list. */
  units: string[];
  sites: SeedSite[];
}

/** Today's proportion: 10 units for 60 sites. */
const SITES_PER_UNIT = 6;

/** The filler sites, as the seed has always made them. */
function filler(name: string, i: number): SeedSite {
  const h = hash32(i, 99);
  return {
    name: `${name}.example`,
    profile: i % 13 === 5 ? 'infected' : i % 17 === 3 ? 'suspicious' : 'clean',
    period: (['week', 'week', 'day', 'month'] as const)[h % 4],
    unit: i % 3 === 0 ? i % UNITS.length : undefined,
    autotreatment: i % 4 === 0 ? 1 : 0,
    ageDays: 5 + (h % 400),
    permissions: (h >>> 4) % 2 === 0 ? 7 : 15,
  };
}

/** Permission masks seen across the fleet (the bits are not documented: only the numbers vary). */
const PERMISSIONS = [15, 15, 15, 15, 7, 7, 3, 1, 0, 31];

/** The state of generated site i: each draw in about the proportions of the hand-made part. */
function generatedState(i: number): Omit<SeedSite, 'name' | 'unit'> {
  const r = rng(hash32(i, 0x5eed));
  const p = r();
  const profile: Profile =
    p < 0.05 ? 'infected' : p < 0.06 ? 'incurable' : p < 0.1 ? 'suspicious' : p < 0.12 ? 'errors' : 'clean';
  const f = r();
  const firewall: FirewallState = f < 0.04 ? 'disabled' : f < 0.06 ? 'removed' : 'enabled';
  const s = r();
  // About 1 in 100 lost its file some weeks ago: scanned until then, its scheduled scans stopped since.
  const lost = s >= 0.04 && s < 0.05;
  const syncfile = s < 0.015 || lost ? 0 : 1;
  const q = r();
  return {
    profile,
    firewall,
    firewallOffDaysAgo: 1 + Math.floor(r() * 120),
    syncfile,
    neverScanned: s < 0.04,
    ...(lost ? { syncLostDaysAgo: 8 + (hash32(i, 0x1057) % 50) } : {}),
    period: q < 0.5 ? 'week' : q < 0.75 ? 'day' : q < 0.9 ? 'month' : '0',
    autotreatment: r() < 0.3 ? 1 : 0,
    autopatching: r() < 0.2 ? 1 : 0,
    permissions: PERMISSIONS[Math.floor(r() * PERMISSIONS.length)] ?? 15,
    ageDays: 2 + Math.floor(r() ** 2 * 1500),
  };
}

/** The demo fleet of `count` sites (20 ≤ count; config.ts bounds it). */
export function demoFleet(count: number): DemoFleet {
  const units = [...UNITS];
  const sites = [...HAND_MADE, ...FILLER.map(filler)].slice(0, count);
  // Names in use, as hosts: a generated name never repeats one (nor a unit's domain).
  const taken = new Set(sites.map((s) => hostOf(s.name)));
  for (const email of UNITS) taken.add(email.slice(email.indexOf('@') + 1));
  const wantedUnits = Math.max(UNITS.length, Math.round(count / SITES_PER_UNIT));
  // About 1.5 sites per business, and only ASCII ones can be units: these odds give about `wantedUnits`.
  const unitOdds = (wantedUnits - UNITS.length) / Math.max(1, ((count - sites.length) / 1.5) * ASCII_SHARE);
  for (let b = 0; sites.length < count && b < BUSINESS_NAMES; b++) {
    const business = businessName(b);
    const host = hostOf(business.name);
    if (!take(taken, host)) continue;
    const h = hash32(b, 7);
    const extra = h % 10 < 6 ? 0 : h % 10 < 9 ? 1 : 2;
    const isUnit = business.ascii && (hash32(b, 13) % 10_000) / 10_000 < unitOdds;
    const unit = isUnit ? units.push(contactOf(host, h >>> 8)) - 1 : undefined;
    const subsites = Array.from({ length: extra }, (_, k) => `${SUBSITES[(h + k) % SUBSITES.length]}.${business.name}`);
    for (const name of [business.name, ...subsites]) {
      if (sites.length >= count) break;
      if (name !== business.name && !take(taken, hostOf(name))) continue;
      sites.push({ name, ...generatedState(sites.length), ...(unit === undefined ? {} : { unit }) });
    }
  }
  return { units, sites };
}

/** Adds the host to the names in use; false when it was taken already. */
function take(taken: Set<string>, host: string): boolean {
  if (taken.has(host)) return false;
  taken.add(host);
  return true;
}

function hostOf(name: string): string {
  const parsed = parseSiteName(name);
  if ('error' in parsed) throw new Error(`demo site ${name}: ${parsed.error}`);
  return parsed.host;
}
