import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { argumentPattern, getMethod, methodErrorOf, type MethodDef } from '../../src/api/registry.ts';
import { regex } from '../../src/api/registry/define.ts';
import { isSystemErrorCode, SYSTEM_ERRORS } from '../../src/api/system-errors.ts';
import { flagIsOn } from '../../src/api/query-args.ts';
import type { Call, Handler } from './call.ts';
import { FailAfterCommit, JsonText, MethodError, RawResult, SystemError } from './errors.ts';
import { parseSiteName } from './names.ts';
import type { KeyRow, SandboxState, UserRow } from './state.ts';
import { prepared } from './db.ts';

export const API_VERSION = '1.0.0-sandbox';
/** Bodies larger than this are refused with 503 (spec §8 leaves the limit open). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface ApiRequest {
  /** The request target exactly as received: /api/<method>/...?query, still percent-encoded. */
  target: string;
  httpMethod: string;
  headers: Headers;
  /** The body, or null when it was larger than MAX_BODY_BYTES. */
  body: Uint8Array | null;
  origin: string;
  /** The client's address, for keys bound to IPs (spec §5.8). */
  ip: string;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Envelope {
  version: string;
  keyid: string;
  method: string;
  timewait: number;
  error: number;
  message: string;
  errorinfo: string;
  result: unknown;
}

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

/** HTTP statuses for syncfile_get, which reports errors as 4xx (spec §7.4). */
const RAW_STATUS: Record<number, number> = { 500: 503, 501: 500, 502: 401, 503: 400, 504: 404, 505: 403 };

/** What an answer says about its request: the method asked for and the key, once known. */
interface AnswerContext {
  started: number;
  methodName: string;
  def: MethodDef | undefined;
  key: KeyRow | undefined;
}

function envelopeResponse(
  ctx: AnswerContext,
  error: number,
  message: string,
  errorinfo: string,
  result: unknown,
): ApiResponse {
  const body: Envelope = {
    version: API_VERSION,
    keyid: ctx.key?.id ?? '',
    method: ctx.methodName,
    timewait: Math.round(performance.now() - ctx.started),
    error,
    message,
    errorinfo,
    result: result instanceof JsonText ? null : result,
  };
  const text = JSON.stringify(body);
  // The envelope ends with `"result":null}`: a pre-serialized result goes in its place.
  return {
    status: 200,
    headers: JSON_HEADERS,
    body: result instanceof JsonText ? `${text.slice(0, -'null}'.length)}${result.json}}` : text,
  };
}

/** An error answer: the envelope, or one line of text with an HTTP 4xx/5xx for alwaysRaw methods (spec §7.4). */
function errorResponse(ctx: AnswerContext, code: number, message: string, info: string): ApiResponse {
  if (ctx.def?.alwaysRaw) {
    return {
      status: RAW_STATUS[code] ?? 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      body: `${message} (${code})${info ? `: ${info}` : ''}\n`,
    };
  }
  return envelopeResponse(ctx, code, message, info, null);
}

/** The method a target names, before it is parsed (so even a 503 or a 501 says which method was asked, spec §2.1). */
function methodNamed(target: string): string {
  return /^\/api\/([a-z_]{1,40})(?=[/?]|$)/.exec(target)?.[1] ?? '';
}

/**
 * The answer to an API request that failed before or around the method (reading
 * the body, the scheduler): 501 in the method's usual form. The caller logs why.
 */
export function internalErrorResponse(target: string): ApiResponse {
  const methodName = methodNamed(target);
  const ctx: AnswerContext = { started: performance.now(), methodName, def: getMethod(methodName), key: undefined };
  return errorResponse(ctx, 501, SYSTEM_ERRORS[501], '');
}

/**
 * The answer to a target the HTTP layer refuses before the sandbox sees it (a
 * backslash in the path, server/http-server.ts): 503 in the method's usual form.
 */
export function badRequestAnswer(target: string): ApiResponse {
  const methodName = methodNamed(target);
  const ctx: AnswerContext = { started: performance.now(), methodName, def: getMethod(methodName), key: undefined };
  return errorResponse(ctx, 503, SYSTEM_ERRORS[503], 'A backslash is not allowed in the request path');
}

export function handleApi(state: SandboxState, handlers: Record<string, Handler>, req: ApiRequest): ApiResponse {
  const ctx: AnswerContext = { started: performance.now(), methodName: '', def: undefined, key: undefined };

  const fail = (err: unknown): ApiResponse => {
    const { def } = ctx;
    if (err instanceof MethodError && def && err.method === def.name) {
      const entry = methodErrorOf(err.code);
      if (entry) return errorResponse(ctx, entry.code, entry.message, err.info);
    }
    if (err instanceof SystemError) return errorResponse(ctx, err.code, SYSTEM_ERRORS[err.code], err.info);
    state.log(`sandbox: internal error in ${ctx.methodName}: ${err instanceof Error ? err.message : String(err)}`);
    return errorResponse(ctx, 501, SYSTEM_ERRORS[501], '');
  };

  try {
    // Named before parsing, so a 503 for a bad path entry still says which method was asked
    // (spec §2.1), and syncfile_get still answers it as HTTP 4xx (spec §7.4).
    ctx.methodName = methodNamed(req.target);
    ctx.def = getMethod(ctx.methodName);
    const parsed = parseTarget(req.target);
    ctx.methodName = parsed.method;
    ctx.def = getMethod(parsed.method);
    const d = ctx.def;
    if (!d)
      throw new SystemError(504, parsed.method ? `Unknown method "${parsed.method}"` : 'No method named in the path');
    // Spec §1: (GET|POST). A request format error, answered before the key as the proxy does
    // (HEAD would run a method and drop its answer).
    if (req.httpMethod !== 'GET' && req.httpMethod !== 'POST') {
      throw new SystemError(503, `HTTP ${req.httpMethod.slice(0, 10)} is not accepted: use GET or POST`);
    }

    // The key is named as soon as it is identified, so a 502 for its expiry, its
    // IP binding or its signature still says which key failed (spec §2.1 keyid).
    const key = identifyKey(state, req);
    ctx.key = key;
    authorize(state, req, key);
    // After authorize, so the envelope names the key that lacks the access (spec §2.1 keyid).
    if (!(d.keys as readonly string[]).includes(key.kind)) {
      throw new SystemError(505, `${d.name} needs a key made by signin`);
    }
    const user = key.user_id === null ? null : (getUser(state, key.user_id) ?? null);
    if (key.user_id !== null && !user) throw new SystemError(502, 'The key belongs to no user');

    if (d.httpMethods && !d.httpMethods.some((m) => m === req.httpMethod)) {
      throw new SystemError(503, `${d.name} accepts only ${d.httpMethods.join(', ')}`);
    }
    const path = validatePath(d, parsed.path);
    validateArgs(d, parsed.args);
    const { body, rawBody, bodyLength, contentType } = readBody(d, req);

    const handler = handlers[d.name];
    if (!handler) throw new SystemError(504, `${d.name} is not implemented by the sandbox`);

    const call: Call = {
      state,
      now: state.now(),
      def: d,
      key,
      user,
      path,
      args: parsed.args,
      flag: (name) => flagIsOn(parsed.args.has(name) ? parsed.args.get(name) : undefined),
      body,
      rawBody,
      bodyLength,
      contentType,
      target: req.target,
      origin: req.origin,
      headers: req.headers,
      httpMethod: req.httpMethod,
    };

    // One transaction per call: concurrent requests never see half-done changes.
    const result = state.db.transaction(() => {
      const armed = state.takeFailure(d.name);
      if (armed) throwArmed(d, armed.code);
      return handler(call);
    })();

    if (result instanceof FailAfterCommit) return fail(result.error);
    if (result instanceof RawResult) {
      return { status: result.status, headers: result.headers, body: result.body };
    }
    return envelopeResponse(ctx, 0, '', '', result === undefined ? null : result);
  } catch (err) {
    return fail(err);
  }
}

function throwArmed(def: MethodDef, code: number): never {
  if (isSystemErrorCode(code)) throw new SystemError(code, 'Failure armed by the sandbox control surface');
  const entry = methodErrorOf(code);
  if (entry && entry.method === def.name) {
    throw new MethodError(entry.method, entry.name, 'Failure armed by the sandbox control surface');
  }
  throw new SystemError(501, `Armed code ${code} does not belong to ${def.name}`);
}

interface ParsedTarget {
  method: string;
  path: string[];
  args: Map<string, string>;
}

/** Split /api/<method>/<p1>/.../?query into decoded parts; bad encodings are 503 (spec §7.2). */
export function parseTarget(target: string): ParsedTarget {
  const q = target.indexOf('?');
  const rawPath = q < 0 ? target : target.slice(0, q);
  const rawQuery = q < 0 ? '' : target.slice(q + 1);
  if (!rawPath.startsWith('/api/') && rawPath !== '/api') throw new SystemError(504, 'Not an API path');
  const segments = rawPath.slice('/api/'.length).split('/');
  const method = segments.shift() ?? '';
  if (/^(?:\.|%2e){1,2}$/i.test(method)) throw new SystemError(503, 'Path traversal is not allowed');
  if (!/^[a-z_]{1,40}$/.test(method)) {
    // An unknown method name, even a hostile one, is "not implemented", never an echo of the input.
    throw new SystemError(504, method ? 'Unknown method' : 'No method named in the path');
  }
  // A trailing slash ends the path; published clients sometimes leave it out (issue 2).
  if (segments.length > 0 && segments.at(-1) === '') segments.pop();
  const path = segments.map((s, i) => {
    const v = decode(s, `path entry ${i + 1}`);
    if (v === '.' || v === '..') throw new SystemError(503, 'Path traversal is not allowed');
    return v;
  });
  const args = new Map<string, string>();
  for (const part of rawQuery.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decode(eq < 0 ? part : part.slice(0, eq), 'query argument name', true);
    const value = eq < 0 ? '' : decode(part.slice(eq + 1), `query argument "${name.slice(0, 40)}"`, true);
    if (name !== '') args.set(name, value);
  }
  return { method, path, args };
}

function decode(s: string, what: string, form = false): string {
  try {
    return decodeURIComponent(form ? s.replace(/\+/g, ' ') : s);
  } catch {
    throw new SystemError(503, `The ${what} is not valid UTF-8 percent-encoding`);
  }
}

function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

export function hashKey(key: string): string {
  return sha256(key);
}

function parseCookies(header: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!out.has(name)) out.set(name, part.slice(eq + 1).trim());
  }
  return out;
}

/** Spec §5.2: the key named by the apikey cookie (502 when there is none, or it is unknown or deleted). */
function identifyKey(state: SandboxState, req: ApiRequest): KeyRow {
  const apikey = parseCookies(req.headers.get('cookie')).get('apikey');
  if (!apikey) {
    throw new SystemError(
      502,
      'No API key: send the apikey cookie (for signup and signin, the application key printed when the sandbox started)',
    );
  }
  const key = prepared(state.db, 'SELECT * FROM keys WHERE key_hash = ?').get(hashKey(apikey)) as KeyRow | undefined;
  if (!key || key.deleted) throw new SystemError(502, 'Unknown or deleted API key');
  return key;
}

/** Bytes a client must percent-encode before signing: anything outside printable ASCII (spec §5.5). */
const UNENCODED = /[^\x20-\x7e]/;

function hmacMd5(hmacKey: string, target: string): string {
  return createHmac('md5', hmacKey).update(target, 'utf8').digest('hex');
}

/** The target with its percent-encoded UTF-8 (bytes 0x80 and up) decoded, as a client may have signed it. */
function withUtf8Decoded(target: string): string {
  return target.replace(/(?:%[89a-f][0-9a-f])+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * Whether a wrong signature comes from UTF-8 that was not percent-encoded when
 * signed: the target holds such bytes raw, or the signature matches the target
 * with its percent-encoded UTF-8 decoded (the client signed "bücher", then its
 * HTTP library sent "b%C3%BCcher"). Node's HTTP parser refuses raw UTF-8 in a
 * request line, so in practice it is the second.
 */
function signedUnencoded(target: string, hmacKey: string, given: string): boolean {
  if (UNENCODED.test(target)) return true;
  const decoded = withUtf8Decoded(target);
  return decoded !== target && hmacMd5(hmacKey, decoded) === given;
}

/** Spec §5: expiry, IP binding and signature of an identified key (502). */
function authorize(state: SandboxState, req: ApiRequest, key: KeyRow): void {
  const cookies = parseCookies(req.headers.get('cookie'));
  const now = state.now();
  if (key.expires !== 0 && key.expires <= now) throw new SystemError(502, 'The API key has expired');
  if (key.ip.trim() !== '') {
    const allowed = key.ip.split(/[\s,;]+/).filter(Boolean);
    if (!allowed.includes(req.ip)) throw new SystemError(502, 'The API key cannot be used from this IP address');
  }
  const apimac = cookies.get('apimac');
  const required = key.kind === 'signin' && state.config.signinDs === 'required';
  if (apimac) {
    const expected = hmacMd5(key.hmac, req.target);
    const given = Buffer.from(apimac.toLowerCase(), 'utf8');
    const want = Buffer.from(expected, 'utf8');
    if (given.length !== want.length || !timingSafeEqual(given, want)) {
      // A client that signs a target with raw UTF-8 can never match: say what to do instead.
      throw new SystemError(
        502,
        signedUnencoded(req.target, key.hmac, apimac.toLowerCase())
          ? 'The signature does not match: the request target has characters that are not percent-encoded; percent-encode them (UTF-8) and sign the encoded target'
          : 'The signature (apimac) does not match the request',
      );
    }
  } else if (required) {
    throw new SystemError(502, 'This key requires a signature: send the apimac cookie');
  }
}

function getUser(state: SandboxState, id: number): UserRow | undefined {
  return prepared(state.db, 'SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

function validatePath(def: MethodDef, given: string[]): string[] {
  if (given.length < def.path.length) {
    const missing = def.path[given.length];
    throw new SystemError(503, `Missing path parameter ${given.length + 1} (${missing?.name ?? '?'})`);
  }
  if (given.length > def.path.length) {
    throw new SystemError(503, `Too many path entries: ${def.name} takes ${def.path.length}`);
  }
  return def.path.map((p, i) => {
    let v = given[i] ?? '';
    if (p.kind === 'domain') {
      // A full URL or a trailing dot stands for its host name (published plugins send both).
      if (/^https?:\/\//i.test(v) && v.length <= 2048) {
        const name = parseSiteName(v);
        if ('domain' in name) v = name.domain;
      }
      v = v.replace(/\.$/, '');
    }
    if (v.length > 1024 || !regex(p.re).test(v)) {
      throw new SystemError(503, `Path parameter ${i + 1} (${p.name}) is not valid`);
    }
    return v;
  });
}

function validateArgs(def: MethodDef, args: Map<string, string>): void {
  for (const [name, value] of args) {
    // Own entries only: an argument named `toString` or `constructor` is just unknown.
    const re = argumentPattern(def, name);
    // Arguments the registry does not know are ignored, as the real service evidently does.
    if (re !== undefined && !regex(re).test(value)) {
      throw new SystemError(503, `Argument ${name} is not valid`);
    }
  }
  for (const name of def.requiredArgv ?? []) {
    if (!args.has(name)) throw new SystemError(503, `Missing required argument ${name}`);
  }
}

interface ReadBody {
  body: unknown;
  /** The body as text: UTF-8, with U+FFFD for bytes that are not (only api_test takes those). */
  rawBody: string;
  /** The body's size in bytes, as received. */
  bodyLength: number;
  contentType: string;
}

function readBody(def: MethodDef, req: ApiRequest): ReadBody {
  const contentType = req.headers.get('content-type') ?? '';
  if (req.body === null || req.body.byteLength > MAX_BODY_BYTES) {
    throw new SystemError(503, `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
  }
  const bodyLength = req.body.byteLength;
  if (!def.body || bodyLength === 0) {
    if (def.body === 'agency' || def.body === 'sites') throw new SystemError(503, 'The request needs a JSON body');
    return { body: undefined, rawBody: '', bodyLength: 0, contentType };
  }
  // spec §4.6: api_test takes "any POST data", binary included; it echoes what decodes.
  if (def.body === 'any') {
    return { body: undefined, rawBody: new TextDecoder('utf-8').decode(req.body), bodyLength, contentType };
  }
  let rawBody: string;
  try {
    rawBody = new TextDecoder('utf-8', { fatal: true }).decode(req.body);
  } catch {
    throw new SystemError(503, 'The request body is not valid UTF-8');
  }
  const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mime !== '' && mime !== 'application/json') {
    throw new SystemError(503, `Content-Type must be application/json (got ${mime.slice(0, 60)})`);
  }
  const charset = /charset=([^;]+)/i.exec(contentType)?.[1]?.trim().toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') throw new SystemError(503, 'The body must be UTF-8');
  try {
    return { body: JSON.parse(rawBody) as unknown, rawBody, bodyLength, contentType };
  } catch {
    throw new SystemError(503, 'The request body is not valid JSON');
  }
}
