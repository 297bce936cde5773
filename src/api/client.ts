/**
 * The typed client (docs/architecture.md#signing-fetch-layer): one function per method
 * of docs/partner-api.md#methods, named as the spec names the method and derived from the registry.
 * A method's arguments are its path parameters in registry order, then an
 * options object of its flags and named arguments; a method with a body takes
 * the body (its schema from ./bodies). Results are parsed with the method's
 * schema (./schemas). Only the two raw methods (syncfile_get, api_test) are
 * written by hand; client.types.test.ts proves their signatures match the
 * registry. No toasts, no redirects here: the caller decides what the user sees.
 */
import * as z from 'zod/mini';
import type { AgencyBody, SiteEntry } from './bodies.ts';
import type { Credentials } from './credentials.ts';
import { TransportError } from './errors.ts';
import { isNonZeroArg } from './query-args.ts';
import type { ArgvName, DefOf, FlagName, MethodName } from './registry.ts';
import { resultSchemas, type ApiTestResult, type Envelope } from './schemas.ts';
import {
  checkPath,
  createTransport,
  defaultHttpMethod,
  knownMethod,
  namedArgs,
  parseEnvelope,
  type HttpMethod,
  type TransportOptions,
} from './transport.ts';

export { DEFAULT_TIMEOUT_MS } from './transport.ts';
export type ApiClientOptions = TransportOptions;

/** Methods whose answer is the JSON envelope (docs/partner-api.md#envelope) and whose calls the registry describes whole. */
export type EnvelopeMethod = Exclude<MethodName, 'syncfile_get' | 'api_test'>;

/** One string per entry of a tuple (a homomorphic mapped type over a type parameter keeps tuples tuples). */
type Strings<T extends readonly unknown[]> = { -readonly [K in keyof T]: string };
type PathTuple<M extends MethodName> = Strings<DefOf<M>['path']>;
/** A method's flags (true sends `name`) and named arguments (`name=value`), docs/partner-api.md#methods conventions. */
export type CallOptions<M extends MethodName> = {
  [K in FlagName<M> | ArgvName<M>]?: K extends FlagName<M> ? boolean : string;
};
interface Bodies {
  agency: AgencyBody;
  sites: SiteEntry[];
}
type HasOptions<M extends MethodName> = [FlagName<M> | ArgvName<M>] extends [never] ? false : true;

/** The arguments of a method's function, from its registry entry. */
export type CallArgs<M extends MethodName> =
  DefOf<M> extends { body: infer B extends keyof Bodies }
    ? [body: Bodies[B]]
    : HasOptions<M> extends true
      ? [...PathTuple<M>, options?: CallOptions<M>]
      : PathTuple<M>;

export type CallResult<M extends MethodName> = z.output<(typeof resultSchemas)[M]>;

export type MethodFunction<M extends MethodName> = (...args: CallArgs<M>) => Promise<CallResult<M>>;

interface RawRequest {
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
  /** The envelope when the body is one (docs/partner-api.md#envelope), whatever its error code. */
  envelope: Envelope | null;
}

/** api_test's arguments (docs/partner-api.md#api_test): its path parameters, its named arguments, and any POST data. */
export type ApiTestArgs = {
  item1: string;
  item2: string;
  item3: string;
  str: string;
  int: string;
  nullint?: string;
  err?: string;
  raw?: string;
  /** Any POST data (docs/partner-api.md#common-methods); when given, the call is a POST. */
  post?: string;
};

export type ApiClient = { [M in EnvelopeMethod]: MethodFunction<M> } & {
  /** The file and the name it must be uploaded under (docs/partner-api.md#syncfile_get). */
  syncfile_get(): Promise<{ filename: string; content: string }>;
  /** The echo of docs/partner-api.md#api_test (ApiTestResult), or the result as text when raw is non-zero. */
  api_test(args: ApiTestArgs): Promise<ApiTestResult | string>;
  /** Any request, answered as received; never throws ApiError. */
  call(method: MethodName, req: RawRequest): Promise<RawResponse>;
  /**
   * A method's call with its envelope checked (ApiError, TransportError as
   * usual) but its result not parsed: for a caller that checks a very large
   * answer itself, in steps (the overview's worker and sites_list with fwhistory).
   */
  unparsed<M extends EnvelopeMethod>(method: M, ...args: CallArgs<M>): Promise<unknown>;
  /**
   * The keys the next call signs with (the session's, read now), for a Web Worker
   * that makes the calls with a client of its own (docs/decisions/006-overview-reads-the-fleet-in-a-worker.md).
   */
  credentials(): Credentials | null;
};

const anything = z.unknown();

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

/** The file goes to a site root under this name (docs/partner-api.md#syncfile_get): a bare name, no path. */
const SAFE_FILENAME = /^[^/\\\p{Cc}]{1,255}$/u;

function isOptions(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const transport = createTransport(opts);

  /** A method's call, read from its registry entry (see CallArgs), its result parsed with `schema`. */
  async function invoke<S extends z.ZodMiniType>(method: EnvelopeMethod, schema: S, args: readonly unknown[]) {
    const def = knownMethod(method);
    if (def.body === 'agency' || def.body === 'sites') {
      return transport.request(method, schema, { path: [], body: JSON.stringify(args[0]) });
    }
    const options = args[def.path.length];
    return transport.request(method, schema, {
      path: checkPath(def, args.slice(0, def.path.length)),
      query: namedArgs(def, isOptions(options) ? options : {}),
    });
  }

  /** A method's function, read from its registry entry (see CallArgs). */
  function derive<M extends EnvelopeMethod>(method: M): MethodFunction<M> {
    const schema = resultSchemas[method];
    const call = (...args: unknown[]) => invoke(method, schema, args);
    // CallArgs<M> is the tuple `call` reads positionally above; CallResult<M> is what its schema parses.
    return call as MethodFunction<M>;
  }
  return {
    signup: derive('signup'),
    signin: derive('signin'),
    signout: derive('signout'),
    dashboard: derive('dashboard'),
    agency_update: derive('agency_update'),
    agency_delete: derive('agency_delete'),
    agency_view: derive('agency_view'),
    unit_update: derive('unit_update'),
    unit_delete: derive('unit_delete'),
    sites_add: derive('sites_add'),
    sites_list: derive('sites_list'),
    site_delete: derive('site_delete'),
    site_unshare: derive('site_unshare'),
    site_setoption: derive('site_setoption'),
    site_scan: derive('site_scan'),
    api_methodlist: derive('api_methodlist'),
    api_methoddata: derive('api_methoddata'),
    api_keyinfo: derive('api_keyinfo'),
    api_userinfo: derive('api_userinfo'),

    async syncfile_get() {
      const method = 'syncfile_get';
      const sent = await transport.raw(method, { path: [], httpMethod: defaultHttpMethod(knownMethod(method)) });
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

    async api_test(args) {
      const method = 'api_test';
      const def = knownMethod(method);
      const query = namedArgs(def, args);
      const path = [args.item1, args.item2, args.item3];
      const httpMethod: HttpMethod = args.post === undefined ? 'GET' : 'POST';
      if (!isNonZeroArg(args.raw)) {
        return transport.request(method, resultSchemas.api_test, { path, query, body: args.post, httpMethod });
      }
      // docs/partner-api.md#api_test: with raw non-zero only the result is printed, as text.
      return (await transport.raw(method, { path, query, body: args.post, httpMethod })).text;
    },

    unparsed(method, ...args) {
      return invoke(method, anything, args);
    },

    credentials: () => opts.getCredentials(),

    async call(method, req) {
      const httpMethod = req.httpMethod ?? (req.body === undefined ? defaultHttpMethod(knownMethod(method)) : 'POST');
      const sent = await transport.send(method, {
        path: req.path ?? [],
        query: req.query,
        body: req.body,
        httpMethod,
      });
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
