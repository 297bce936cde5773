/**
 * The signature (docs/partner-api.md#signature): the DS is the lowercase hex HMAC-MD5 of the
 * whole request target, keyed by the mac key. WebCrypto has no MD5, hence
 * @noble/hashes (audited, tree-shakeable; md5 lives in legacy.js). The
 * transport imports this module on its first signed call (./target.ts says why).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export { buildTarget, type QueryValue } from './target.ts';

/** HMAC-MD5 over raw bytes, lowercase hex (RFC 2104; vectors in RFC 2202). */
export function hmacMd5HexBytes(key: Uint8Array, message: Uint8Array): string {
  return bytesToHex(hmac(md5, key, message));
}

/** HMAC-MD5 of a UTF-8 message under a UTF-8 key, lowercase hex (docs/partner-api.md#signature; the published text does not say how it is written). */
export function hmacMd5Hex(key: string, message: string): string {
  return hmacMd5HexBytes(utf8ToBytes(key), utf8ToBytes(message));
}
