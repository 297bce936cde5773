/**
 * Answers the proxy gives itself, in the API's own terms: the response envelope
 * (docs/partner-api.md#envelope) with a system error code (docs/partner-api.md#system-errors), HTTP 200 as for every JSON
 * method (docs/partner-api.md#error-rules rule 1); for raw methods (syncfile_get) an HTTP status and
 * a text message (docs/partner-api.md#syncfile_get-errors).
 */
import { z } from 'zod';
import { getMethod } from '../../src/api/registry.ts';
import { RAW_ERROR_STATUS, SYSTEM_ERRORS, type SystemErrorCode } from '../../src/api/system-errors.ts';
import { checkApiTarget } from './target.ts';

/** The envelope's `version` field on answers made by the proxy, not the upstream. */
const PROXY_VERSION = 'proxy';

export interface ProxyEnvelope {
  version: string;
  keyid: string;
  method: string;
  timewait: number;
  error: SystemErrorCode;
  message: string;
  errorinfo: string;
  result: null;
}

export function proxyEnvelope(
  method: string,
  error: SystemErrorCode,
  errorinfo: string,
  startedAt: number,
): ProxyEnvelope {
  return {
    version: PROXY_VERSION,
    keyid: '',
    method,
    timewait: Math.max(0, Math.round(performance.now() - startedAt)),
    error,
    message: SYSTEM_ERRORS[error],
    errorinfo,
    result: null,
  };
}

/**
 * The proxy's answer to an API target the HTTP layer refuses before the app
 * sees it (a backslash in the path, server/http-server.ts): error 503 in the
 * method's usual form, as the proxy answers every target it will not forward.
 */
export function proxyBadRequestAnswer(target: string): {
  status: number;
  headers: Record<string, string>;
  body: string;
} {
  const startedAt = performance.now();
  const { method } = checkApiTarget(target);
  const errorinfo = 'A backslash is not allowed in the request path';
  if (method !== '' && getMethod(method)?.alwaysRaw === true) {
    return {
      status: RAW_ERROR_STATUS[503],
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      body: `${errorinfo}\n`,
    };
  }
  return {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=UTF-8' },
    body: JSON.stringify(proxyEnvelope(method, 503, errorinfo, startedAt)),
  };
}

/**
 * The least an upstream JSON answer must have to be passed on as an envelope
 * (docs/partner-api.md#envelope). Deliberately loose: the client parses the whole envelope and the
 * method's `result`; the proxy only tells an envelope from an HTML error page,
 * a truncated body or something else that is not the API.
 */
const upstreamEnvelopeSchema = z.looseObject({
  version: z.string(),
  method: z.string(),
  error: z.number().int(),
});

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function isEnvelope(body: Uint8Array): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(body));
  } catch {
    return false;
  }
  return upstreamEnvelopeSchema.safeParse(parsed).success;
}

/** The proxy's own envelope as an answer: HTTP 200, as for every JSON method (docs/partner-api.md#error-rules). */
export function envelopeResponse(envelope: ProxyEnvelope, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(envelope), {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store', ...headers },
  });
}
