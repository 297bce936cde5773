/**
 * Serves the built SPA (dist/). Hashed assets under /assets/ never change, so
 * they are cached for a year and marked immutable; index.html and other files
 * are revalidated (no-cache + ETag). Unknown paths get index.html: the SPA's
 * router owns them. Text assets are compressed once and kept in memory; the
 * build's brotli copies (`x.js.br`, server/precompress-plugin.ts) are read
 * instead, so a first visit after a start waits for no compression.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { bodyBytes } from './bytes.ts';
import { BROTLI_SUFFIX, compress, MIN_COMPRESS_BYTES, negotiateEncoding, type Encoding } from './compress.ts';
import { EMBED_ASSETS_PREFIX } from './embedding.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.svg']);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface FileVersion {
  mtimeMs: number;
  size: number;
  body: Uint8Array;
  etag: string;
  compressed: Map<Encoding, Uint8Array>;
}

interface StaticRequest {
  method: string;
  /** The URL path, still percent-encoded. */
  pathname: string;
  acceptEncoding: string | null;
  ifNoneMatch: string | null;
}

export type StaticFiles = (req: StaticRequest) => Promise<Response>;

export function createStaticFiles(distDir: string): StaticFiles {
  const root = path.resolve(distDir);
  const cache = new Map<string, FileVersion>();

  async function load(file: string): Promise<FileVersion | null> {
    let info;
    try {
      info = await stat(file);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = new Uint8Array(await readFile(file));
    const version: FileVersion = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      body,
      etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      compressed: new Map(),
    };
    // The build's copy, when written with or after this file (an older one is of another build).
    const brotli = await stat(file + BROTLI_SUFFIX).catch(() => null);
    if (brotli?.isFile() && brotli.mtimeMs >= info.mtimeMs) {
      version.compressed.set('br', new Uint8Array(await readFile(file + BROTLI_SUFFIX)));
    }
    cache.set(file, version);
    return version;
  }

  /** The file a URL path names, or null when it is malformed or leaves dist/. */
  function resolve(pathname: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return null;
    // Dotfiles (the build hash, editor droppings) are not part of the site, nor the build's brotli copies.
    if (decoded.split('/').some((segment) => segment.startsWith('.')) || decoded.endsWith(BROTLI_SUFFIX)) return null;
    const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
    return file === root || file.startsWith(root + path.sep) ? file : null;
  }

  async function send(req: StaticRequest, version: FileVersion, ext: string, cacheControl: string): Promise<Response> {
    const headers = new Headers({
      'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': cacheControl,
      ETag: version.etag,
    });
    if (COMPRESSIBLE.has(ext)) headers.set('Vary', 'Accept-Encoding');
    if (req.ifNoneMatch !== null && req.ifNoneMatch.split(',').some((tag) => tag.trim() === version.etag)) {
      return new Response(null, { status: 304, headers });
    }
    let body = version.body;
    const encoding = COMPRESSIBLE.has(ext) ? negotiateEncoding(req.acceptEncoding) : null;
    if (encoding !== null && body.byteLength >= MIN_COMPRESS_BYTES) {
      let packed = version.compressed.get(encoding);
      if (!packed) {
        packed = await compress(body, encoding, 'static');
        version.compressed.set(encoding, packed);
      }
      body = packed;
      headers.set('Content-Encoding', encoding);
    }
    headers.set('Content-Length', String(body.byteLength));
    return new Response(req.method === 'HEAD' ? null : bodyBytes(body), {
      status: 200,
      headers,
    });
  }

  return async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return new Response('Method not allowed\n', { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const isAsset = req.pathname.startsWith('/assets/');
    const file = req.pathname === '/' ? path.join(root, 'index.html') : resolve(req.pathname);
    const found = file === null ? null : await load(file);
    if (found && file !== null) {
      const ext = path.extname(file).toLowerCase();
      const isIndex = file === path.join(root, 'index.html');
      return send(req, found, ext, isAsset && !isIndex ? IMMUTABLE : REVALIDATE);
    }
    // A missing hashed asset is a stale page asking for an old build, a missing
    // /embed/ file a host page's typo: an HTML answer would only confuse the
    // browser's module loader.
    if (isAsset || req.pathname.startsWith(EMBED_ASSETS_PREFIX) || file === null) {
      return new Response('Not found\n', { status: 404 });
    }
    const index = await load(path.join(root, 'index.html'));
    if (!index) return new Response('The dashboard has not been built (dist/index.html is missing)\n', { status: 503 });
    return send(req, index, '.html', REVALIDATE);
  };
}
