/**
 * Currencies for bank_currency (docs/partner-api.md#agency-record: "3-letter currency code"): the ISO
 * 4217 codes this browser knows (Intl.supportedValuesOf), named in the language
 * in use.
 */
export interface Currency {
  code: string;
  name: string;
}

const cache = new Map<string, readonly Currency[]>();

export function currencyList(locale: string): readonly Currency[] {
  let list = cache.get(locale);
  if (!list) {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'currency', fallback: 'code' });
    list = Intl.supportedValuesOf('currency').map((code) => ({ code, name: names.of(code) ?? code }));
    cache.set(locale, list);
  }
  return list;
}

export function isCurrencyCode(value: string): boolean {
  return /^[A-Z]{3}$/.test(value) && Intl.supportedValuesOf('currency').includes(value);
}
