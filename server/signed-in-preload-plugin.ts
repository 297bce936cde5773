/**
 * A signed-in visit's code, fetched alongside the entry rather than in the
 * hops the entry, the router and the routes' loaders would take one after the
 * other (about 250 ms on a 2-core machine before the first request for data).
 *
 * index.html gets `<script src="/signed-in-preload.js" data-…>` (public/):
 * when the browser holds a session, it adds `<link rel="modulepreload">` for
 * the chunks every signed-in page loads (the fetch layer, the shell, the
 * pages' loaders) and those of the page asked for (the overview, the sites
 * table, a site page with its chart), and links their styles. Signed out, it adds nothing: /login
 * loads what it did (the /login budget). The lists come from the build's
 * bundle, by module, never by hashed file name; `npm run dev` has none.
 */
import type { Plugin } from 'vite';

type Chunk = {
  type: 'chunk';
  fileName: string;
  moduleIds: readonly string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/** Modules every signed-in page loads, besides the entry (see src/main.tsx, src/routes/_auth.tsx). */
const COMMON = [
  /src\/api\/client\.ts$/,
  /src\/api\/sign\.ts$/,
  /src\/api\/workspace\.ts$/,
  /src\/routes\/-page-loads\.ts$/,
  /src\/i18n\/method-error-messages\.ts$/,
  /src\/routes\/_auth\.tsx\?tsr-split=component$/,
];
const CHART = /src\/components\/charts\/firewall-chart-graphic\.tsx$/;
/** Each page's modules, by the attribute the script reads (public/signed-in-preload.js). */
const PAGES: Record<string, RegExp[]> = {
  overview: [/src\/routes\/_auth\/index\.tsx\?tsr-split=component$/, CHART],
  // The table's route has no loader of its own: its component is split with the (empty) loader.
  sites: [/src\/routes\/_auth\/sites\.index\.tsx\?tsr-split=component(?:---loader)?$/],
  // Not the table's code: the site page is a sibling of the table, under a layout without a component.
  site: [/src\/routes\/_auth\/sites\.\$domain\.tsx\?tsr-split=component$/, CHART],
};

export function signedInPreloadPlugin(): Plugin {
  return {
    name: 'signed-in-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Chunk & typeof c => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        // The entry and what it imports load anyway.
        const entry = chunks.filter((c) => 'isEntry' in c && c.isEntry === true);
        const closure = (roots: readonly Chunk[]) => {
          const seen = new Set<string>();
          const visit = (chunk: Chunk | undefined) => {
            if (chunk === undefined || seen.has(chunk.fileName)) return;
            seen.add(chunk.fileName);
            for (const imported of chunk.imports) visit(byFile.get(imported));
          };
          roots.forEach(visit);
          return seen;
        };
        const loaded = closure(entry);
        const files = (patterns: readonly RegExp[]) => {
          const roots = patterns.map((re) => {
            // The chunk that holds the module (a split route's facade, or a member of a group).
            const found = chunks.find((c) => c.moduleIds.some((id) => re.test(id.replaceAll('\\', '/'))));
            if (found === undefined) throw new Error(`signed-in-preload: no chunk for ${re}`);
            return found;
          });
          // With their styles: the import of a chunk waits for its styles (Vite's preload helper) unless they are linked.
          const js = [...closure(roots)].filter((file) => !loaded.has(file));
          const css = js.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
          return [...js, ...new Set(css)];
        };
        const common = files(COMMON);
        const attrs: Record<string, string | boolean> = {
          src: '/signed-in-preload.js',
          async: true,
          'data-common': list(common),
        };
        for (const [page, patterns] of Object.entries(PAGES)) {
          attrs[`data-${page}`] = list(files(patterns).filter((file) => !common.includes(file)));
        }
        return [{ tag: 'script', attrs, injectTo: 'head' as const }];
      },
    },
  };
}

const list = (files: readonly string[]) => files.map((file) => `/${file}`).join(' ');
