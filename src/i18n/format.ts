/**
 * Dates and numbers in the language in use (Intl), as a store that changes
 * with it: `const f = useStore(format)`, then `f.unixTime(report.date)`.
 */
import { computed } from 'nanostores';
import { locale } from './locale';

export function createFormat(code: string) {
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
    number: (value: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(code, options).format(value),
    date: (date: Date | number, options?: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(code, options).format(date),
  };
}

export type Format = ReturnType<typeof createFormat>;

export const format = computed(locale, createFormat);
