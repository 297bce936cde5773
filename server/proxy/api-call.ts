/**
 * An API call on its way through the proxy (./api-route.ts): what its three
 * steps share. ./api-check.ts refuses what may not go on, ./api-forward.ts
 * takes it to the upstream, ./api-answer.ts passes the answer back; any step
 * may end the call with a Failure, which the proxy answers in the API's own
 * terms (./envelope.ts).
 */
import type { Context } from 'hono';
import { GATEWAY_STATUS, RAW_ERROR_STATUS, type SystemErrorCode } from '../../src/api/system-errors.ts';
import { envelopeResponse, proxyEnvelope } from './envelope.ts';
import type { Admitted, LoginGate } from './login-limits.ts';
import type { ProxyOptions } from './options.ts';
import type { ProxyEnv } from './target.ts';
import type { UpstreamLink } from './upstream.ts';

export type Ctx = Context<ProxyEnv>;

/**
 * Where the keys come from: the X-Apikey and X-Apimac headers (the SPA), or,
 * for the sandbox's own {base_url}, the caller's `apikey` and `apimac`
 * cookies, as the partner API takes them; the browser's cookies are never
 * read on /api/.
 */
export type KeysFrom = 'headers' | 'cookies';

/** What the steps are built with (./app.ts createProxy fills it from ProxyOptions). */
export interface ApiDeps {
  link: UpstreamLink;
  maxBodyBytes: number;
  timeoutMs: number;
  appKey: string | undefined;
  loginGate: LoginGate;
  recorder: NonNullable<ProxyOptions['workspace']>['recorder'] | null;
  /** PUBLIC_URL's origin, or null: each request's own. */
  publicOrigin: string | null;
  clientAddressOf(c: Ctx): string | null;
  log(line: string): void;
}

/** A call as known before any check: enough to answer it in its method's form. */
export interface ApiCall {
  /** The request target as received (`/api/...?...`). */
  target: string;
  keysFrom: KeysFrom;
  startedAt: number;
  /** The method's name when it is a plain name, else '' (the envelope echoes it). */
  method: string;
  /** A method whose answers are never the envelope (syncfile_get): failures are an HTTP status and text. */
  raw: boolean;
  /** A write the workspace records (server/workspace/recorder.ts): its answer is read, then handed over. */
  recorded: boolean;
}

/** A call that passed every check (./api-check.ts): what the upstream is to get. */
export interface CheckedCall extends ApiCall {
  /** The Cookie header for the upstream, or null for none. */
  cookie: string | null;
  /** The key the caller sent (the recorder knows keys by their id, never stores them). */
  apiKey: string | null;
  client: string | null;
  /** A signup or signin the sign-in limits let through: told the answer (./login-limits.ts). */
  admitted: Admitted | null;
  body: Uint8Array | null;
}

export interface Failure {
  error: SystemErrorCode;
  errorinfo: string;
  /** A word for the log line; never request data. */
  reason: string;
  /** The upstream could not be reached or failed: a raw method answers "bad gateway". */
  gateway?: true;
  /** Seconds after which the same request can succeed (Retry-After). */
  retryAfter?: number;
}

/** The proxy's own answer to a call that ends in a failure, logged. */
export function failureResponse(call: ApiCall, failure: Failure, deps: Pick<ApiDeps, 'log'>): Response {
  const extra: Record<string, string> =
    failure.retryAfter === undefined ? {} : { 'Retry-After': String(failure.retryAfter) };
  const response = call.raw
    ? new Response(`${failure.errorinfo}\n`, {
        status: failure.gateway ? GATEWAY_STATUS : RAW_ERROR_STATUS[failure.error],
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra },
      })
    : envelopeResponse(proxyEnvelope(call.method, failure.error, failure.errorinfo, call.startedAt), extra);
  logCall(deps, call, response.status, failure.reason);
  return response;
}

/** The call's log line: method, status, time, and a reason word on failure (never a key, a signature or a path). */
export function logCall(deps: Pick<ApiDeps, 'log'>, call: ApiCall, status: number, reason: string | null): void {
  const ms = Math.round(performance.now() - call.startedAt);
  deps.log(`api ${call.method || '-'} ${status} ${ms}ms${reason ? ` ${reason}` : ''}`);
}
