/** How the sandbox answers an API call: the envelope (docs/partner-api.md#envelope), or raw text for alwaysRaw methods (docs/partner-api.md#syncfile_get-errors). */
import { getMethod, type MethodDef } from '../../../src/api/registry.ts';
import { RAW_ERROR_STATUS, SYSTEM_ERRORS, type SystemErrorCode } from '../../../src/api/system-errors.ts';
import type { KeyRow } from '../store/keys.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import { methodNamed } from './target.ts';

export const API_VERSION = '1.0.0-sandbox';

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** The answer; with `items`, its text up to the result array's first element. */
  body: string;
  /** A result array written out a page at a time (http/api-route.ts): its elements, then `]}`. */
  items?: Iterator<string[]>;
}

/** What an answer says about its request: the method asked for and the key, once known. */
export interface AnswerContext {
  started: number;
  methodName: string;
  def: MethodDef | undefined;
  key: KeyRow | undefined;
}

/** The context of a target before it is parsed: the method it seems to name. */
export function answerContext(target: string): AnswerContext {
  const methodName = methodNamed(target);
  return { started: performance.now(), methodName, def: getMethod(methodName), key: undefined };
}

const JSON_HEADERS = { ...SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8' };
const TEXT_HEADERS = { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' };

function retryHeaders(retryAfter: number | undefined): Record<string, string> {
  return retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) };
}

/**
 * The envelope with `resultJson`, a result already serialized (so building the
 * answer after a write cannot fail: nothing here throws).
 */
export function envelopeResponse(
  ctx: AnswerContext,
  error: number,
  message: string,
  errorinfo: string,
  resultJson = 'null',
  retryAfter?: number,
): ApiResponse {
  return {
    status: 200,
    headers: { ...JSON_HEADERS, ...retryHeaders(retryAfter) },
    body: `${envelopeFields(ctx, error, message, errorinfo)},"result":${resultJson}}`,
  };
}

/** A successful envelope whose result is an array written out later, element by element (ApiResponse.items). */
export function envelopeWithItems(ctx: AnswerContext, items: NonNullable<ApiResponse['items']>): ApiResponse {
  return {
    status: 200,
    headers: JSON_HEADERS,
    body: `${envelopeFields(ctx, 0, '', '')},"result":[`,
    items,
  };
}

/** The envelope's fields before `result`, as JSON without its closing brace. */
function envelopeFields(ctx: AnswerContext, error: number, message: string, errorinfo: string): string {
  const fields = JSON.stringify({
    version: API_VERSION,
    keyid: ctx.key?.id ?? '',
    method: ctx.methodName,
    timewait: Math.round(performance.now() - ctx.started),
    error,
    message,
    errorinfo,
  });
  return fields.slice(0, -1);
}

/** An error answer: the envelope, or one line of text with an HTTP 4xx/5xx for alwaysRaw methods (docs/partner-api.md#syncfile_get-errors). */
export function errorResponse(
  ctx: AnswerContext,
  code: number,
  message: string,
  info: string,
  retryAfter?: number,
): ApiResponse {
  if (ctx.def?.alwaysRaw) {
    return {
      status: isSystemCode(code) ? RAW_ERROR_STATUS[code] : 400,
      headers: { ...TEXT_HEADERS, ...retryHeaders(retryAfter) },
      body: `${message} (${code})${info ? `: ${info}` : ''}\n`,
    };
  }
  return envelopeResponse(ctx, code, message, info, 'null', retryAfter);
}

function isSystemCode(code: number): code is SystemErrorCode {
  return Object.hasOwn(RAW_ERROR_STATUS, code);
}

/** A raw answer (syncfile_get, api_test with raw): the method's own headers and the security ones. */
export function rawResponse(body: string, headers: Record<string, string>, status: number): ApiResponse {
  return { status, headers: { ...SECURITY_HEADERS, ...headers }, body };
}

/**
 * The answer to an API request that failed before or around the method (reading
 * the body, the scheduler): 501 in the method's usual form. The caller logs why.
 */
export function internalErrorResponse(target: string): ApiResponse {
  return errorResponse(answerContext(target), 501, SYSTEM_ERRORS[501], '');
}

/**
 * The answer to a target the HTTP layer refuses before the sandbox sees it (a
 * backslash in the path, server/http-server.ts): 503 in the method's usual form.
 */
export function badRequestAnswer(target: string): ApiResponse {
  return errorResponse(
    answerContext(target),
    503,
    SYSTEM_ERRORS[503],
    'A backslash is not allowed in the request path',
  );
}
