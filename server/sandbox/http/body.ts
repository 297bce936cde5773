/**
 * Reading a request body (docs/partner-api.md#agency-methods, docs/partner-api.md#site-methods, docs/partner-api.md#common-methods), bounded before any handler
 * runs: at most MAX_BODY_BYTES, and JSON at most MAX_JSON_DEPTH deep (a deeper
 * body could overflow the stack of whatever walks it later).
 */
import { MAX_BODY_BYTES } from '../../../src/api/limits.ts';
import type { MethodDef } from '../../../src/api/registry.ts';
import { SystemError } from '../errors.ts';

/** Nesting of arrays and objects a JSON body may have; the agency record and sites_add need 2. */
const MAX_JSON_DEPTH = 64;

export interface RequestBody {
  /** The parsed JSON body (agency_update, sites_add), else undefined. */
  json: unknown;
  /** The body as text: UTF-8, with U+FFFD for bytes that are not (only api_test takes those). */
  text: string;
  /** The body's size in bytes, as received. */
  length: number;
  contentType: string;
}

const NONE = (contentType: string): RequestBody => ({ json: undefined, text: '', length: 0, contentType });

/**
 * The body a method reads. `bytes` is null when it was larger than
 * MAX_BODY_BYTES. Methods without a body ignore one (a JSON `[]` sent on a GET
 * by a published plugin included).
 */
export function readBody(def: MethodDef, bytes: Uint8Array | null, contentType: string): RequestBody {
  if (bytes === null || bytes.byteLength > MAX_BODY_BYTES) {
    throw new SystemError(503, `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
  }
  if (!def.body) return NONE(contentType);
  if (bytes.byteLength === 0) {
    if (def.body === 'any') return NONE(contentType);
    throw new SystemError(503, 'The request needs a JSON body');
  }
  // docs/partner-api.md#api_test: api_test takes "any POST data", binary included; it echoes what decodes.
  if (def.body === 'any') {
    return { json: undefined, text: new TextDecoder('utf-8').decode(bytes), length: bytes.byteLength, contentType };
  }
  const charset = /charset=([^;]+)/i.exec(contentType)?.[1]?.trim().toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') throw new SystemError(503, 'The body must be UTF-8');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SystemError(503, 'The request body is not valid UTF-8');
  }
  // Whatever the declared Content-Type: published plugins POST JSON as curl's default
  // application/x-www-form-urlencoded (docs/sandbox.md, liberal input). What is not JSON stays 503.
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new SystemError(503, `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`);
  }
  try {
    return { json: JSON.parse(text) as unknown, text, length: bytes.byteLength, contentType };
  } catch {
    const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    const declared = mime === '' || mime === 'application/json' ? '' : ` (it was sent as ${mime.slice(0, 60)})`;
    throw new SystemError(503, `The request body is not valid JSON${declared}`);
  }
}

/**
 * Whether JSON text opens more than `max` arrays or objects inside each other,
 * counted without parsing (brackets inside strings do not count). One pass, no
 * recursion, so any input is safe to check; text with few brackets at all (a
 * sites_add list of names) is let through at once.
 */
function nestsDeeperThan(text: string, max: number): boolean {
  if (!hasMoreOpeners(text, max)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = closingQuote(text, i);
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** Whether the text holds more than `max` `[` and `{` in all. */
function hasMoreOpeners(text: string, max: number): boolean {
  let count = 0;
  for (const opener of ['[', '{']) {
    for (let i = text.indexOf(opener); i !== -1; i = text.indexOf(opener, i + 1)) {
      if (++count > max) return true;
    }
  }
  return false;
}

/** The index of the quote that closes the string opened at `start` (one not escaped by a backslash). */
function closingQuote(text: string, start: number): number {
  for (let i = text.indexOf('"', start + 1); i !== -1; i = text.indexOf('"', i + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return i;
  }
  return text.length;
}
