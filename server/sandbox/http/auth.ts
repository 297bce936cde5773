/** Who is calling (docs/partner-api.md#authentication): the apikey cookie, then the key's expiry, IP binding and signature. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SystemError } from '../errors.ts';
import { hashKey } from '../key-hash.ts';
import type { SandboxState } from '../state.ts';
import { keyByHash, type KeyRow } from '../store/keys.ts';

/** The cookies of a request; the first of a repeated name wins. */
export function parseCookies(header: string | null): Map<string, string> {
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

/** docs/partner-api.md#keys: the key named by the apikey cookie (502 when there is none, or it is unknown or deleted). */
export function identifyKey(state: SandboxState, cookies: Map<string, string>): KeyRow {
  const apikey = cookies.get('apikey');
  if (!apikey) {
    throw new SystemError(
      502,
      'No API key: send the apikey cookie (for signup and signin, the application key printed when the sandbox started)',
    );
  }
  const key = keyByHash(state.db, hashKey(apikey));
  if (!key || key.deleted) throw new SystemError(502, 'Unknown or deleted API key');
  return key;
}

/** What authorize needs of the request. */
export interface Caller {
  /** The request target exactly as received (the signature covers it, docs/partner-api.md#signature). */
  target: string;
  /** The client's address (docs/partner-api.md#keys). */
  ip: string;
  cookies: Map<string, string>;
}

/** docs/partner-api.md#authentication: expiry, IP binding and signature of an identified key (502). */
export function authorize(state: SandboxState, caller: Caller, key: KeyRow): void {
  if (key.expires !== 0 && key.expires <= state.now()) throw new SystemError(502, 'The API key has expired');
  if (key.ip.trim() !== '') {
    const allowed = key.ip.split(/[\s,;]+/).filter(Boolean);
    if (!allowed.includes(caller.ip)) throw new SystemError(502, 'The API key cannot be used from this IP address');
  }
  const apimac = caller.cookies.get('apimac');
  if (apimac) {
    checkSignature(caller.target, key.hmac, apimac.toLowerCase());
  } else if (key.kind === 'signin' && state.config.signinDs === 'required') {
    throw new SystemError(502, 'This key requires a signature: send the apimac cookie');
  }
}

function hmacMd5(hmacKey: string, target: string): string {
  return createHmac('md5', hmacKey).update(target, 'utf8').digest('hex');
}

/** docs/partner-api.md#signature: lowercase hex HMAC-MD5 of the target as received. */
function checkSignature(target: string, hmacKey: string, given: string): void {
  const got = Buffer.from(given, 'utf8');
  const want = Buffer.from(hmacMd5(hmacKey, target), 'utf8');
  if (got.length === want.length && timingSafeEqual(got, want)) return;
  // A client that signs a target with raw UTF-8 can never match: say what to do instead.
  throw new SystemError(
    502,
    signedUnencoded(target, hmacKey, given)
      ? 'The signature does not match: the request target has characters that are not percent-encoded; percent-encode them (UTF-8) and sign the encoded target'
      : 'The signature (apimac) does not match the request',
  );
}

/** Bytes a client must percent-encode before signing: anything outside printable ASCII (docs/partner-api.md#signature). */
const UNENCODED = /[^\x20-\x7e]/;

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
