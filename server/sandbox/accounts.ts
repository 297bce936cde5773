import { createHash, createHmac } from 'node:crypto';
import { hashKey } from './api.ts';
import type { KeyRow, SandboxState, UserRow } from './state.ts';
import { randomHex } from './state.ts';
import { prepared } from './db.ts';

/** Plan defaults for new accounts; the control surface can change them per account. */
export const DEFAULT_SITE_LIMIT = 1000;
export const ALL_FEATURES = 'autocleanup,autopatching';

export function findUserByEmail(state: SandboxState, email: string): UserRow | undefined {
  return prepared(state.db, 'SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined;
}

export function createUser(
  state: SandboxState,
  email: string,
  opts: { regdate?: number; siteLimit?: number; features?: string } = {},
): UserRow {
  const token = randomHex(16);
  const info = prepared(
    state.db,
    `INSERT INTO users (email, login, regdate, site_limit, features, syncfile_name, syncfile_token)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    email,
    email,
    opts.regdate ?? state.now(),
    opts.siteLimit ?? DEFAULT_SITE_LIMIT,
    opts.features ?? ALL_FEATURES,
    `sss-${randomHex(8)}.php`,
    token,
  );
  return prepared(state.db, 'SELECT * FROM users WHERE id = ?').get(info.lastInsertRowid) as UserRow;
}

export interface IssuedKey {
  row: KeyRow;
  key: string;
}

/** A key pair made by signin (spec §2.5, §2.6); the private key itself is not stored, only its hash. */
export function issueSigninKey(state: SandboxState, user: UserRow, parent: KeyRow): IssuedKey {
  const now = state.now();
  const key = randomHex(24);
  const hmac = randomHex(24);
  const id = `k${randomHex(8)}`;
  const row: KeyRow = {
    id,
    key_hash: hashKey(key),
    pub_key: createHash('sha256').update(`public:${key}`).digest('hex').slice(0, 48),
    hmac,
    kind: 'signin',
    user_id: user.id,
    created: now,
    modified: now,
    expires: now + state.config.keyDays * 86400,
    ip: '',
    pid: parent.id,
    deleted: 0,
  };
  prepared(
    state.db,
    `INSERT INTO keys (id, key_hash, pub_key, hmac, kind, user_id, created, modified, expires, ip, pid, deleted)
       VALUES (@id, @key_hash, @pub_key, @hmac, @kind, @user_id, @created, @modified, @expires, @ip, @pid, @deleted)`,
  ).run(row);
  return { row, key };
}

/**
 * The application key: no signature, signup/signin/api_* only (spec §5.6, §5.10).
 * Its id is the keyid of every answer to it, so it is random, never derived
 * from the key (an unsalted hash would let anyone test guesses of the key).
 * Idempotent: the row is found by the key's hash on every start.
 */
export function ensureAppKey(state: SandboxState): void {
  const hash = hashKey(state.config.appKey);
  state.db.transaction(() => {
    // One application key at a time: a changed SANDBOX_APP_KEY retires the previous one.
    prepared(state.db, "UPDATE keys SET deleted = 1 WHERE kind = 'app' AND key_hash != ? AND deleted = 0").run(hash);
    const existing = prepared(state.db, 'SELECT id FROM keys WHERE key_hash = ?').get(hash) as
      { id: string } | undefined;
    if (existing) {
      prepared(state.db, 'UPDATE keys SET deleted = 0 WHERE id = ?').run(existing.id);
      // Databases made before the id was random: give the key a random id once, and its children their new pid.
      if (existing.id === `app${hash.slice(0, 8)}`) {
        const id = newAppKeyId();
        prepared(state.db, 'UPDATE keys SET id = ?, pub_key = ? WHERE id = ?').run(id, randomHex(24), existing.id);
        prepared(state.db, 'UPDATE keys SET pid = ? WHERE pid = ?').run(id, existing.id);
      }
      return;
    }
    const now = state.now();
    prepared(
      state.db,
      `INSERT INTO keys (id, key_hash, pub_key, hmac, kind, user_id, created, modified, expires, ip, pid, deleted)
         VALUES (?, ?, ?, '', 'app', NULL, ?, ?, 0, '', '', 0)`,
    ).run(newAppKeyId(), hash, randomHex(24), now, now);
  })();
}

function newAppKeyId(): string {
  return `app${randomHex(8)}`;
}

/** Key metadata as signin's keydata and api_keyinfo report it (spec §2.6). */
export function keyData(state: SandboxState, key: KeyRow) {
  const user =
    key.user_id === null
      ? undefined
      : (prepared(state.db, 'SELECT email FROM users WHERE id = ?').get(key.user_id) as { email: string } | undefined);
  return {
    id: key.id,
    owner: key.user_id === null ? 'sandbox' : String(key.user_id),
    created: key.created,
    modified: key.modified,
    expires: key.expires,
    uid: user?.email ?? '',
    ip: key.ip,
    pid: key.pid,
  };
}

/** api_keyinfo's answer, and signout's (spec §4.1, §4.6): keydata plus the key's type. */
export function keyInfo(state: SandboxState, key: KeyRow) {
  return { ...keyData(state, key), type: key.kind };
}

/** The public half stored on the server (spec §2.5). */
export function publicKey(key: KeyRow) {
  return {
    id: key.id,
    key: key.pub_key,
    hmac: createHmac('sha256', key.pub_key).update(key.hmac).digest('hex').slice(0, 48),
  };
}
