/** API keys (docs/partner-api.md#key-pair, docs/partner-api.md#key-metadata, docs/partner-api.md#authentication): stored by the hash of the key, never the key itself. */
import { prepared, type Db } from '../db.ts';

export interface KeyRow {
  id: string;
  key_hash: string;
  pub_key: string;
  hmac: string;
  kind: 'app' | 'signin';
  user_id: number | null;
  created: number;
  modified: number;
  expires: number;
  ip: string;
  pid: string;
  deleted: number;
}

export function keyByHash(db: Db, keyHash: string): KeyRow | undefined {
  return prepared(db, 'SELECT * FROM keys WHERE key_hash = ?').get(keyHash) as KeyRow | undefined;
}

export function keyById(db: Db, id: string): KeyRow | undefined {
  return prepared(db, 'SELECT * FROM keys WHERE id = ?').get(id) as KeyRow | undefined;
}

export function insertKey(db: Db, row: KeyRow): void {
  prepared(
    db,
    `INSERT INTO keys (id, key_hash, pub_key, hmac, kind, user_id, created, modified, expires, ip, pid, deleted)
       VALUES (@id, @key_hash, @pub_key, @hmac, @kind, @user_id, @created, @modified, @expires, @ip, @pid, @deleted)`,
  ).run(row);
}

/** docs/partner-api.md#lifecycle signout: "The key can never be used again." */
export function deleteKey(db: Db, id: string, now: number): void {
  prepared(db, 'UPDATE keys SET deleted = 1, modified = ? WHERE id = ?').run(now, id);
}

/** Which keys a control action applies to: one key by its hash, or every signin key of a user. */
export type KeySelector = { keyHash: string } | { userId: number };

function where(selector: KeySelector): { sql: string; param: string | number } {
  return 'keyHash' in selector
    ? { sql: 'key_hash = ?', param: selector.keyHash }
    : { sql: "user_id = ? AND kind = 'signin'", param: selector.userId };
}

/** Makes the selected live keys expire at `at`; how many. */
export function expireKeys(db: Db, selector: KeySelector, at: number): number {
  const w = where(selector);
  return prepared(db, `UPDATE keys SET expires = ? WHERE ${w.sql} AND deleted = 0`).run(at, w.param).changes;
}

/** Binds the selected live keys to a list of addresses ('' unbinds); how many. */
export function bindKeys(db: Db, selector: KeySelector, ip: string): number {
  const w = where(selector);
  return prepared(db, `UPDATE keys SET ip = ? WHERE ${w.sql} AND deleted = 0`).run(ip, w.param).changes;
}

/**
 * Makes the application key with this hash the one live application key:
 * retires any other, revives or creates this one. Its id, when new or legacy,
 * comes from `newId`. Returns nothing; idempotent.
 */
export function ensureAppKeyRow(db: Db, keyHash: string, now: number, newId: () => string, newPub: () => string): void {
  db.transaction(() => {
    // One application key at a time: a changed SANDBOX_APP_KEY retires the previous one.
    prepared(db, "UPDATE keys SET deleted = 1 WHERE kind = 'app' AND key_hash != ? AND deleted = 0").run(keyHash);
    const existing = prepared(db, 'SELECT id FROM keys WHERE key_hash = ?').get(keyHash) as { id: string } | undefined;
    if (existing) {
      prepared(db, 'UPDATE keys SET deleted = 0 WHERE id = ?').run(existing.id);
      // Databases made before the id was random: give the key a random id once, and its children their new pid.
      if (existing.id === `app${keyHash.slice(0, 8)}`) {
        const id = newId();
        prepared(db, 'UPDATE keys SET id = ?, pub_key = ? WHERE id = ?').run(id, newPub(), existing.id);
        prepared(db, 'UPDATE keys SET pid = ? WHERE pid = ?').run(id, existing.id);
      }
      return;
    }
    prepared(
      db,
      `INSERT INTO keys (id, key_hash, pub_key, hmac, kind, user_id, created, modified, expires, ip, pid, deleted)
         VALUES (?, ?, ?, '', 'app', NULL, ?, ?, 0, '', '', 0)`,
    ).run(newId(), keyHash, newPub(), now, now);
  })();
}
