import { describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT } from './compile-hints-plugin.ts';

const chunk = (name: string, moduleIds: string[], isEntry = false, map: { mappings: string } | null = null) => ({
  type: 'chunk' as const,
  name,
  isEntry,
  moduleIds,
  code: `export const ${name.replace(/\W/g, '_')} = 1;\n`,
  map,
});

describe('compile hints', () => {
  it('hints the chunks a page runs whole at load, and no other', () => {
    const bundle = {
      'assets/index.js': chunk('index', ['/p/src/main.tsx'], true),
      'assets/signed-in.js': chunk('signed-in', ['/p/src/data/account.ts']),
      'assets/forms.js': chunk('forms', ['/p/node_modules/@tanstack/query-core/build/modern/index.js']),
      'assets/graphic.js': chunk('firewall-chart-graphic', ['/p/src/components/charts/firewall-chart-graphic.tsx']),
      'assets/table.js': chunk('sites.index', [
        'C:\\p\\src\\routes\\_auth\\sites.index.tsx?tsr-split=component---loader',
      ]),
      'assets/login.js': chunk('login', ['/p/src/routes/login.tsx?tsr-split=component']),
      'assets/developer.js': chunk('developer', ['/p/src/routes/_auth/developer.tsx?tsr-split=component']),
      'assets/zod.js': chunk('zod', ['/p/node_modules/zod/v4/core/core.js']),
      'assets/index.css': { type: 'asset' as const },
    };
    expect(addCompileHints(bundle).sort()).toEqual([
      'assets/forms.js',
      'assets/graphic.js',
      'assets/index.js',
      'assets/signed-in.js',
      'assets/table.js',
    ]);
    expect(bundle['assets/index.js'].code.startsWith(COMPILE_HINT)).toBe(true);
    expect(bundle['assets/login.js'].code).not.toContain('allFunctionsCalledOnLoad');
    expect(bundle['assets/zod.js'].code).not.toContain('allFunctionsCalledOnLoad');
  });

  it('keeps a source map in step (one line more) and hints a chunk once', () => {
    const entry = chunk('index', ['/p/src/main.tsx'], true, { mappings: 'AAAA;AACA' });
    const bundle = { 'assets/index.js': entry };
    addCompileHints(bundle);
    expect(addCompileHints(bundle)).toEqual([]);
    expect(entry.code.split(COMPILE_HINT)).toHaveLength(2);
    expect(entry.map?.mappings).toBe(';AAAA;AACA');
  });
});
