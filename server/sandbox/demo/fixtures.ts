/**
 * The demo account's hand-made part (docs/sandbox.md, "The demo account"): the
 * agency, the first 10 units and the first 60 sites, exactly as the seed has
 * always made them. The end-to-end tests and the docs name these sites
 * (northwind-hosting.example, bakery-rose.example, …); larger demo accounts add
 * generated sites after them (fleet.ts).
 */
import type { SCAN_PERIODS } from '../../../src/api/registry/sites.ts';
import { parseSiteName } from '../names.ts';
import type { FirewallState, Profile } from '../store/sites.ts';

/** The demo partner account (README): sign in with this e-mail, the code is in the outbox. */
export const DEMO_EMAIL = 'demo@partner.example';

/** No logourl: an .example address never resolves, and a broken image would show on every demo page. */
export const AGENCY = {
  title: 'Northwind Hosting',
  email: 'support@northwind-hosting.example',
  website: 'https://northwind-hosting.example',
  phone: '+44 20 7946 0958',
  country: 'GB',
  zipcode: 'EC1A 1BB',
  address: '1 Long Lane, London',
  bank_currency: 'GBP',
  bank_swift: 'NWBKGB2L',
  bank_account: 'GB29NWBK60161331926819',
  bank_routing: '601613',
  bank_country: 'GB',
  bank_invoicemail: 'billing@northwind-hosting.example',
};

export const UNITS = [
  'owner@bakery-rose.example',
  'it@lindqvist-law.example',
  'hello@greenleaf-yoga.example',
  'admin@harbor-motors.example',
  'web@stadtwerke-muehlental.example',
  'info@casa-lucia.example',
  'ops@brightpath-school.example',
  'team@nordic-outdoor.example',
  'anna@studio-kowalska.example',
  'contact@pixel-forge.example',
];

export interface SeedSite {
  name: string;
  profile?: Profile;
  period?: keyof typeof SCAN_PERIODS;
  firewall?: FirewallState;
  /** Days ago the firewall was switched off (history shows data before that). */
  firewallOffDaysAgo?: number;
  syncfile?: 0 | 1;
  autotreatment?: 0 | 1;
  autopatching?: 0 | 1;
  neverScanned?: boolean;
  /**
   * Days ago its synchronization file went (with `syncfile: 0`): scanned as scheduled until then, no
   * report since (the sync file page's "probably miss the file").
   */
  syncLostDaysAgo?: number;
  /** Index into the account's units. */
  unit?: number;
  ageDays?: number;
  permissions?: number;
}

/** The hand-made sites, one or more per state the dashboard must show; the simulation leaves them alone. */
export const HAND_MADE: readonly SeedSite[] = [
  {
    name: 'northwind-hosting.example',
    unit: undefined,
    autotreatment: 1,
    autopatching: 1,
    period: 'day',
    ageDays: 400,
  },
  { name: 'bakery-rose.example', unit: 0, profile: 'infected', ageDays: 120 },
  { name: 'shop.bakery-rose.example', unit: 0, profile: 'infected', autotreatment: 1, ageDays: 90 },
  { name: 'lindqvist-law.example', unit: 1, profile: 'incurable', ageDays: 200 },
  { name: 'greenleaf-yoga.example', unit: 2, profile: 'suspicious', ageDays: 75 },
  { name: 'harbor-motors.example', unit: 3, firewall: 'disabled', firewallOffDaysAgo: 12, ageDays: 300 },
  { name: 'parts.harbor-motors.example', unit: 3, firewall: 'removed', firewallOffDaysAgo: 40, ageDays: 300 },
  { name: 'stadtwerke-mühlental.example', unit: 4, period: 'month', ageDays: 500 },
  { name: 'bücher-café.example', unit: 4, profile: 'suspicious', ageDays: 18 },
  { name: 'пример-магазин.example', profile: 'clean', ageDays: 33 },
  { name: 'casa-lucia.example', unit: 5, period: 'day', autotreatment: 1, ageDays: 160 },
  { name: 'menu.casa-lucia.example', unit: 5, syncfile: 0, neverScanned: true, ageDays: 3 },
  { name: 'brightpath-school.example', unit: 6, profile: 'errors', ageDays: 240 },
  { name: 'parents.brightpath-school.example', unit: 6, period: '0', ageDays: 240 },
  { name: 'nordic-outdoor.example', unit: 7, profile: 'infected', autotreatment: 1, autopatching: 1, ageDays: 45 },
  { name: 'studio-kowalska.example', unit: 8, neverScanned: true, ageDays: 1 },
  { name: 'pixel-forge.example', unit: 9, period: 'day', ageDays: 365 },
  { name: 'staging.pixel-forge.example', unit: 9, syncfile: 0, firewall: 'removed', neverScanned: true, ageDays: 10 },
  { name: 'oldblog.example', period: '0', firewall: 'disabled', firewallOffDaysAgo: 100, ageDays: 700 },
  { name: '例え.example', ageDays: 25 },
];

/** The hand-made sites' hosts (punycode), which the living demo leaves alone. */
export const HAND_MADE_HOSTS: ReadonlySet<string> = new Set(
  HAND_MADE.map((s) => {
    const name = parseSiteName(s.name);
    return 'error' in name ? s.name : name.host;
  }),
);

/** Ordinary customer sites that fill the default fleet up to 60, a few of them in trouble. */
export const FILLER = [
  'alpine-dental',
  'bluewave-surf',
  'cedar-carpentry',
  'delta-print',
  'ember-coffee',
  'fjord-travel',
  'granite-gym',
  'horizon-optics',
  'iris-florist',
  'juniper-books',
  'kestrel-bikes',
  'lumen-lighting',
  'maple-clinic',
  'nimbus-cloud',
  'orchid-spa',
  'pine-vets',
  'quartz-jewels',
  'rivet-garage',
  'sage-kitchen',
  'tidal-fish',
  'umber-gallery',
  'velvet-salon',
  'willow-nursery',
  'xenon-labs',
  'yarrow-herbs',
  'zephyr-kites',
  'atlas-movers',
  'beacon-church',
  'copper-pots',
  'dune-realty',
  'echo-music',
  'falcon-security',
  'glacier-water',
  'hearth-homes',
  'indigo-textiles',
  'jade-garden',
  'kite-academy',
  'lotus-tea',
  'mosaic-tiles',
  'north-star-scouts',
];
