/** The request target: /api/<method>/<p1>/.../?query (docs/partner-api.md#requests), decoded. */
import { parseQuery } from '../../../src/api/query-args.ts';
import { RE, regex } from '../../../src/api/registry/define.ts';
import { SystemError } from '../errors.ts';

export interface ParsedTarget {
  method: string;
  /** Decoded path entries, in order (a trailing slash ends the path). */
  path: string[];
  /** Decoded named arguments, last value wins (src/api/query-args.ts). */
  args: Map<string, string>;
}

/** The first path segment after /api/, raw. */
function methodSegment(target: string): string {
  const rest = target.startsWith('/api/') ? target.slice('/api/'.length) : '';
  const end = rest.search(/[/?]/);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The method a target names, before it is parsed (so even a 503 or a 501 says which method was asked, docs/partner-api.md#envelope). */
export function methodNamed(target: string): string {
  const name = methodSegment(target);
  return regex(RE.methodName).test(name) ? name : '';
}

/** Split /api/<method>/<p1>/.../?query into decoded parts; bad encodings are 503 (docs/partner-api.md#system-errors). */
export function parseTarget(target: string): ParsedTarget {
  const q = target.indexOf('?');
  const rawPath = q < 0 ? target : target.slice(0, q);
  if (!rawPath.startsWith('/api/') && rawPath !== '/api') throw new SystemError(504, 'Not an API path');
  const segments = rawPath.slice('/api/'.length).split('/');
  const method = segments.shift() ?? '';
  if (/^(?:\.|%2e){1,2}$/i.test(method)) throw new SystemError(503, 'Path traversal is not allowed');
  if (!regex(RE.methodName).test(method)) {
    // An unknown method name, even a hostile one, is "not implemented", never an echo of the input.
    throw new SystemError(504, method ? 'Unknown method' : 'No method named in the path');
  }
  // A trailing slash ends the path; published clients sometimes leave it out.
  if (segments.length > 0 && segments.at(-1) === '') segments.pop();
  const path = segments.map((s, i) => {
    const v = decodePathEntry(s, i);
    if (v === '.' || v === '..') throw new SystemError(503, 'Path traversal is not allowed');
    return v;
  });
  const query = parseQuery(q < 0 ? '' : target.slice(q + 1));
  if (!query.ok) throw new SystemError(503, query.problem);
  return { method, path, args: query.args };
}

function decodePathEntry(s: string, index: number): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new SystemError(503, `The path entry ${index + 1} is not valid UTF-8 percent-encoding`);
  }
}
