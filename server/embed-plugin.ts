/**
 * Builds the files a hoster panel's page loads from the dashboard
 * (docs/embedding.md): the host helper `embed/host.ts` and the sandbox
 * example's script and styles, into dist/embed/ with fixed names, so a page
 * of another origin can `import '…/embed/host.js'` without a build step of
 * its own. Each file is transpiled on its own (TypeScript types removed, no
 * bundling): they import nothing but each other. `npm run dev` serves the
 * same from the sources.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';

const SOURCES = ['host.ts', 'example.ts', 'example.css'] as const;

/** `host.ts` → `host.js`; styles as they are. */
function builtName(source: string): string {
  return source.replace(/\.ts$/, '.js');
}

/** The first line of each built script: where it comes from and where it is explained. */
const BANNER = '// Partner Security Dashboard: embedding protocol, version 1 (docs/embedding.md). Built from embed/';

export async function buildEmbedFile(sourceDir: string, source: string): Promise<string> {
  const file = path.join(sourceDir, source);
  const text = await readFile(file, 'utf8');
  if (!source.endsWith('.ts')) return text;
  const result = await transformWithOxc(text, file, { lang: 'ts', target: 'es2022' });
  return `${BANNER}${source}\n${result.code}`;
}

export function embedFilesPlugin(sourceDir: string): Plugin {
  return {
    name: 'partner-dashboard:embed-files',
    async generateBundle() {
      for (const source of SOURCES) {
        this.emitFile({
          type: 'asset',
          fileName: `embed/${builtName(source)}`,
          source: await buildEmbedFile(sourceDir, source),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = /^\/embed\/([a-z-]+\.(?:js|css))(?:\?|$)/.exec(req.url ?? '')?.[1];
        const source = SOURCES.find((s) => builtName(s) === name);
        if (source === undefined) return next();
        buildEmbedFile(sourceDir, source).then(
          (code) => {
            res.setHeader('Content-Type', `${source.endsWith('.css') ? 'text/css' : 'text/javascript'}; charset=utf-8`);
            res.setHeader('Access-Control-Allow-Origin', '*');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(code);
          },
          (err: unknown) => next(err),
        );
      });
    },
  };
}
