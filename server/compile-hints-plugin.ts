/**
 * V8's explicit compile hints (Chrome 136 and later): a script whose first line is
 * `//# allFunctionsCalledOnLoad` is compiled whole on a background thread while it
 * streams in. Without it V8 only pre-parses a function and compiles it on the main
 * thread at its first call, and a first visit of a signed-in page made about 2,900
 * such compiles there (295 ms of the site page's main thread in a trace, 104 ms
 * with the hints; the rest moved to the background). Browsers without the hint
 * read a comment.
 *
 * Only the chunks a page runs nearly whole as it loads are hinted: the entry
 * (React, the router, the query cache), the signed-in pages' shared chunk and the
 * query hooks ('signed-in' and 'forms', vite.config.ts), the chart's Recharts and
 * the sites table. Hinting every chunk compiled code nobody calls (the developer
 * console, the dialogs) and was no faster. Added after the chunks are rendered,
 * so nothing comes before the comment; the build's brotli copies are made after.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The groups of vite.config.ts that every signed-in page runs at load. */
const HINTED_GROUPS = new Set(['signed-in', 'forms']);
/** Modules whose chunk is run whole where it loads: the chart's drawing, the sites table's page. */
const HINTED_MODULES = [
  /src\/components\/charts\/firewall-chart-graphic\.tsx$/,
  /src\/routes\/_auth\/sites\.index\.tsx\?tsr-split=component(?:---loader)?$/,
];

interface RenderedChunk {
  type: 'chunk';
  name: string;
  isEntry: boolean;
  moduleIds: readonly string[];
  code: string;
  map?: { mappings: string } | null;
}

function isHinted(chunk: Pick<RenderedChunk, 'name' | 'isEntry' | 'moduleIds'>): boolean {
  return (
    chunk.isEntry ||
    HINTED_GROUPS.has(chunk.name) ||
    chunk.moduleIds.some((id) => HINTED_MODULES.some((re) => re.test(id.replaceAll('\\', '/'))))
  );
}

/** Prepends the hint to the chunks that take it; a source map gains the line (mappings start with ';'). */
export function addCompileHints(bundle: Record<string, RenderedChunk | { type: 'asset' }>): string[] {
  const hinted: string[] = [];
  for (const [file, chunk] of Object.entries(bundle)) {
    if (chunk.type !== 'chunk' || !isHinted(chunk) || chunk.code.startsWith(COMPILE_HINT)) continue;
    chunk.code = COMPILE_HINT + chunk.code;
    if (chunk.map) chunk.map.mappings = ';' + chunk.map.mappings;
    hinted.push(file);
  }
  return hinted;
}

export function compileHintsPlugin(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle);
      },
    },
  };
}
