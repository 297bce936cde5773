/**
 * Response compression by Accept-Encoding (RFC 9110 §12.5.3): brotli or gzip.
 * Compression runs on libuv's thread pool (async zlib), so a 10,000-site
 * `sites_list` does not stall other requests.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { bodyBytes } from './bytes.ts';

export type Encoding = 'br' | 'gzip';

/** The suffix of a built file's brotli copy, written by the build (server/precompress-plugin.ts). */
export const BROTLI_SUFFIX = '.br';

/** Below this size the headers cost more than compression saves. */
export const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Picks brotli or gzip from an Accept-Encoding header; null = send as is. */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match?.[1] !== undefined) weight = Number(match[1]);
    }
    q.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const star = q.get('*');
  const br = q.get('br') ?? star ?? 0;
  const gz = q.get('gzip') ?? q.get('x-gzip') ?? star ?? 0;
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/** Above this an API answer is compressed at the fastest setting (a 10,000-site sites_list is ~17 MiB). */
export const LARGE_ANSWER_BYTES = 1024 * 1024;

/**
 * `dynamic`: every API answer, so brotli quality 5 (fast, close to gzip -9); a
 * large answer at quality 1 / gzip 1, which is ten times faster on 12 MiB of
 * JSON for about 50 % more bytes (time, not bandwidth, is what a user waits for).
 * `static`: built assets, compressed once and kept, so the smallest output.
 */
export async function compress(
  body: Uint8Array,
  encoding: Encoding,
  kind: 'dynamic' | 'static' = 'dynamic',
): Promise<Uint8Array> {
  const large = kind === 'dynamic' && body.byteLength > LARGE_ANSWER_BYTES;
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: kind === 'static' ? zlibConstants.BROTLI_MAX_QUALITY : large ? 1 : 5,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  return gzipAsync(body, { level: kind === 'static' ? 9 : large ? 1 : 6 });
}

/** Compresses when the client accepts it and the body is worth it; returns the headers to add. */
export async function maybeCompress(
  body: Uint8Array,
  acceptEncoding: string | null | undefined,
): Promise<{ body: Uint8Array; encoding: Encoding | null }> {
  const encoding = negotiateEncoding(acceptEncoding);
  if (encoding === null || body.byteLength < MIN_COMPRESS_BYTES) return { body, encoding: null };
  return { body: await compress(body, encoding), encoding };
}

/**
 * A JSON body compressed when the client accepts it and it is worth it, its headers set to match:
 * `Vary: Accept-Encoding` always (the answer depends on it), `Content-Encoding` when packed.
 */
export async function packJson(
  body: Uint8Array,
  headers: Headers,
  acceptEncoding: string | null | undefined,
): Promise<Uint8Array> {
  const packed = await maybeCompress(body, acceptEncoding);
  headers.set('Vary', 'Accept-Encoding');
  if (packed.encoding !== null) headers.set('Content-Encoding', packed.encoding);
  return packed.body;
}

/**
 * A JSON answer of our own (the workspace's and the read model's, /workspace/…) compressed as the
 * API's are: a page of the sites table is about 60 KB of JSON, a customer directory of 100,000 sites
 * about 2 MB. Other answers (a streamed CSV export, an empty 204) are passed on as they are.
 */
export async function compressJsonAnswer(
  response: Response,
  acceptEncoding: string | null | undefined,
): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (response.body === null || response.headers.has('content-encoding') || !type.startsWith('application/json')) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const body = await packJson(new Uint8Array(await response.arrayBuffer()), headers, acceptEncoding);
  return new Response(bodyBytes(body), { status: response.status, statusText: response.statusText, headers });
}
