/** Dates and numbers in the page's language, with the reader's region when the browser names one for it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFormat, fetchWarmingFormats, format, formatLocale } from './format';
import { locale, preferredLanguages } from './locale';

const DAY = Date.UTC(2027, 0, 15, 8, 30);
const short = { dateStyle: 'short', timeZone: 'UTC' } as const;

describe('formatLocale', () => {
  it('takes the browser’s tag with the page’s language and its region', () => {
    expect(formatLocale('en', ['en-GB', 'de'])).toBe('en-GB');
    expect(formatLocale('de', ['de-AT', 'en'])).toBe('de-AT');
    // The first tag of that language, wherever it is in the list.
    expect(formatLocale('en', ['de-AT', 'en-GB', 'en-US'])).toBe('en-GB');
    expect(formatLocale('de', ['en-GB', 'de-CH'])).toBe('de-CH');
    // Written in any case, as a browser or a person may.
    expect(formatLocale('en', ['EN-gb'])).toBe('en-GB');
  });

  it('keeps the page’s language alone when the browser names none of it, or a tag Intl refuses', () => {
    expect(formatLocale('de', ['en-GB', 'fr-FR'])).toBe('de');
    expect(formatLocale('en', [])).toBe('en');
    expect(formatLocale('en', ['en_GB!', ''])).toBe('en');
    expect(formatLocale('de', ['de'])).toBe('de');
  });
});

describe('format', () => {
  afterEach(() => {
    locale.set('en');
    preferredLanguages.set([]);
  });

  it('writes a British reader’s dates in day-month order, an American’s in month-day', () => {
    expect(createFormat(formatLocale('en', ['en-GB'])).date(DAY, short)).toBe('15/01/2027');
    expect(createFormat(formatLocale('en', ['en-US'])).date(DAY, short)).toBe('1/15/27');
    expect(createFormat(formatLocale('en', ['de-DE'])).date(DAY, short)).toBe('1/15/27');
  });

  it('follows the language in use and the browser’s tags as they change', () => {
    locale.set('en');
    preferredLanguages.set(['de-AT', 'en-GB']);
    expect(format.get().date(DAY, short)).toBe('15/01/2027');
    expect(format.get().integer(1234567)).toBe('1,234,567');
    locale.set('de');
    expect(format.get().date(DAY, { month: 'long', timeZone: 'UTC' })).toBe('Jänner');
    preferredLanguages.set(['en-GB']);
    expect(format.get().date(DAY, { month: 'long', timeZone: 'UTC' })).toBe('Januar');
    expect(format.get().date(DAY, short)).toBe('15.01.27');
    // Swiss German groups thousands with an apostrophe, not a dot (its form depends on the ICU data).
    preferredLanguages.set(['de-CH']);
    expect(format.get().integer(1234567)).toMatch(/^1['’]234['’]567$/);
  });
});

describe('fetchWarmingFormats', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** The engine's collation data is the second task's: whether it ran, by its comparison. */
  function watchWarming() {
    vi.useFakeTimers();
    return vi.spyOn(String.prototype, 'localeCompare');
  }

  it('sends the request as fetch would, then warms the locale data in tasks after it, once', async () => {
    const compared = watchWarming();
    const send = fetchWarmingFormats(() => true);
    const answer = await send('data:text/plain,first');
    expect(await answer.text()).toBe('first');
    // Not in the task that sends: the request is not held back.
    expect(compared).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(compared).toHaveBeenCalledTimes(1);
    await send('data:text/plain,second');
    vi.runAllTimers();
    expect(compared).toHaveBeenCalledTimes(1);
  });

  it('warms nothing for the requests of the signed-out login page', async () => {
    const compared = watchWarming();
    let signedIn = false;
    const send = fetchWarmingFormats(() => signedIn);
    await send('data:text/plain,signup');
    vi.runAllTimers();
    expect(compared).not.toHaveBeenCalled();
    signedIn = true;
    await send('data:text/plain,key-info');
    vi.runAllTimers();
    expect(compared).toHaveBeenCalledTimes(1);
  });
});
