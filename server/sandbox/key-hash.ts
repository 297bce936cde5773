import { createHash } from 'node:crypto';

/**
 * What the sandbox stores of a key: its SHA-256, so the database never holds a
 * key that works (spec §2.5: the private key "is not stored on the server").
 */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
