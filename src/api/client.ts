/**
 * The signing fetch layer (DESIGN.md "Signing fetch layer"): one typed function
 * per method of spec §4. Each call builds the request target, signs exactly that
 * string (spec §5.5), passes `baseUrl + target` to fetch unchanged, and parses
 * the answer with zod. Failures are thrown as ApiError or TransportError; what
 * the user sees is decided by the caller (no toasts, no redirects here).
 */
import type * as z from 'zod/mini';
import type { Credentials } from './credentials';
import { ApiError, TransportError } from './errors';
import { isNonZeroArg } from './query-args';
import { getMethod, regex, type MethodDef, type MethodName, type SiteOption } from './registry';
import { resultSchemas, envelopeSchema, type Envelope } from './schemas';
import type {
  Agency,
  ApiTestResult,
  KeyInfo,
  MethodData,
  SigninResult,
  SignupResult,
  Site,
  SitesAddResult,
  UserInfo,
} from './schemas';
import { buildTarget, hmacMd5Hex, type QueryValue } from './sign';

export interface ApiClientOptions {
  /** Origin and prefix put before each target; '' = same origin (the proxy). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Read on every call, so a sign-in or sign-out takes effect at once. */
  getCredentials: () => Credentials | null;
  /** Limit for one call, answer body included. Default DEFAULT_TIMEOUT_MS (35 s). */
  timeoutMs?: number;
}

export type HttpMethod = 'GET' | 'POST';

export interface RawRequest {
  path?: string[];
  query?: Record<string, string | boolean | undefined>;
  body?: string;
  httpMethod?: HttpMethod;
}

/** A call as sent and answered, for the developer console. */
export interface RawResponse {
  target: string;
  signature: string | null;
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The envelope when the body is one (spec §2.1), whatever its error code. */
  envelope: Envelope | null;
}

export type SiteItem = string | { name: string; share?: string };

export interface ApiTestArgs {
  item1: string;
  item2: string;
  item3: string;
  str: string;
  int: string;
  nullint?: string;
  err?: string;
  raw?: string;
  /** Any POST data (spec §4.6); when given, the call is a POST. */
  post?: string;
}

export interface ApiClient {
  signup(email: string): Promise<SignupResult>;
  signin(email: string, otp: string): Promise<SigninResult>;
  signout(): Promise<KeyInfo | null>;
  dashboard(): Promise<string>;
  agencyUpdate(agency: Agency): Promise<Agency>;
  agencyDelete(opts?: { ignore?: boolean }): Promise<Agency | null>;
  agencyView(): Promise<Agency>;
  unitUpdate(unit: string, newEmail: string): Promise<string>;
  unitDelete(unit: string, opts?: { withsites?: boolean; ignore?: boolean }): Promise<string | null>;
  sitesAdd(items: SiteItem[]): Promise<SitesAddResult>;
  sitesList(opts?: { unit?: string; withscanreport?: boolean; withfwhistory?: boolean }): Promise<Site[]>;
  siteDelete(domain: string, opts?: { ignore?: boolean }): Promise<string | null>;
  siteUnshare(unit: string, domain: string): Promise<string>;
  siteSetOption(domain: string, option: SiteOption, value: string): Promise<[string, string, string]>;
  siteScan(domain: string): Promise<string>;
  syncfileGet(): Promise<{ filename: string; content: string }>;
  apiMethodList(): Promise<string[]>;
  apiMethodData(name: string): Promise<MethodData>;
  apiKeyInfo(): Promise<KeyInfo>;
  apiUserInfo(): Promise<UserInfo | null>;
  /** The echo of spec §4.6 (ApiTestResult), or the result as text when raw is non-zero. */
  apiTest(args: ApiTestArgs): Promise<unknown>;
  /** Any request, answered as received; never throws ApiError. */
  call(method: MethodName, req: RawRequest): Promise<RawResponse>;
}

/**
 * The client's limit for one call. Longer than the proxy's upstream limit
 * (30 s, server/proxy/app.ts), so a slow service reaches the user as the
 * proxy's envelope 500 (spec §7.2) rather than as the browser giving up first.
 */
export const DEFAULT_TIMEOUT_MS = 35_000;
/** Spec §4.2, §4.3: the content type of POST bodies. */
const JSON_TYPE = 'application/json; charset=UTF-8';
const TEXT_TYPE = 'text/plain; charset=UTF-8';
const MAX_MESSAGE = 1000;

function methodDef(name: MethodName): MethodDef {
  const def = getMethod(name);
  if (!def) throw new TypeError(`Method ${name} is not in the registry`);
  return def;
}

/** GET unless the registry restricts the method to POST (spec §2.11 httpMethods). */
function defaultHttpMethod(def: MethodDef): HttpMethod {
  return def.httpMethods && !def.httpMethods.includes('GET') ? 'POST' : 'GET';
}

/** The method's named arguments, in registry order (argv, then flags); unknown names are dropped. */
function namedArgs(def: MethodDef, values: Record<string, QueryValue>): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const name of [...Object.keys(def.argv), ...def.flags]) query[name] = values[name];
  return query;
}

function parseEnvelope(text: string): Envelope | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = envelopeSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

function apiError(method: string, envelope: Envelope): ApiError {
  return new ApiError({ method, code: envelope.error, message: envelope.message, errorinfo: envelope.errorinfo });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** File name from `Content-Disposition` (RFC 6266: `filename*` wins over `filename`). */
function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Malformed percent-encoding: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  return plain?.[1] ?? plain?.[2] ?? null;
}

/**
 * The typed functions pass the registry's path parameters, in its order, each
 * matching the registry's expression (spec §4; issue 3 "Bad input never reaches
 * the API unchecked"): a mismatch is a RangeError before any network call. The
 * sandbox reads a `domain` entry liberally (a full http(s) URL stands for its
 * host); the client does not: a domain entry must be a host name (RE.domain).
 * The message names the parameter, never its value (an OTP is a secret).
 */
function checkPath(def: MethodDef, path: string[]): string[] {
  if (path.length !== def.path.length) {
    throw new RangeError(
      `${def.name} takes ${def.path.length} path parameters (${def.path.map((p) => p.name).join(', ')})`,
    );
  }
  def.path.forEach((param, i) => {
    if (!regex(param.re).test(path[i] ?? '')) {
      throw new RangeError(`${def.name}: path parameter "${param.name}" does not match its registry expression`);
    }
  });
  return path;
}

/** The file goes to a site root under this name (spec §4.5): a bare name, no path. */
const SAFE_FILENAME = /^[^/\\\p{Cc}]{1,255}$/u;

interface Sent {
  target: string;
  signature: string | null;
  status: number;
  headers: Headers;
  text: string;
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const baseUrl = opts.baseUrl ?? '';
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // A wrapper, so browsers never see fetch called with a foreign `this`.
  const doFetch: typeof fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function send(
    method: MethodName,
    req: { path: string[]; query?: Record<string, QueryValue>; body?: string; httpMethod: HttpMethod },
  ): Promise<Sent> {
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
      // Spec §5.6: a key without a mac key sends no signature.
      if (credentials.macKey) {
        signature = hmacMd5Hex(credentials.macKey, target);
        headers['X-Apimac'] = signature;
      }
    }
    if (req.body !== undefined) headers['Content-Type'] = isJson(req.body) ? JSON_TYPE : TEXT_TYPE;

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
   * A raw answer (syncfile_get, api_test with raw): an envelope in it is an error
   * (a system refusal such as 502); otherwise a non-2xx status is one, with the
   * service's message from the body (spec §7.4).
   */
  function checkRaw(method: MethodName, sent: Sent): Sent {
    const envelope = parseEnvelope(sent.text);
    if (envelope && envelope.error !== 0) throw apiError(method, envelope);
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

  /** A JSON method: the envelope, then the result with the method's schema (spec §7.1 rules 2–3). */
  async function request<S extends z.ZodMiniType>(
    method: MethodName,
    schema: S,
    req: { path?: string[]; query?: Record<string, QueryValue>; body?: string; httpMethod?: HttpMethod } = {},
  ): Promise<z.output<S>> {
    const def = methodDef(method);
    const path = checkPath(def, req.path ?? []);
    const sent = await send(method, {
      path,
      query: req.query,
      body: req.body,
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
    if (envelope.error !== 0) throw apiError(method, envelope);
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

  return {
    signup: (email) => request('signup', resultSchemas.signup, { path: [email] }),
    signin: (email, otp) => request('signin', resultSchemas.signin, { path: [email, otp] }),
    signout: () => request('signout', resultSchemas.signout),
    dashboard: () => request('dashboard', resultSchemas.dashboard),
    agencyUpdate: (agency) => request('agency_update', resultSchemas.agency_update, { body: JSON.stringify(agency) }),
    agencyDelete: (o) =>
      request('agency_delete', resultSchemas.agency_delete, { query: namedArgs(methodDef('agency_delete'), { ...o }) }),
    agencyView: () => request('agency_view', resultSchemas.agency_view),
    unitUpdate: (unit, newEmail) => request('unit_update', resultSchemas.unit_update, { path: [unit, newEmail] }),
    unitDelete: (unit, o) =>
      request('unit_delete', resultSchemas.unit_delete, {
        path: [unit],
        query: namedArgs(methodDef('unit_delete'), { ...o }),
      }),
    sitesAdd: (items) => request('sites_add', resultSchemas.sites_add, { body: JSON.stringify(items) }),
    sitesList: (o) =>
      request('sites_list', resultSchemas.sites_list, { query: namedArgs(methodDef('sites_list'), { ...o }) }),
    siteDelete: (domain, o) =>
      request('site_delete', resultSchemas.site_delete, {
        path: [domain],
        query: namedArgs(methodDef('site_delete'), { ...o }),
      }),
    siteUnshare: (unit, domain) => request('site_unshare', resultSchemas.site_unshare, { path: [unit, domain] }),
    siteSetOption: (domain, option, value) =>
      request('site_setoption', resultSchemas.site_setoption, { path: [domain, option, value] }),
    siteScan: (domain) => request('site_scan', resultSchemas.site_scan, { path: [domain] }),
    apiMethodList: () => request('api_methodlist', resultSchemas.api_methodlist),
    apiMethodData: (name) => request('api_methoddata', resultSchemas.api_methoddata, { path: [name] }),
    apiKeyInfo: () => request('api_keyinfo', resultSchemas.api_keyinfo),
    apiUserInfo: () => request('api_userinfo', resultSchemas.api_userinfo),

    async syncfileGet() {
      const method = 'syncfile_get';
      const sent = checkRaw(method, await send(method, { path: [], httpMethod: defaultHttpMethod(methodDef(method)) }));
      const filename =
        sent.headers.get('X-Filename')?.trim() || dispositionFilename(sent.headers.get('Content-Disposition'));
      if (!filename || !SAFE_FILENAME.test(filename)) {
        throw new TransportError({
          method,
          kind: 'bad-response',
          status: sent.status,
          message: `${method}: no usable file name`,
        });
      }
      return { filename, content: sent.text };
    },

    async apiTest(args): Promise<ApiTestResult | string> {
      const method = 'api_test';
      const query = namedArgs(methodDef(method), {
        str: args.str,
        int: args.int,
        nullint: args.nullint,
        err: args.err,
        raw: args.raw,
      });
      const path = [args.item1, args.item2, args.item3];
      const httpMethod: HttpMethod = args.post === undefined ? 'GET' : 'POST';
      if (!isNonZeroArg(args.raw)) {
        return request(method, resultSchemas.api_test, { path, query, body: args.post, httpMethod });
      }
      // Spec §4.6: with raw non-zero only the result is printed, as text.
      checkPath(methodDef(method), path);
      return checkRaw(method, await send(method, { path, query, body: args.post, httpMethod })).text;
    },

    async call(method, req) {
      const httpMethod = req.httpMethod ?? (req.body === undefined ? defaultHttpMethod(methodDef(method)) : 'POST');
      const sent = await send(method, { path: req.path ?? [], query: req.query, body: req.body, httpMethod });
      const headers: Record<string, string> = {};
      sent.headers.forEach((value, name) => {
        headers[name] = value;
      });
      return {
        target: sent.target,
        signature: sent.signature,
        status: sent.status,
        headers,
        text: sent.text,
        envelope: parseEnvelope(sent.text),
      };
    },
  };
}
