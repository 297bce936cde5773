/**
 * The message catalogue's runtime (@nanostores/i18n, about 1 KB). Every string
 * people read is defined once with `i18n(component, { key: 'English text' })`:
 * shared ones in src/i18n/*-messages.ts, a feature's own in
 * src/features/<area>/messages.ts. Components read them with
 * `useStore(messages)`, so a wrong key does not compile. Values go in with
 * `params` ("{email}"), plural forms with `count` (Intl.PluralRules), markup
 * with <Rich>. Other languages load lazily (./locale.ts).
 */
import {
  createI18n,
  strings,
  transform,
  type ComponentsJSON,
  type count as libraryCount,
  type params as libraryParams,
} from '@nanostores/i18n';
import { format } from './format';
import { BASE_LOCALE, loadTranslations, locale, wantedLocale } from './locale';

export const i18n = createI18n(locale, {
  baseLocale: BASE_LOCALE,
  // A component the file lacks (new words not translated yet) comes back empty, so it
  // shows its English and the others still switch (the library waits for every one asked for).
  get: async (code, components) => ({
    ...Object.fromEntries(components.map((component) => [component, {}])),
    ...(await loadTranslations(code)),
  }),
});

let switching: Promise<void> = Promise.resolve();

/** The library's cache, as it is: language → component → messages (its type says language → messages). */
const cache = i18n.cache as unknown as Record<string, ComponentsJSON | undefined>;

/**
 * Follows the wanted language: loads its messages (a chunk of their own) into
 * the catalogue's cache first, then switches `locale`, so every message
 * changes at once, with no English in between. A language whose file fails to
 * load leaves the current one in use.
 */
function follow(code: string): void {
  if (code === BASE_LOCALE || cache[code]) {
    locale.set(code);
    return;
  }
  switching = loadTranslations(code).then(
    (messages) => {
      // Every component counts as loaded, those the file lacks (new words not translated
      // yet) with no messages: they show their English, and nothing waits for them.
      cache[code] = new Proxy(messages, { get: (file, component: string) => file[component] ?? {} });
      if (wantedLocale.get() === code) locale.set(code);
    },
    (error: unknown) => console.warn(`The ${code} messages could not be loaded`, error),
  );
}

wantedLocale.subscribe(follow);

/** Resolves once the language wanted at the time is in use (or failed to load): main.tsx renders after it. */
export function localeReady(): Promise<void> {
  return switching;
}

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

/**
 * `count` of @nanostores/i18n (the plural form by Intl.PluralRules), except that the number is
 * written as the reader writes numbers: "10,000 sites", "10.000 Websites" (the library's "10000").
 */
// Typed as the library's, as `params` is: a transform() cannot spell its overloads.
export const count = transform((code: string, translation: Readonly<Record<string, string>>, num: number) => {
  let form: string = new Intl.PluralRules(code).select(num);
  if (!(form in translation)) form = 'other' in translation ? 'other' : 'many';
  const written = format.get().number(num);
  return strings(translation[form] ?? '', (text) => text.split('{count}').join(written));
}) as unknown as typeof libraryCount;
