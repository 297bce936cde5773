/** The built SPA as the proxy serves it: caching, fallback, containment. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxy } from './app.ts';
import { send, serveApp, type Served } from './test-support.ts';
import { precompressDir } from '../precompress-plugin.ts';

let root: string;
let served: Served;
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head></html>';
const SCRIPT = `export const big = ${JSON.stringify('x'.repeat(5000))};\n`;
const STYLES = `.a { color: red }\n${'.b { margin: 0 }\n'.repeat(200)}`;
/** Brotli at its fastest setting: not what the server would make itself (its smallest), so the copy is told apart. */
const fastBrotli = (text: string) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 0 } });

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'proxy-static-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build's brotli copies: one as new as its file, one left from an older build.
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.br'), fastBrotli(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'app.css'), STYLES);
  writeFileSync(path.join(dist, 'assets', 'app.css.br'), fastBrotli('.old {}'));
  utimesSync(path.join(dist, 'assets', 'app.css.br'), new Date(2020, 0, 1), new Date(2020, 0, 1));
  writeFileSync(path.join(dist, '.build-hash'), 'abc\n');
  writeFileSync(path.join(root, 'secret.txt'), 'outside dist');
  const app = createProxy({
    upstream: { kind: 'in-process', fetch: async () => new Response('{}') },
    distDir: dist,
    log: () => {},
  });
  served = await serveApp(app);
});

afterAll(async () => {
  await served.close();
  rmSync(root, { recursive: true, force: true });
});

describe('static files (dist/)', () => {
  it('serves index.html at / with no-cache and the security headers', async () => {
    const answer = await send(served.port, '/');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(INDEX);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('serves hashed assets with immutable caching, compressed when asked', async () => {
    const plain = await send(served.port, '/assets/index-AbC123.js');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.text).toBe(SCRIPT);

    const gz = await send(served.port, '/assets/index-AbC123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(SCRIPT);
  });

  it("serves the build's brotli copy of a file as it is, but not one older than its file, nor the copy by its name", async () => {
    const br = { headers: { 'Accept-Encoding': 'br' } };
    const script = await send(served.port, '/assets/index-AbC123.js', br);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.body).toEqual(readFileSync(path.join(root, 'dist', 'assets', 'index-AbC123.js.br')));
    expect(brotliDecompressSync(script.body).toString('utf8')).toBe(SCRIPT);

    const styles = await send(served.port, '/assets/app.css', br);
    expect(styles.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(styles.body).toString('utf8')).toBe(STYLES);

    expect((await send(served.port, '/assets/index-AbC123.js.br')).status).toBe(404);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await send(served.port, '/favicon.svg');
    expect(first.headers['content-type']).toBe('image/svg+xml');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await send(served.port, '/favicon.svg', { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('falls back to index.html for unknown paths (the SPA routes them), but not for missing assets', async () => {
    for (const target of ['/sites/example.com', '/units?sort=email', '/login']) {
      const answer = await send(served.port, target);
      expect(answer.status, target).toBe(200);
      expect(answer.text).toBe(INDEX);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
    expect((await send(served.port, '/assets/index-OLD999.js')).status).toBe(404);
  });

  it('never serves dotfiles or anything outside dist/', async () => {
    for (const target of ['/.build-hash', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const answer = await send(served.port, target);
      expect(answer.text, target).not.toContain('outside dist');
      expect(answer.text, target).not.toContain('abc');
    }
  });

  it('answers HEAD without a body and refuses other verbs', async () => {
    const head = await send(served.port, '/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect((await send(served.port, '/login', { method: 'POST', body: 'x' })).status).toBe(405);
  });
});

describe("the build's brotli copies (server/precompress-plugin.ts)", () => {
  it('are written for text files worth compressing, and only for them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    try {
      mkdirSync(path.join(dir, 'assets'));
      writeFileSync(path.join(dir, 'assets', 'big.js'), SCRIPT);
      writeFileSync(path.join(dir, 'assets', 'big.js.map'), SCRIPT);
      writeFileSync(path.join(dir, 'assets', 'small.css'), '.a{}');
      writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(300)}`);
      writeFileSync(path.join(dir, 'logo.png'), new Uint8Array(4096));
      expect(await precompressDir(dir)).toBe(2);
      expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets', 'big.js.br'))).toString('utf8')).toBe(SCRIPT);
      expect(readFileSync(path.join(dir, 'index.html.br')).byteLength).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the project's own public files", () => {
  it('robots.txt (public/, copied into dist/ by the build) disallows everything, as text', async () => {
    const publicDir = path.resolve(import.meta.dirname, '../../public');
    const proxy = await serveApp(
      createProxy({ upstream: { kind: 'in-process', fetch: async () => new Response('{}') }, distDir: publicDir }),
    );
    try {
      const answer = await send(proxy.port, '/robots.txt');
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer.text).toMatch(/^User-agent: \*\nDisallow: \/\n$/m);
      expect(answer.headers['x-robots-tag']).toBe('noindex');
    } finally {
      await proxy.close();
    }
  });
});
