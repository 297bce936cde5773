/**
 * The message catalogue's runtime (@nanostores/i18n, about 1 KB). Every string
 * people read is defined once with `i18n(component, { key: 'English text' })`:
 * shared ones in src/i18n/*-messages.ts, a feature's own in
 * src/features/<area>/messages.ts. Components read them with
 * `useStore(messages)`, so a wrong key does not compile. Values go in with
 * `params` ("{email}"), plural forms with `count` (Intl.PluralRules), markup
 * with <Rich>. Other languages load lazily (./locale.ts).
 */
import { createI18n, strings, transform, type params as libraryParams } from '@nanostores/i18n';
import { BASE_LOCALE, loadTranslations, locale } from './locale';

export { count } from '@nanostores/i18n';

export const i18n = createI18n(locale, {
  baseLocale: BASE_LOCALE,
  get: (code) => loadTranslations(code),
});

/** Fills `{name}` with the value named so; a name without a value stays as written. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * `params` of @nanostores/i18n, with the same types, except that a value goes
 * in as written: the library's String.replace would expand `$&` or `$1` in a
 * value (an e-mail address may contain `$`).
 */
// The library declares params by overloads that a transform() cannot spell; the behaviour is the same.
export const params = transform((_locale: string, translation: string, values: Record<string, string | number>) =>
  strings(translation, (text) => fill(text, values)),
) as unknown as typeof libraryParams;
