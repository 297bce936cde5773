import { describe, expect, it } from 'vitest';
import { createFormat } from './format';
import { commonMessages } from './common-messages';
import { count, fill, i18n, localeReady, params } from './i18n';
import { BASE_LOCALE, LOCALES, loadTranslations, locale, matchLocale, setHostLocale, setLocaleSetting } from './locale';

describe('matchLocale', () => {
  it('takes an exact match, else the language alone, in the order of preference', () => {
    expect(matchLocale(['de-AT', 'en'], ['en', 'de'])).toBe('de');
    expect(matchLocale(['fr', 'EN-gb'], ['en', 'de'])).toBe('en');
    expect(matchLocale(['pt-BR', 'pt'], ['en', 'pt-BR', 'pt'])).toBe('pt-BR');
    expect(matchLocale(['fr', ''], ['en', 'de'])).toBeUndefined();
  });
});

describe('the locale', () => {
  it('is English by default, the base language every message is written in', () => {
    expect(BASE_LOCALE).toBe('en');
    expect(LOCALES[0]).toBe('en');
    expect(locale.get()).toBe('en');
  });

  it('has no translation file for a language it does not offer', async () => {
    await expect(loadTranslations('xx')).resolves.toEqual({});
  });
});

describe('messages', () => {
  const t = i18n('i18n-test', {
    sent: params('A code is on its way to {email}.'),
    left: count({ one: '{count} try left', other: '{count} tries left' }),
  }).get();

  it('fills values as written, `$` patterns included', () => {
    expect(t.sent({ email: 'a$&b$1@example.com' })).toBe('A code is on its way to a$&b$1@example.com.');
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('chooses the plural form with Intl.PluralRules', () => {
    expect(t.left(1)).toBe('1 try left');
    expect(t.left(3)).toBe('3 tries left');
  });

  it('writes the count as the reader writes numbers, not as a bare run of digits', () => {
    expect(t.left(16823)).toBe('16,823 tries left');
  });
});

describe('createFormat', () => {
  const seconds = Date.UTC(2027, 0, 15, 8, 30) / 1000;

  it('writes dates and numbers in the language given', () => {
    expect(createFormat('en').integer(12345)).toBe('12,345');
    expect(createFormat('de').integer(12345)).toBe('12.345');
    expect(createFormat('de').number(0.25, { style: 'percent' })).toBe('25\u00a0%');
    expect(createFormat('de').unixTime(seconds)).toMatch(/^15\.01\.2027/);
    expect(createFormat('en').unixTime(seconds)).toMatch(/^Jan 15, 2027/);
  });
});

describe('switching the language', () => {
  it('offers German beside English', () => {
    expect(LOCALES).toEqual(['en', 'de']);
  });

  it('loads German first, then switches every message at once; English again at once', async () => {
    const t = i18n('i18n-switch-test', { sites: count({ one: '{count} site', other: '{count} sites' }) });
    const stop = [commonMessages.listen(() => undefined), t.listen(() => undefined)];
    // Test files share a worker's modules (vitest.config.ts): another may have loaded German already.
    delete (i18n.cache as unknown as Record<string, unknown>).de;
    try {
      setLocaleSetting('de-AT');
      // Until its messages are in, the language in use stays English: no half-translated page.
      expect(locale.get()).toBe('en');
      expect(commonMessages.get().close).toBe('Close');
      await localeReady();
      expect(locale.get()).toBe('de');
      expect(commonMessages.get().close).toBe('Schließen');
      // A component without German (here, a test's) keeps its English, and did not hold up the others.
      expect(t.get().sites(2)).toBe('2 sites');
      // Its numbers are written the German way (the language in use, de-AT's region).
      expect(t.get().sites(10000)).toBe('10.000 sites');

      setLocaleSetting(undefined);
      expect(locale.get()).toBe('en');
      expect(commonMessages.get().close).toBe('Close');

      // The host panel's language counts when the user has not chosen one; the user's choice wins.
      setHostLocale('de');
      await localeReady();
      expect(locale.get()).toBe('de');
      setLocaleSetting('en');
      expect(locale.get()).toBe('en');
    } finally {
      setLocaleSetting(undefined);
      setHostLocale(undefined);
      stop.forEach((unbind) => unbind());
    }
    expect(locale.get()).toBe('en');
  });
});
