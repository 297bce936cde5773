/**
 * `npm run i18n:missing [-- <code>…]`: what each translation in
 * src/i18n/locales/ lacks against the English catalogue (every `*messages.ts`),
 * the same check as src/i18n/catalogue.test.ts. Prints the problems, then the
 * missing messages as JSON in the file's shape, with their English text, ready
 * to translate and paste into <code>.json. Exits 1 when anything is missing.
 */
import type { ComponentsJSON } from '@nanostores/i18n';
import { loadCatalogue } from '../test-support/catalogue.ts';

const { base, translations, checkLocale } = await loadCatalogue();
const wanted = process.argv.slice(2);
const codes = wanted.length > 0 ? wanted : Object.keys(translations);
let incomplete = false;

for (const code of codes) {
  const messages = translations[code];
  if (!messages) {
    console.error(`${code}: no src/i18n/locales/${code}.json`);
    incomplete = true;
    continue;
  }
  const problems = checkLocale(code, messages, base);
  if (problems.length === 0) {
    console.log(
      `${code}: complete (${Object.values(base).reduce((n, keys) => n + Object.keys(keys).length, 0)} messages)`,
    );
    continue;
  }
  incomplete = true;
  console.log(`${code}: ${problems.length} problem(s)`);
  for (const problem of problems) console.log(`  ${problem}`);
  // The English of every message that is missing or wrong, to translate.
  const todo: ComponentsJSON = {};
  for (const [component, keys] of Object.entries(base)) {
    for (const [key, english] of Object.entries(keys)) {
      if (
        problems.some(
          (p) => p.startsWith(`${code}: ${component}.${key}:`) || p.startsWith(`${code}: ${component}.${key}.`),
        )
      ) {
        (todo[component] ??= {})[key] = english;
      }
    }
  }
  if (Object.keys(todo).length > 0)
    console.log(`\n${code}: to translate (English):\n${JSON.stringify(todo, null, 2)}\n`);
}

process.exitCode = incomplete ? 1 : 0;
