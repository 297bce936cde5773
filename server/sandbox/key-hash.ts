import { createHash } from 'node:crypto';

/**
 * What the sandbox stores of a key: its SHA-256, so the database never holds a
 * key that works (docs/partner-api.md#key-pair: the private key "is not stored on the server").
 */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
