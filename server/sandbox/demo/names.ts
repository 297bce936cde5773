/**
 * Deterministic, realistic and unique names for the generated part of a large
 * demo account (fleet.ts): small businesses such as `maple-bakery.example`,
 * `shop.maple-bakery.example` or `otter-dental-graz.example`, a few with
 * non-ASCII letters (`müller-books.example`).
 */

const FIRST_ASCII = words(
  'amber aspen birch blue bright cedar clover coral crimson crystal daisy eagle elm fern forest fox golden green harbor hazel heron ivy lake lark linden maple meadow mill moss north oak ocean olive orchard otter pebble pine poppy prairie quarry raven red river robin rose rowan ruby sand silver sky slate spruce stone summit sun thistle valley west willow wren',
);
/** Non-ASCII first words make IDN hosts (punycode `host`, UTF-8 `domain`). */
const FIRST = [...FIRST_ASCII, ...words('müller fröhlich søren łąka café älv')];

/** The share of business names that are plain ASCII. */
export const ASCII_SHARE = FIRST_ASCII.length / FIRST.length;

const TRADE = words(
  'bakery dental law yoga motors florist books bikes clinic spa vets jewels garage kitchen fish gallery salon nursery labs herbs movers church realty music security homes textiles garden academy tea tiles optics print coffee travel gym carpentry surf plumbing roofing pharmacy hotel hostel brewery winery butcher deli pizza bistro catering studio photo design media consulting accounting insurance logistics cleaning electric solar fitness pets toys shoes fashion outdoor sports tyres furniture architects theatre',
);

/** A town after the name, once the plain names are used up. */
const PLACE = [
  ...['', 'leeds', 'lyon', 'porto', 'graz', 'malmo', 'bergen', 'gent', 'cork', 'brno', 'turku', 'basel'],
  // More towns for fleets beyond 20,000 sites (up to 100,000); the first layers stay as they were.
  ...['york', 'nantes', 'braga', 'linz', 'aarhus', 'tromso', 'liege', 'galway', 'ostrava', 'oulu', 'bern', 'bath'],
];

/** Sub-sites of a business: its shop, blog, booking page… */
export const SUBSITES = ['shop', 'blog', 'booking', 'staging', 'portal', 'members'];

/** Who at a business is the unit (the end customer's e-mail). */
const CONTACTS = ['owner', 'info', 'office', 'admin', 'hello', 'web', 'it', 'team', 'contact'];

const LAYER = FIRST.length * TRADE.length;
/** Coprime with LAYER (2^4·3^3·11), so b → (b·STRIDE) mod LAYER visits every name of a layer once. */
const STRIDE = 1237;

/** How many business names there are; a 20,000-site account needs about 13,000, a 100,000-site one about 67,000. */
export const BUSINESS_NAMES = LAYER * PLACE.length;

export interface BusinessName {
  /** The UTF-8 base name, e.g. `müller-books-lyon.example`. */
  name: string;
  /** Whether it is plain ASCII (only these become units: a unit is an e-mail address). */
  ascii: boolean;
}

/** The b-th business name (0 ≤ b < BUSINESS_NAMES): every plain name first, then the same with a town. */
export function businessName(b: number): BusinessName {
  const layer = Math.floor(b / LAYER);
  const j = ((b % LAYER) * STRIDE) % LAYER;
  const first = j % FIRST.length;
  const trade = Math.floor(j / FIRST.length);
  const place = PLACE[layer] ?? '';
  return {
    name: `${FIRST[first]}-${TRADE[trade]}${place ? `-${place}` : ''}.example`,
    ascii: first < FIRST_ASCII.length,
  };
}

/** The unit e-mail of a business (always an ASCII host). */
export function contactOf(host: string, pick: number): string {
  return `${CONTACTS[pick % CONTACTS.length]}@${host}`;
}

function words(list: string): string[] {
  return list.split(' ');
}
