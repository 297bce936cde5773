/**
 * Dates and numbers in the language in use (Intl), as a store that changes
 * with it: `const f = useStore(format)`, then `f.unixTime(report.date)`.
 */
import { computed } from 'nanostores';
import { locale } from './locale';

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
  const dateTime = new Intl.DateTimeFormat(code, { dateStyle: 'medium', timeStyle: 'short' });
  const timeOfDay = new Intl.DateTimeFormat(code, { timeStyle: 'medium' });
  const integer = new Intl.NumberFormat(code, { maximumFractionDigits: 0 });
  return {
    locale: code,
    /** A UNIX timestamp (seconds, as the API gives them, spec §2): date and time. */
    unixTime: (seconds: number) => dateTime.format(new Date(seconds * 1000)),
    /** The time of day of a moment, to the second. */
    timeOfDay: (date: Date | number) => timeOfDay.format(date),
    integer: (value: number) => integer.format(value),
    number: (value: number, options?: Intl.NumberFormatOptions) => numberFormat(options).format(value),
    date: (date: Date | number, options?: Intl.DateTimeFormatOptions) => dateFormat(options).format(date),
  };
}

export type Format = ReturnType<typeof createFormat>;

export const format = computed(locale, createFormat);
