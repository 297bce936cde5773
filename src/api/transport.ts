/**
 * The signing transport under the typed client: builds each request target,
 * signs exactly that string (docs/partner-api.md#signature), passes `baseUrl + target` to fetch
 * unchanged, and reads the answer. Failures are thrown as ApiError or
 * TransportError; what the user sees is decided by the caller.
 */
import type * as z from 'zod/mini';
import type { Credentials } from './credentials.ts';
import { ApiError, TransportError } from './errors.ts';
import { getMethod, type MethodDef, type MethodName } from './registry.ts';
import { regex } from './registry/define.ts';
import { envelopeSchema, type Envelope } from './schemas.ts';
import { buildTarget, type QueryValue } from './target.ts';

export interface TransportOptions {
  /** Origin and prefix put before each target; '' = same origin (the proxy). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Read on every call, so a sign-in or sign-out takes effect at once. */
  getCredentials: () => Credentials | null;
  /** Limit for one call, answer body included. Default DEFAULT_TIMEOUT_MS (35 s). */
  timeoutMs?: number;
}

export type HttpMethod = 'GET' | 'POST';

interface Request {
  path: string[];
  query?: Record<string, QueryValue>;
  body?: string;
  httpMethod: HttpMethod;
}

/** A call as sent and answered, before any reading of its body. */
interface Sent {
  target: string;
  signature: string | null;
  status: number;
  headers: Headers;
  text: string;
}

/**
 * The client's limit for one call. Longer than the proxy's upstream limit
 * (30 s, server/proxy/app.ts), so a slow service reaches the user as the
 * proxy's envelope 500 (docs/partner-api.md#system-errors) rather than as the browser giving up first.
 */
export const DEFAULT_TIMEOUT_MS = 35_000;
/** docs/partner-api.md#agency-methods, docs/partner-api.md#site-methods: the content type of POST bodies. */
const JSON_TYPE = 'application/json; charset=UTF-8';
const TEXT_TYPE = 'text/plain; charset=UTF-8';
const MAX_MESSAGE = 1000;

export function knownMethod(name: MethodName): MethodDef {
  const def = getMethod(name);
  if (!def) throw new TypeError(`Method ${name} is not in the registry`);
  return def;
}

/** GET unless the registry restricts the method to POST (docs/partner-api.md#method-metadata httpMethods). */
export function defaultHttpMethod(def: MethodDef): HttpMethod {
  return def.httpMethods && !def.httpMethods.includes('GET') ? 'POST' : 'GET';
}

/** The method's named arguments, in registry order (argv, then flags); unknown names are dropped. */
export function namedArgs(def: MethodDef, values: Readonly<Record<string, unknown>>): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const name of [...Object.keys(def.argv), ...def.flags]) {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') query[name] = value;
  }
  return query;
}

export function parseEnvelope(text: string): Envelope | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = envelopeSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Retry-After in seconds (RFC 9110 §10.2.3: delay-seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(header: string | null, nowMs = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

function apiError(method: string, envelope: Envelope, headers: Headers): ApiError {
  return new ApiError({
    method,
    code: envelope.error,
    message: envelope.message,
    errorinfo: envelope.errorinfo,
    retryAfter: retryAfterSeconds(headers.get('Retry-After')),
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The Content-Type a request body is sent with: JSON when it parses as JSON (docs/partner-api.md#agency-methods, docs/partner-api.md#site-methods), else text. */
export function contentTypeOf(body: string): string {
  return isJson(body) ? JSON_TYPE : TEXT_TYPE;
}

/**
 * The typed calls pass the registry's path parameters, in its order, each
 * matching the registry's expression: a mismatch is a RangeError before any
 * network call (bad input never reaches the API unchecked). The sandbox reads a
 * `domain` entry liberally (a full URL stands for its host); the client does
 * not. The message names the parameter, never its value (an OTP is a secret).
 */
export function checkPath(def: MethodDef, path: readonly unknown[]): string[] {
  if (path.length !== def.path.length) {
    throw new RangeError(
      `${def.name} takes ${def.path.length} path parameters (${def.path.map((p) => p.name).join(', ')})`,
    );
  }
  return def.path.map((param, i) => {
    const entry = path[i];
    if (typeof entry !== 'string' || !regex(param.re).test(entry)) {
      throw new RangeError(`${def.name}: path parameter "${param.name}" does not match its registry expression`);
    }
    return entry;
  });
}

export interface Transport {
  send(method: MethodName, req: Request): Promise<Sent>;
  /** A JSON method: the envelope, then the result with the method's schema (docs/partner-api.md#error-rules rules 2–3). */
  request<S extends z.ZodMiniType>(
    method: MethodName,
    schema: S,
    req: Omit<Request, 'httpMethod'> & { httpMethod?: HttpMethod },
  ): Promise<z.output<S>>;
  /** A raw answer (syncfile_get, api_test with raw), checked as checkRaw says. */
  raw(method: MethodName, req: Request): Promise<Sent>;
}

export function createTransport(opts: TransportOptions): Transport {
  const baseUrl = opts.baseUrl ?? '';
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // A wrapper, so browsers never see fetch called with a foreign `this`.
  const doFetch: typeof fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function send(method: MethodName, req: Request): Promise<Sent> {
    if (req.body !== undefined && req.httpMethod === 'GET') {
      throw new TypeError(`${method}: a GET request cannot carry a body`);
    }
    const target = buildTarget(method, req.path, req.query);
    const headers: Record<string, string> = {};
    let signature: string | null = null;
    // No credentials → no headers: the proxy attaches the application key for signup/signin.
    const credentials = opts.getCredentials();
    if (credentials?.apiKey) {
      headers['X-Apikey'] = credentials.apiKey;
      // docs/partner-api.md#signature: a key without a mac key sends no signature.
      if (credentials.macKey) {
        // Loaded on the first signed call (./target.ts), then cached by the module system.
        const { hmacMd5Hex } = await import('./sign.ts');
        signature = hmacMd5Hex(credentials.macKey, target);
        headers['X-Apimac'] = signature;
      }
    }
    if (req.body !== undefined) headers['Content-Type'] = contentTypeOf(req.body);

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await doFetch(baseUrl + target, {
        method: req.httpMethod,
        headers,
        body: req.body,
        signal: controller.signal,
        // Answers depend on the key headers, not only the URL: never from a shared cache.
        cache: 'no-store',
      });
      const text = await res.text();
      return { target, signature, status: res.status, headers: res.headers, text };
    } catch (cause) {
      if (controller.signal.aborted) {
        throw new TransportError({
          method,
          kind: 'timeout',
          message: `${method}: no answer within ${timeoutMs} ms`,
          cause,
        });
      }
      throw new TransportError({
        method,
        kind: 'network',
        message: `${method}: the service could not be reached`,
        cause,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A raw answer: an envelope in it is an error (a system refusal such as 502);
   * otherwise a non-2xx status is one, with the service's message from the body
   * (docs/partner-api.md#syncfile_get-errors).
   */
  async function raw(method: MethodName, req: Request): Promise<Sent> {
    const sent = await send(method, { ...req, path: checkPath(knownMethod(method), req.path) });
    const envelope = parseEnvelope(sent.text);
    if (envelope && envelope.error !== 0) throw apiError(method, envelope, sent.headers);
    if (sent.status < 200 || sent.status >= 300) {
      throw new TransportError({
        method,
        kind: 'http',
        status: sent.status,
        message: sent.text.trim().slice(0, MAX_MESSAGE) || `${method}: HTTP ${sent.status}`,
      });
    }
    return sent;
  }

  async function request<S extends z.ZodMiniType>(
    method: MethodName,
    schema: S,
    req: Omit<Request, 'httpMethod'> & { httpMethod?: HttpMethod },
  ): Promise<z.output<S>> {
    const def = knownMethod(method);
    const sent = await send(method, {
      ...req,
      path: checkPath(def, req.path),
      httpMethod: req.httpMethod ?? defaultHttpMethod(def),
    });
    const envelope = parseEnvelope(sent.text);
    if (!envelope) {
      const http = sent.status < 200 || sent.status >= 300;
      throw new TransportError({
        method,
        kind: http ? 'http' : 'bad-response',
        status: sent.status,
        message: `${method}: the answer (HTTP ${sent.status}) is not the API envelope`,
      });
    }
    if (envelope.error !== 0) throw apiError(method, envelope, sent.headers);
    const parsed = schema.safeParse(envelope.result);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new TransportError({
        method,
        kind: 'bad-response',
        status: sent.status,
        message: `${method}: unexpected result at "${issue?.path.join('.') ?? ''}": ${issue?.message ?? 'invalid'}`,
      });
    }
    return parsed.data;
  }

  return { send, request, raw };
}
