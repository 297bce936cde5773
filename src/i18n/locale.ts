/**
 * Which language the dashboard speaks. The first of these that is set wins:
 * 1. the user's choice on this device (a language menu);
 * 2. the embedding host panel's language (its `locale` message);
 * 3. the browser's preferred languages;
 * and English when none of them names a language we have. A language's
 * messages load when it is chosen (./i18n.ts), and only then does `locale`
 * change. `<html lang>`
 * follows the choice (startLocaleSync), so screen readers pronounce the page
 * in its language.
 */
import type { ComponentsJSON } from '@nanostores/i18n';
import { localeFrom } from '@nanostores/i18n';
import { atom } from 'nanostores';
import { readStorage, removeStorage, writeStorage } from '../platform/safe-storage';

/** The language the messages are written in (every `*messages.ts`). */
export const BASE_LOCALE = 'en';

/**
 * The other languages, as data: one JSON file per language in ./locales
 * (`messagesToJSON` of the whole catalogue, translated), each its own chunk,
 * loaded when that language is chosen. Adding `de.json` adds German.
 */
const TRANSLATIONS = import.meta.glob<ComponentsJSON>('./locales/*.json', { import: 'default' });

function localeOfPath(path: string): string[] {
  const code = /\/([A-Za-z-]+)\.json$/.exec(path)?.[1];
  return code ? [code] : [];
}

export const LOCALES: readonly string[] = [BASE_LOCALE, ...Object.keys(TRANSLATIONS).flatMap(localeOfPath)];

/** A language's translations (the base language has none: its texts are in the code). */
export function loadTranslations(code: string): Promise<ComponentsJSON> {
  const load = TRANSLATIONS[`./locales/${code}.json`];
  return load ? load() : Promise.resolve({});
}

/**
 * The best of `available` for a list of language tags in order of preference:
 * an exact match (case-insensitive), else the tag's language alone ("de-AT" → "de").
 */
export function matchLocale(wanted: readonly string[], available: readonly string[] = LOCALES): string | undefined {
  for (const tag of wanted) {
    const lower = tag.trim().toLowerCase();
    const exact = available.find((code) => code.toLowerCase() === lower);
    if (exact) return exact;
    const language = lower.split('-')[0];
    const near = available.find((code) => code.toLowerCase() === language);
    if (near) return near;
  }
  return undefined;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

const SETTING_KEY = 'psd.locale';

/** The user's choice, kept on this device; undefined until the user chooses. */
const localeSetting = atom<string | undefined>(matchLocale([readStorage('local', SETTING_KEY) ?? '']));

export function setLocaleSetting(tag: string | undefined): void {
  const code = tag === undefined ? undefined : matchLocale([tag]);
  if (code) writeStorage('local', SETTING_KEY, code);
  else removeStorage('local', SETTING_KEY);
  localeSetting.set(code);
}

/** The embedding panel's language, when it sent one we have. */
const hostLocale = atom<string | undefined>(undefined);

export function setHostLocale(tag: string | undefined): void {
  hostLocale.set(tag === undefined ? undefined : matchLocale([tag]));
}

const browserLocale = atom<string>(matchLocale(browserLanguages()) ?? BASE_LOCALE);

/** The browser's preferred language tags as it gives them, regions included (en-GB, de-AT): dates and numbers follow them (./format.ts). */
export const preferredLanguages = atom<readonly string[]>(browserLanguages());

/** The language chosen by the first of the three that names one; its messages may still be loading. */
export const wantedLocale = localeFrom(localeSetting, hostLocale, browserLocale);

/**
 * The language in use: the wanted one once its messages are loaded
 * (./i18n.ts loads them, then sets this), so messages, dates, numbers and
 * `<html lang>` change together and a page never shows half of each.
 */
export const locale = atom<string>(BASE_LOCALE);

/** Keeps `<html lang>` in step with the language and follows the browser's and other tabs' changes; call once at start. */
export function startLocaleSync(): () => void {
  const onLanguageChange = () => {
    preferredLanguages.set(browserLanguages());
    browserLocale.set(matchLocale(browserLanguages()) ?? BASE_LOCALE);
  };
  const onStorage = (e: StorageEvent) => {
    if (e.key === SETTING_KEY) localeSetting.set(matchLocale([e.newValue ?? '']));
  };
  window.addEventListener('languagechange', onLanguageChange);
  window.addEventListener('storage', onStorage);
  const unsubscribe = locale.subscribe((code) => {
    document.documentElement.lang = code;
  });
  return () => {
    window.removeEventListener('languagechange', onLanguageChange);
    window.removeEventListener('storage', onStorage);
    unsubscribe();
  };
}
