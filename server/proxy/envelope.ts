/**
 * Answers the proxy gives itself, in the API's own terms: the response envelope
 * (spec §2.1) with a system error code (spec §7.2), HTTP 200 as for every JSON
 * method (spec §7.1 rule 1); for raw methods (syncfile_get) an HTTP status and
 * a text message (spec §7.4).
 */
import { z } from 'zod';
import { SYSTEM_ERRORS, type SystemErrorCode } from '../../src/api/registry.ts';

/** The envelope's `version` field on answers made by the proxy, not the upstream. */
export const PROXY_VERSION = 'proxy';

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

export function proxyEnvelope(method: string, error: SystemErrorCode, errorinfo: string, startedAt: number): ProxyEnvelope {
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
 * HTTP statuses for raw methods, whose errors are HTTP statuses (spec §7.4).
 * The same as the sandbox's, except 500: here the service behind the proxy is
 * unavailable, which HTTP calls a bad gateway.
 */
const RAW_STATUS: Record<SystemErrorCode, number> = {
  500: 502,
  501: 500,
  502: 401,
  503: 400,
  504: 404,
  505: 403,
};

export function rawErrorStatus(error: SystemErrorCode): number {
  return RAW_STATUS[error];
}

/**
 * The least an upstream JSON answer must have to be passed on as an envelope
 * (spec §2.1). Deliberately loose: the client parses the whole envelope and the
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
