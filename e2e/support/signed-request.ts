import { createHmac } from 'node:crypto';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import type { E2eSession } from './session.ts';

/**
 * A call signed as the dashboard signs it (docs/partner-api.md#authentication: lowercase hex HMAC-MD5 of
 * the request target with the mac key), sent through the proxy with the
 * X-Apikey and X-Apimac headers: for setting up and checking a test's own
 * account without driving the page.
 */
export function signedCall(
  request: APIRequestContext,
  session: E2eSession,
  target: string,
  body?: unknown,
): Promise<APIResponse> {
  const headers = {
    'X-Apikey': session.apiKey,
    'X-Apimac': createHmac('md5', session.macKey).update(target).digest('hex'),
  };
  return body === undefined
    ? request.get(target, { headers })
    : request.post(target, { headers: { ...headers, 'Content-Type': 'application/json; charset=UTF-8' }, data: body });
}

/** The envelope's result of a signed call that must succeed (docs/partner-api.md#envelope). */
export async function signedResult(
  request: APIRequestContext,
  session: E2eSession,
  target: string,
  body?: unknown,
): Promise<unknown> {
  const res = await signedCall(request, session, target, body);
  const envelope: unknown = await res.json();
  if (typeof envelope !== 'object' || envelope === null || !('error' in envelope) || envelope.error !== 0) {
    throw new Error(`${target} failed: ${JSON.stringify(envelope)}`);
  }
  return 'result' in envelope ? envelope.result : undefined;
}
