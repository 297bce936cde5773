/**
 * Request targets and their signature (spec §5.3–5.5): the DS is the lowercase
 * hex HMAC-MD5 of the whole request target, keyed by the mac key. WebCrypto has
 * no MD5, hence @noble/hashes (audited, tree-shakeable; md5 lives in legacy.js).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { MethodName } from './registry';

/** HMAC-MD5 over raw bytes, lowercase hex (RFC 2104; vectors in RFC 2202). */
export function hmacMd5HexBytes(key: Uint8Array, message: Uint8Array): string {
  return bytesToHex(hmac(md5, key, message));
}

/** HMAC-MD5 of a UTF-8 message under a UTF-8 key, lowercase hex (spec §5.3; encoding not shown in §5.12). */
export function hmacMd5Hex(key: string, message: string): string {
  return hmacMd5HexBytes(utf8ToBytes(key), utf8ToBytes(message));
}

export type QueryValue = string | number | boolean | undefined;

/**
 * encodeURIComponent, plus `'`: the WHATWG URL parser that fetch applies
 * re-encodes `'` in the query of http(s) URLs, so a bare `'` would make the
 * target on the wire differ from the signed one. `@` becomes %40 (the sandbox
 * accepts both forms); UTF-8 domains are percent-encoded, never punycode (spec §4).
 */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/'/g, '%27');
}

/**
 * The request target `/api/<method>/<p1>/.../[?query]` (spec §1 request format).
 * The trailing slash after the last path entry is always written. Query entries
 * keep their insertion order: `true` is a bare flag (spec §4 `[name[=1]]`),
 * `false`/`undefined` are left out, other values are `name=value`.
 *
 * Throws a RangeError for a path entry `.` or `..`: URL parsers remove such
 * dot segments (even percent-encoded), so no byte-exact, signable target exists.
 */
export function buildTarget(method: MethodName, path: string[], query?: Record<string, QueryValue>): string {
  let target = `/api/${method}/`;
  for (const entry of path) {
    if (entry === '.' || entry === '..') {
      throw new RangeError(`Path entry "${entry}" cannot be sent: URLs remove dot segments`);
    }
    target += `${encode(entry)}/`;
  }
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === false) continue;
    parts.push(value === true ? encode(name) : `${encode(name)}=${encode(String(value))}`);
  }
  return parts.length > 0 ? `${target}?${parts.join('&')}` : target;
}
