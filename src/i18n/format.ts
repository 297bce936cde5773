/**
 * Dates and numbers in the language in use (Intl), as a store that changes
 * with it: `const f = useStore(format)`, then `f.unixTime(report.date)`. They
 * follow the reader's region when the browser names one for that language:
 * a British reader of the English pages gets 25/11/2026, an Austrian reader of
 * the German ones "Jänner" (formatLocale).
 */
import { computed } from 'nanostores';
import { locale, preferredLanguages } from './locale';

/**
 * The locale dates and numbers are written in: the first of the browser's
 * preferred tags (`navigator.languages`) whose language is the page's
 * language, with its region (en-GB with English, de-AT with German); else the
 * page's language alone, its default (en: US, de: Germany). A tag Intl does
 * not take is passed over.
 */
export function formatLocale(language: string, preferred: readonly string[]): string {
  const wanted = language.toLowerCase();
  for (const tag of preferred) {
    let canonical: string | undefined;
    try {
      canonical = Intl.getCanonicalLocales(tag.trim())[0];
    } catch {
      continue;
    }
    if (canonical && canonical.split('-')[0]?.toLowerCase() === wanted) return canonical;
  }
  return language;
}

export function createFormat(code: string) {
  // Making an Intl formatter costs far more than using one: a table formats
  // hundreds of dates per render, so each set of options gets one, kept.
  const dateFormats = new Map<string, Intl.DateTimeFormat>();
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const dateFormat = (options?: Intl.DateTimeFormatOptions) => {
    const key = JSON.stringify(options ?? {});
    let made = dateFormats.get(key);
    if (!made) dateFormats.set(key, (made = new Intl.DateTimeFormat(code, options)));
    return made;
  };
  const numberFormat = (options?: Intl.NumberFormatOptions) => {
    const key = JSON.stringify(options ?? {});
    let made = numberFormats.get(key);
    if (!made) numberFormats.set(key, (made = new Intl.NumberFormat(code, options)));
    return made;
  };
  // Made at their first use, as the others: the first formatter of a page loads the engine's locale
  // data (tens of milliseconds in a first visit's profile), and a page's first render may need none.
  let dateTime: Intl.DateTimeFormat | undefined;
  let timeOfDay: Intl.DateTimeFormat | undefined;
  let integer: Intl.NumberFormat | undefined;
  return {
    locale: code,
    /** A UNIX timestamp (seconds, as the API gives them, docs/partner-api.md#records): date and time. */
    unixTime: (seconds: number) =>
      (dateTime ??= new Intl.DateTimeFormat(code, { dateStyle: 'medium', timeStyle: 'short' })).format(
        new Date(seconds * 1000),
      ),
    /** The time of day of a moment, to the second. */
    timeOfDay: (date: Date | number) =>
      (timeOfDay ??= new Intl.DateTimeFormat(code, { timeStyle: 'medium' })).format(date),
    integer: (value: number) => (integer ??= new Intl.NumberFormat(code, { maximumFractionDigits: 0 })).format(value),
    number: (value: number, options?: Intl.NumberFormatOptions) => numberFormat(options).format(value),
    date: (date: Date | number, options?: Intl.DateTimeFormatOptions) => dateFormat(options).format(date),
  };
}

export type Format = ReturnType<typeof createFormat>;

export const format = computed([locale, preferredLanguages], (code, preferred) =>
  createFormat(formatLocale(code, preferred)),
);

/**
 * `fetch`, for the clients of a signed-in page: after its first request is on its way, the engine's
 * locale data loads while the answer travels. The first Intl formatter or comparison of a page costs
 * 10-30 ms (the next ones a tenth of a millisecond), which would otherwise fall in the page's first
 * render (every page says how fresh its data is, "as of HH:MM"; the reports sort their sites by name).
 * In two tasks of their own after the request, each well under the 50 ms of a long task on a slow
 * phone: not before it (the request would wait), and not at idle (on a fast network the answer came
 * first, and the render paid). `signedIn` says whether to: the login page's requests warm nothing.
 */
export function fetchWarmingFormats(signedIn: () => boolean): typeof fetch {
  let warmed = false;
  return (input, init) => {
    const sent = globalThis.fetch(input, init);
    if (!warmed && signedIn()) {
      warmed = true;
      setTimeout(() => {
        const f = format.get();
        f.date(0, { timeStyle: 'short' });
        setTimeout(() => {
          f.integer(0);
          'a'.localeCompare('b');
          new Intl.PluralRules(f.locale).select(1);
        }, 0);
      }, 0);
    }
    return sent;
  };
}
