/**
 * The message catalogue in Node, outside Vitest (src/i18n/catalogue-collect.ts
 * needs Vite's import.meta.glob): loaded through a throwaway Vite server in
 * SSR mode, without the app's config and plugins. For `npm run i18n:missing`
 * and e2e/german.spec.ts.
 */
import { fileURLToPath } from 'node:url';
import type { ComponentsJSON } from '@nanostores/i18n';
import { createServer } from 'vite';

export interface Catalogue {
  base: ComponentsJSON;
  translations: Record<string, ComponentsJSON>;
  checkLocale(locale: string, messages: ComponentsJSON, base: ComponentsJSON): string[];
}

export async function loadCatalogue(): Promise<Catalogue> {
  const server = await createServer({
    configFile: false,
    root: fileURLToPath(new URL('..', import.meta.url)),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const collected = (await server.ssrLoadModule('/src/i18n/catalogue-collect.ts')) as {
      baseCatalogue: ComponentsJSON;
      translations: Record<string, ComponentsJSON>;
    };
    const check = (await server.ssrLoadModule('/src/i18n/catalogue-check.ts')) as Pick<Catalogue, 'checkLocale'>;
    return { base: collected.baseCatalogue, translations: collected.translations, checkLocale: check.checkLocale };
  } finally {
    await server.close();
  }
}
