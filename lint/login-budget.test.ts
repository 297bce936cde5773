/**
 * The /login budget (docs/decisions/004-zod-mini-in-the-fetch-layer.md,
 * docs/decisions/007-react-hook-form-pinned.md,
 * docs/decisions/011-the-login-step-without-react-hook-form.md): at most 130 KiB
 * gzip of JavaScript before the sign-in form shows, no zod and no react-hook-form. `npm run bench -- bundle` measures
 * it in Chromium; this test holds it without a browser.
 *
 * It builds the SPA with the project's Vite config into a temporary folder and
 * sums, gzipped at level 9 as the bench does, what /login loads up front:
 * - every script index.html names (the theme script, the entry chunk) and every
 *   module it preloads;
 * - the login route's chunks as the router loads them for the page (the
 *   component and its loader; not the error component, nor what the route
 *   imports only when asked, such as the API-key form);
 * - the static imports of all of these, transitively.
 * Chunks are found through Vite's manifest (the route's code split is named
 * `src/routes/login.tsx?tsr-split=…` there), never by their hashed file names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT } from '../server/compile-hints-plugin.ts';
import { temporaryDirectory, type TemporaryDirectory } from '../test-support/servers.ts';

const BUDGET_KIB = 130;
const root = join(import.meta.dirname, '..');

/** The splits of a route module the router loads to show the page (TanStack Router's codeSplittingOptions). */
const PAGE_SPLITS = ['component', 'loader'];

interface Loaded {
  /** Path under the build folder, e.g. `assets/index-….js`. */
  file: string;
  gzip: number;
}

/** The JavaScript files /login loads up front, by the rules above; the route's own chunks apart. */
function loginScripts(outDir: string): { files: string[]; routeFiles: string[] } {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const fromHtml = [
    ...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+)"/g),
  ].map((m) => m[1] as string);
  const routeChunks = Object.entries(manifest)
    .filter(([key]) => {
      const split = /^src\/routes\/login\.tsx\?tsr-split=(.+)$/.exec(key)?.[1];
      return split !== undefined && split.split('---').some((part) => PAGE_SPLITS.includes(part));
    })
    .map(([key]) => key);
  expect(routeChunks, 'the login route has a chunk of its own in the manifest').not.toEqual([]);

  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const file of fromHtml) {
    const key = byFile.get(file);
    if (key === undefined)
      files.add(file); // a script of public/ (theme-init.js), outside the module graph
    else visit(key);
  }
  for (const key of routeChunks) visit(key);
  return {
    files: [...files].filter((file) => file.endsWith('.js')),
    routeFiles: routeChunks.map((key) => manifest[key]?.file ?? key),
  };
}

describe('the /login JavaScript budget', () => {
  let out: TemporaryDirectory;
  let loaded: Loaded[];
  let routeFiles: string[];

  beforeAll(async () => {
    out = temporaryDirectory('login-budget-');
    // Vitest runs with NODE_ENV=test, which Vite keeps: React's development build would be measured.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        root,
        mode: 'production',
        build: { outDir: out.path, emptyOutDir: true, manifest: true },
        logLevel: 'silent',
      });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    const scripts = loginScripts(out.path);
    routeFiles = scripts.routeFiles;
    loaded = scripts.files.map((file) => ({
      file,
      gzip: gzipSync(readFileSync(join(out.path, file)), { level: 9 }).byteLength,
    }));
  }, 180_000);

  afterAll(() => out?.remove());

  it(`loads at most ${BUDGET_KIB} KiB gzip of JavaScript for /login`, () => {
    const total = loaded.reduce((sum, f) => sum + f.gzip, 0);
    const list = loaded.map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} KiB`).join(', ');
    console.log(`/login loads ${(total / 1024).toFixed(1)} KiB gzip of JavaScript: ${list}`);
    expect(
      total / 1024,
      `/login loads ${(total / 1024).toFixed(1)} KiB gzip (${list}); the budget is ${BUDGET_KIB} KiB`,
    ).toBeLessThanOrEqual(BUDGET_KIB);
  });

  it('loads no zod up front: search params, the stored session and the first paint do without it', () => {
    // zod's classes keep their names as strings through minification ($constructor('$ZodType', …)).
    const withZod = loaded.filter((f) => readFileSync(join(out.path, f.file), 'utf8').includes('$ZodType'));
    expect(withZod.map((f) => f.file)).toEqual([]);
  });

  it('loads no react-hook-form up front: the e-mail step is a form of one field without it', () => {
    // An option's name react-hook-form reads from its props, kept through minification.
    const withForms = loaded.filter((f) =>
      readFileSync(join(out.path, f.file), 'utf8').includes('shouldUseNativeValidation'),
    );
    expect(withForms.map((f) => f.file)).toEqual([]);
  });

  it('counts the theme script, the entry chunk and the login route', () => {
    const files = loaded.map((f) => f.file);
    expect(files).toContain('theme-init.js');
    const html = readFileSync(join(out.path, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*\bsrc="\/([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/\.js$/);
    expect(files).toContain(entry);
    for (const file of routeFiles) expect(files).toContain(file);
  });

  it('hints V8 to compile the entry whole off the main thread, not the login route (server/compile-hints-plugin.ts)', () => {
    const html = readFileSync(join(out.path, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*\bsrc="\/([^"]+)"/.exec(html)?.[1] ?? '';
    expect(readFileSync(join(out.path, entry), 'utf8').startsWith(COMPILE_HINT)).toBe(true);
    for (const file of routeFiles) expect(readFileSync(join(out.path, file), 'utf8')).not.toContain(COMPILE_HINT);
  });
});
