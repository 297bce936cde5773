import { SCAN_PERIODS } from '../../src/api/registry/sites.ts';
import { ALL_FEATURES, createUser } from './accounts.ts';
import { parseSiteName } from './names.ts';
import { hash32 } from './random.ts';
import { writeReport } from './scans.ts';
import type { SandboxState } from './state.ts';
import { saveAgency } from './store/agency.ts';
import { addFwEvent, insertSite, setProfile, type FirewallState, type NewSite, type Profile } from './store/sites.ts';
import { insertUnit } from './store/units.ts';

/** The demo partner account (README): sign in with this e-mail, the code is in the outbox. */
export const DEMO_EMAIL = 'demo@partner.example';
const DAY = 86400;

/** No logourl: an .example address never resolves, and a broken image would show on every demo page. */
const AGENCY = {
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

const UNITS = [
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

interface SeedSite {
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
  unit?: number;
  ageDays?: number;
  permissions?: number;
}

/** About 60 sites covering every state the dashboard must show. */
const SITES: SeedSite[] = [
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

// Fill the fleet up to about 60 with ordinary customer sites, a few of them in trouble.
const FILLER = [
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

export function seedDemo(state: SandboxState): void {
  const { db } = state;
  const now = state.now();
  db.transaction(() => {
    const user = createUser(state, DEMO_EMAIL, { regdate: now - 800 * DAY, siteLimit: 250, features: ALL_FEATURES });
    saveAgency(db, user.id, AGENCY, now - 30 * DAY);
    const unitIds = UNITS.map((email, i) => insertUnit(db, user.id, email, now - (300 - i) * DAY));
    const all: SeedSite[] = [
      ...SITES,
      ...FILLER.map((name, i): SeedSite => {
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
      }),
    ];
    all.forEach((s, i) => {
      const name = parseSiteName(s.name);
      if ('error' in name) throw new Error(`seed site ${s.name}: ${name.error}`);
      const adddate = now - (s.ageDays ?? 60) * DAY - (hash32(i, 3) % DAY);
      const scanperiod = SCAN_PERIODS[s.period ?? 'week'];
      const firewall = s.firewall ?? 'enabled';
      const row: NewSite = {
        user_id: user.id,
        host: name.host,
        domain: name.domain,
        adddate,
        scanperiod,
        nextscan: scanperiod === 0 ? 0 : now + 1800 + (hash32(i, 5) % scanperiod),
        firewall,
        autotreatment: s.autotreatment ?? 0,
        autopatching: s.autopatching ?? 0,
        permissions: s.permissions ?? 15,
        unit_id: s.unit === undefined ? null : (unitIds[s.unit] ?? null),
        syncfile: s.syncfile ?? 1,
        profile: s.profile ?? 'clean',
      };
      const id = insertSite(db, row);
      addFwEvent(db, id, adddate, true);
      if (firewall !== 'enabled') addFwEvent(db, id, now - (s.firewallOffDaysAgo ?? 20) * DAY, false);
      if (!s.neverScanned && row.syncfile) {
        // A few past reports, the last one within the scan period.
        const site = { id, profile: row.profile, autotreatment: row.autotreatment };
        const period = scanperiod || 14 * DAY;
        for (let k = 3; k >= 1; k--) {
          const date = now - k * period + (hash32(id, k) % 3600);
          if (date > adddate) writeReport(db, site, date);
        }
        // Keep the seeded state even when a past cleanup ran: the demo should show every state.
        setProfile(db, id, row.profile);
      }
    });
  })();
}
