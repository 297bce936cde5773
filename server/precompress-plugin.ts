/**
 * Brotli copies of the build's text files, written beside them (`x.js` →
 * `x.js.br`), so that the server never compresses an asset while a person
 * waits: at the smallest setting brotli takes about 0.8 s for the chart's
 * chunk on a 2-core machine, which the first visit after every start paid
 * (server/proxy/static-files.ts serves the copy when it is as new as its file).
 * The public/ files are copied in after the bundle is written: they are
 * compressed then, in `closeBundle`.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { BROTLI_SUFFIX, compress, MIN_COMPRESS_BYTES } from './proxy/compress.ts';

/** What static-files.ts compresses (its COMPRESSIBLE), less the source maps nobody's page loads. */
const PRECOMPRESSED = /\.(?:html|m?js|css|json|webmanifest|txt|svg)$/i;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `<file>.br` for every text file of `dir` worth compressing; returns how many. */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => PRECOMPRESSED.test(file));
  let written = 0;
  // Side by side: async brotli runs on libuv's threads, one file a thread.
  await Promise.all(
    files.map(async (file) => {
      const body = new Uint8Array(await readFile(file));
      if (body.byteLength < MIN_COMPRESS_BYTES) return;
      await writeFile(file + BROTLI_SUFFIX, await compress(body, 'br', 'static'));
      written++;
    }),
  );
  return written;
}

export function precompressPlugin(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config === undefined || config.build.write === false) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      if (!(await stat(outDir).catch(() => null))?.isDirectory()) return;
      await precompressDir(outDir);
    },
  };
}
