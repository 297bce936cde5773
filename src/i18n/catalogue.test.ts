/**
 * The whole message catalogue, collected from every `*messages.ts` module:
 * the base language complete and non-empty, every other language (./locales/*.json,
 * German in de.json) with every key, the plural forms its rules need and
 * the same placeholders. A key left out of a translation fails here.
 */
import { describe, expect, it } from 'vitest';
import { checkLocale } from './catalogue-check';
import {
  baseCatalogue as catalogue,
  messageModules as modules,
  messageStores as stores,
  translations,
} from './catalogue-collect';
import { BASE_LOCALE } from './locale';

describe('the message catalogue', () => {
  it('is collected from every messages module', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(catalogue)).toEqual(expect.arrayContaining(['common', 'errors', 'components', 'auth', 'shell']));
  });

  it('names each component once', () => {
    const names = stores.map((s) => s.component);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it(`is complete in ${BASE_LOCALE}: no empty message, every plural form`, () => {
    expect(checkLocale(BASE_LOCALE, catalogue, catalogue)).toEqual([]);
  });

  it('has German', () => {
    expect(Object.keys(translations)).toContain('de');
  });

  it.each(Object.entries(translations))('%s has every key, plural form and placeholder', (locale, messages) => {
    expect(checkLocale(locale, messages, catalogue)).toEqual([]);
  });
});

describe('checkLocale', () => {
  const base = {
    a: { title: 'Sites', sent: 'Sent to {email}', left: { one: '{count} try left', other: '{count} tries left' } },
  };

  it('finds a missing key, an empty one, a wrong placeholder, a missing plural form and a stale key', () => {
    const de = {
      a: { title: ' ', sent: 'Gesendet an {mail}', left: { other: 'noch {count} Versuche' }, old: 'x' },
    };
    expect(checkLocale('de', de, base)).toEqual([
      'de: a.title: empty',
      'de: a.sent: placeholders {mail} instead of {email}',
      'de: a.left: plural form "one" missing or empty',
      'de: a.old: not in the catalogue',
    ]);
    expect(checkLocale('de', {}, base)).toEqual(['de: a.title: missing', 'de: a.sent: missing', 'de: a.left: missing']);
  });

  it('accepts a complete translation, with the plural forms its language needs', () => {
    const de = {
      a: { title: 'Websites', sent: 'An {email} gesendet', left: { one: 'ein Versuch', other: '{count} Versuche' } },
    };
    expect(checkLocale('de', de, base)).toEqual([]);
    // Japanese has one plural form: "other".
    expect(checkLocale('ja', { a: { ...de.a, left: { other: '残り{count}回' } } }, base)).toEqual([]);
  });
});
