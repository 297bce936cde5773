/**
 * Countries for the agency's country and bank country (docs/partner-api.md#agency-record: "Country
 * name or ISO 3166-1 code"): the 249 officially assigned ISO 3166-1 alpha-2
 * codes, named in the language in use by Intl.DisplayNames. The list is
 * written out because Intl offers no list of regions (supportedValuesOf has
 * none), and DisplayNames also names codes that are not countries (EU, UN, ZZ).
 */
const ISO_3166_ALPHA_2 =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT ' +
  'JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM ' +
  'PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
  'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

export const COUNTRY_CODES: readonly string[] = ISO_3166_ALPHA_2.split(' ');
const CODES = new Set(COUNTRY_CODES);

/** Whether a value is an ISO 3166-1 alpha-2 code as the form stores it (upper case). */
export function isCountryCode(value: string): boolean {
  return CODES.has(value);
}

export interface Country {
  code: string;
  name: string;
}

const cache = new Map<string, readonly Country[]>();

/** Every country, named and sorted in the language `locale`. */
export function countryList(locale: string): readonly Country[] {
  let list = cache.get(locale);
  if (!list) {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(locale);
    list = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    cache.set(locale, list);
  }
  return list;
}

/** Lower case without accents, for matching what people type ("osterreich" finds Österreich). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim();
}

/**
 * The value to keep for what was typed: the code of the country whose code or
 * name it is, otherwise the text itself (the form then asks for a country from
 * the list, unless it is the name the saved record holds).
 */
export function countryFromText(text: string, list: readonly Country[]): string {
  const typed = text.trim();
  if (typed === '') return '';
  const upper = typed.toUpperCase();
  if (isCountryCode(upper)) return upper;
  const folded = fold(typed);
  return list.find((c) => fold(c.name) === folded)?.code ?? typed;
}

/** The countries whose code or name matches the typed text: the code first, then names starting with it, then the rest. */
export function matchCountries(text: string, list: readonly Country[]): readonly Country[] {
  const folded = fold(text);
  if (folded === '') return list;
  const code: Country[] = [];
  const starts: Country[] = [];
  const contains: Country[] = [];
  for (const country of list) {
    const name = fold(country.name);
    if (country.code.toLowerCase() === folded) code.push(country);
    else if (name.startsWith(folded)) starts.push(country);
    else if (name.includes(folded)) contains.push(country);
  }
  return [...code, ...starts, ...contains];
}
