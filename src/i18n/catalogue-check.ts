/**
 * Checks of the message catalogue (the base language from the `*messages.ts`
 * modules, each other language's JSON against it): every key present and not
 * empty, plural forms for the language's plural rules, the same placeholders.
 * Pure; run by catalogue.test.ts over the whole catalogue.
 */
import type { ComponentsJSON, TranslationJSON } from '@nanostores/i18n';

const PLACEHOLDER = /\{(\w+)\}/g;

function placeholders(text: string): Set<string> {
  return new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''));
}

function isPlural(value: TranslationJSON): value is Record<string, string> {
  return typeof value === 'object' && Object.values(value).every((form) => typeof form === 'string');
}

/** The forms a language's plural rules need (Intl.PluralRules), `other` always. */
function pluralForms(locale: string): string[] {
  return [...new Set([...new Intl.PluralRules(locale).resolvedOptions().pluralCategories, 'other'])];
}

function checkMessage(where: string, locale: string, message: TranslationJSON, base: TranslationJSON): string[] {
  if (typeof base === 'string') {
    if (typeof message !== 'string') return [`${where}: a text in the base language, not one here`];
    if (message.trim() === '') return [`${where}: empty`];
    const wanted = placeholders(base);
    const got = placeholders(message);
    const same = wanted.size === got.size && [...wanted].every((p) => got.has(p));
    return same ? [] : [`${where}: placeholders {${[...got].join('}, {')}} instead of {${[...wanted].join('}, {')}}`];
  }
  if (!isPlural(base) || !isPlural(message)) return [`${where}: plural forms expected`];
  const allowed = new Set([...Object.values(base).flatMap((form) => [...placeholders(form)]), 'count']);
  const problems: string[] = [];
  for (const form of pluralForms(locale)) {
    const text = message[form];
    if (text === undefined || text.trim() === '') problems.push(`${where}: plural form "${form}" missing or empty`);
    else {
      for (const p of placeholders(text)) if (!allowed.has(p)) problems.push(`${where}.${form}: unknown {${p}}`);
    }
  }
  return problems;
}

/** The problems of one language's messages against the base language's; [] when complete. */
export function checkLocale(locale: string, messages: ComponentsJSON, base: ComponentsJSON): string[] {
  const problems: string[] = [];
  for (const [component, keys] of Object.entries(base)) {
    const translated = messages[component];
    for (const [key, baseMessage] of Object.entries(keys)) {
      const where = `${locale}: ${component}.${key}`;
      const message = typeof translated === 'object' ? translated[key] : undefined;
      if (message === undefined) problems.push(`${where}: missing`);
      else problems.push(...checkMessage(where, locale, message, baseMessage));
    }
  }
  for (const [component, keys] of Object.entries(messages)) {
    for (const key of Object.keys(typeof keys === 'object' ? keys : {})) {
      if (base[component]?.[key] === undefined) problems.push(`${locale}: ${component}.${key}: not in the catalogue`);
    }
  }
  return problems;
}
