/**
 * The curl command that repeats a call (docs/partner-api.md#authentication): the key and the signature,
 * the exact request target, the body of a POST. Masked until the user reveals
 * the secrets, so they are in the page only when asked for.
 */

/** What a masked secret looks like. */
export const MASK = '••••••••';

/** Where the partner API's address goes when the server does not say it (the spec's name for it, docs/partner-api.md#requests). */
export const BASE_URL_PLACEHOLDER = '{base_url}';

/** One shell word in single quotes: `'` becomes `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export interface CurlInput {
  /** Where the call goes: the dashboard's origin (the proxy), or the partner API's base_url. */
  origin: string;
  target: string;
  httpMethod: 'GET' | 'POST';
  body?: string;
  /** The content type the dashboard sent the body with. */
  contentType?: string;
  apiKey: string;
  /** The signature sent (apimac); null when the key signs nothing (docs/partner-api.md#signature). */
  signature: string | null;
  /** False: the key and the signature are masked. */
  reveal: boolean;
}

function bodyArgs(input: CurlInput): string[] {
  if (input.httpMethod !== 'POST') return [];
  const args = ['-X POST'];
  if (input.body !== undefined) {
    if (input.contentType) args.push(`-H ${shellQuote(`Content-Type: ${input.contentType}`)}`);
    args.push(`--data-binary ${shellQuote(input.body)}`);
  }
  return args;
}

/**
 * Through this dashboard, as the browser sent it: the proxy takes the key and
 * the signature as X-Apikey and X-Apimac headers (it drops a caller's cookies).
 */
export function proxyCurl(input: CurlInput): string {
  const key = input.reveal ? input.apiKey : MASK;
  const headers = [`-H ${shellQuote(`X-Apikey: ${key}`)}`];
  if (input.signature !== null) {
    headers.push(`-H ${shellQuote(`X-Apimac: ${input.reveal ? input.signature : MASK}`)}`);
  }
  return ['curl', ...headers, ...bodyArgs(input), shellQuote(input.origin + input.target)].join(' ');
}

/** Straight to the partner API: the key and the signature as the apikey and apimac cookies (docs/partner-api.md#keys, docs/partner-api.md#signature). */
export function apiCurl(input: CurlInput): string {
  const key = input.reveal ? input.apiKey : MASK;
  const cookies = [`apikey=${key}`];
  if (input.signature !== null) cookies.push(`apimac=${input.reveal ? input.signature : MASK}`);
  return [
    'curl',
    `-b ${shellQuote(cookies.join('; '))}`,
    ...bodyArgs(input),
    shellQuote(input.origin + input.target),
  ].join(' ');
}

/** How the signature is computed, as a command: HMAC-MD5 of the target with the mac key, lowercase hex (docs/partner-api.md#signature). */
export function signatureCommand(target: string, macKey: string, reveal: boolean): string {
  return `printf '%s' ${shellQuote(target)} | openssl dgst -md5 -hmac ${shellQuote(reveal ? macKey : MASK)}`;
}
