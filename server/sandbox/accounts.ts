/** Accounts and keys as the spec describes them (docs/partner-api.md#key-pair, docs/partner-api.md#key-metadata, docs/partner-api.md#authentication), over the store. */
import { createHash, createHmac } from 'node:crypto';
import { hashKey } from './key-hash.ts';
import { randomHex, type SandboxState } from './state.ts';
import { ensureAppKeyRow, insertKey, type KeyRow } from './store/keys.ts';
import { emailOfUser, insertUser, type UserRow } from './store/users.ts';

/** Plan defaults for new accounts; the control surface can change them per account. */
const DEFAULT_SITE_LIMIT = 1000;
export const ALL_FEATURES = 'autocleanup,autopatching';

export function createUser(
  state: SandboxState,
  email: string,
  opts: { regdate?: number; siteLimit?: number; features?: string } = {},
): UserRow {
  return insertUser(state.db, {
    email,
    login: email,
    regdate: opts.regdate ?? state.now(),
    site_limit: opts.siteLimit ?? DEFAULT_SITE_LIMIT,
    features: opts.features ?? ALL_FEATURES,
    syncfile_name: `sss-${randomHex(8)}.php`,
    syncfile_token: randomHex(16),
    // New accounts and the demo: a postpaid subscription (the control surface's `plan` changes it).
    postpaid: 1,
    subscription: 1,
  });
}

export interface IssuedKey {
  row: KeyRow;
  key: string;
}

/** A key pair made by signin (docs/partner-api.md#key-pair, docs/partner-api.md#key-metadata); the private key itself is not stored, only its hash. */
export function issueSigninKey(state: SandboxState, user: UserRow, parent: KeyRow): IssuedKey {
  const now = state.now();
  const key = randomHex(24);
  const row: KeyRow = {
    id: `k${randomHex(8)}`,
    key_hash: hashKey(key),
    pub_key: createHash('sha256').update(`public:${key}`).digest('hex').slice(0, 48),
    hmac: randomHex(24),
    kind: 'signin',
    user_id: user.id,
    created: now,
    modified: now,
    expires: now + state.config.keyDays * 86400,
    ip: '',
    pid: parent.id,
    deleted: 0,
  };
  insertKey(state.db, row);
  return { row, key };
}

/**
 * The application key: no signature, signup/signin/api_* only (docs/partner-api.md#signature, docs/partner-api.md#keys).
 * Its id is the keyid of every answer to it, so it is random, never derived
 * from the key (an unsalted hash would let anyone test guesses of the key).
 * Idempotent: the row is found by the key's hash on every start.
 */
export function ensureAppKey(state: SandboxState): void {
  ensureAppKeyRow(
    state.db,
    hashKey(state.config.appKey),
    state.now(),
    () => `app${randomHex(8)}`,
    () => randomHex(24),
  );
}

/** Key metadata as signin's keydata and api_keyinfo report it (docs/partner-api.md#key-metadata). */
export function keyData(state: SandboxState, key: KeyRow) {
  return {
    id: key.id,
    owner: key.user_id === null ? 'sandbox' : String(key.user_id),
    created: key.created,
    modified: key.modified,
    expires: key.expires,
    uid: key.user_id === null ? '' : (emailOfUser(state.db, key.user_id) ?? ''),
    ip: key.ip,
    pid: key.pid,
  };
}

/** api_keyinfo's answer, and signout's (docs/partner-api.md#signout, docs/partner-api.md#api_keyinfo): keydata plus the key's type. */
export function keyInfo(state: SandboxState, key: KeyRow) {
  return { ...keyData(state, key), type: key.kind };
}

/** The public half stored on the server (docs/partner-api.md#key-pair). */
export function publicKey(key: KeyRow) {
  return {
    id: key.id,
    key: key.pub_key,
    hmac: createHmac('sha256', key.pub_key).update(key.hmac).digest('hex').slice(0, 48),
  };
}
