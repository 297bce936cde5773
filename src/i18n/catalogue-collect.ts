/**
 * The whole message catalogue, for tests and tools only (never imported by the
 * app, which would pull every feature's words into one chunk): the base
 * language as `messagesToJSON` of every `*messages.ts` store, and each other
 * language's JSON from ./locales. catalogue.test.ts checks them;
 * `npm run i18n:missing` and e2e/german.spec.ts read them through Vite
 * (test-support/catalogue.ts).
 */
import { messagesToJSON, type ComponentsJSON, type Messages } from '@nanostores/i18n';

function isMessages(value: unknown): value is Messages & { component: string } {
  return typeof value === 'object' && value !== null && 'i18n' in value && 'component' in value && 'base' in value;
}

/** Every `*messages.ts` module, by path. */
export const messageModules = import.meta.glob<Record<string, unknown>>('/src/**/*messages.ts', { eager: true });

/** Every message store (`i18n(component, {...})`) the modules export. */
export const messageStores = Object.values(messageModules).flatMap((exports) =>
  Object.values(exports).filter(isMessages),
);

/** The base language's catalogue: component → key → text or plural forms. */
export const baseCatalogue: ComponentsJSON = messagesToJSON(...messageStores);

const translationFiles = import.meta.glob<ComponentsJSON>('./locales/*.json', { eager: true, import: 'default' });

/** Each translation by its language code ("de"). */
export const translations: Record<string, ComponentsJSON> = Object.fromEntries(
  Object.entries(translationFiles).map(([path, messages]) => [/([\w-]+)\.json$/.exec(path)?.[1] ?? path, messages]),
);
