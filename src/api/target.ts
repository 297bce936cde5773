/**
 * Request targets (docs/partner-api.md#requests request format, docs/partner-api.md#signature): the exact string that goes
 * on the wire and is signed. Kept apart from the HMAC (./sign.ts), which the
 * transport loads only for a call that signs: the login page's calls carry no
 * key, so it never loads the hash code.
 */
import type { MethodName } from './registry.ts';

export type QueryValue = string | number | boolean | undefined;

/**
 * encodeURIComponent, plus `'`: the WHATWG URL parser that fetch applies
 * re-encodes `'` in the query of http(s) URLs, so a bare `'` would make the
 * target on the wire differ from the signed one. `@` becomes %40 (the sandbox
 * accepts both forms); UTF-8 domains are percent-encoded, never punycode (docs/partner-api.md#methods).
 */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/'/g, '%27');
}

/**
 * The request target `/api/<method>/<p1>/.../[?query]` (docs/partner-api.md#requests request format).
 * The trailing slash after the last path entry is always written. Query entries
 * keep their insertion order: `true` is a bare flag (docs/partner-api.md#methods `[name[=1]]`),
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
