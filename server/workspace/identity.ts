/**
 * Who calls the workspace, proved through the upstream and never taken from
 * the browser: a workspace request carries the dashboard's key (X-Apikey) and
 * its signature of `/api/api_userinfo/` (X-Apimac); the server forwards that
 * call to the upstream, which checks both, and its answer names the account
 * (the user's `id`) and the user's e-mail (docs/partner-api.md#api_userinfo).
 * Proofs are cached briefly (by a hash of key and signature, in this
 * process's memory, bounded); keys, mac keys and signatures are never stored
 * or logged: a key is known by its id, a hash prefix.
 */
import { createHash } from 'node:crypto';
import { upstreamCookie } from '../proxy/credentials.ts';
import { forwardedRequestHeaders, type UpstreamLink } from '../proxy/upstream.ts';
import type { WorkspaceStore } from './store.ts';
import type { KeyIdentity, KeyRecord } from './types.ts';

/** The request target the browser signs for a workspace request. */
const PROOF_TARGET = '/api/api_userinfo/';

/** A key's id as the workspace names it: not the key, and not reversible to it. */
export function keyIdOf(apiKey: string): string {
  return createHash('sha256').update(`workspace key id\0${apiKey}`).digest('hex').slice(0, 16);
}

type Proof =
  { ok: true; key: KeyRecord } | { ok: false; status: 400 | 401 | 403 | 502; error: string; message: string };

export interface IdentityOptions {
  link: UpstreamLink;
  store: WorkspaceStore;
  timeoutMs: number;
  /** How long a proof holds (default 60 s): a key signed out elsewhere is refused at most this late. */
  ttlMs?: number;
  /** Proofs kept at most (default 10,000); the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

export interface IdentityProver {
  prove(apiKey: string | null, mac: string | null, client: string | null, origin: string): Promise<Proof>;
}

export function createIdentityProver(options: IdentityOptions): IdentityProver {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const proven = new Map<string, { key: KeyIdentity; until: number }>();
  const pending = new Map<string, Promise<Proof>>();

  async function ask(apiKey: string, mac: string | null, client: string | null, origin: string): Promise<Proof> {
    const cookie = upstreamCookie(apiKey, mac, 'api_userinfo', undefined);
    if (!cookie.ok) return { ok: false, status: 400, error: 'bad-credentials', message: cookie.reason };
    const headers = forwardedRequestHeaders(new Headers({ accept: 'application/json' }), client);
    if (cookie.cookie !== null) headers.set('cookie', cookie.cookie);
    let body: Uint8Array | null;
    try {
      const answer = await options.link.exchange(
        { target: PROOF_TARGET, origin, method: 'GET', headers, body: null, timeoutMs: options.timeoutMs },
        null,
      );
      body = answer.body;
    } catch {
      return { ok: false, status: 502, error: 'upstream-down', message: 'The partner API could not be reached' };
    }
    const envelope = parseEnvelope(body);
    if (envelope === null) {
      return { ok: false, status: 502, error: 'upstream-garbage', message: 'The partner API answered no envelope' };
    }
    if (envelope.error === 502) {
      return { ok: false, status: 401, error: 'key-refused', message: 'The partner API did not accept the key' };
    }
    if (envelope.error !== 0) {
      const message = `The partner API refused api_userinfo (error ${envelope.error})`;
      return { ok: false, status: 502, error: 'upstream-error', message };
    }
    const user = envelope.result;
    const email = isRecord(user) && typeof user.email === 'string' ? user.email.trim().toLowerCase() : '';
    if (!isRecord(user) || email === '') {
      return { ok: false, status: 403, error: 'no-user', message: 'The key has no user: sign in first' };
    }
    const id = typeof user.id === 'number' || typeof user.id === 'string' ? String(user.id) : '';
    const identity: KeyIdentity = { keyId: keyIdOf(apiKey), accountId: id === '' ? email : id, userEmail: email };
    const key = await options.store.rememberKey(identity, now());
    return { ok: true, key };
  }

  return {
    async prove(apiKey, mac, client, origin) {
      if (apiKey === null || apiKey === '') {
        return { ok: false, status: 401, error: 'no-key', message: 'The workspace needs a signed-in key (X-Apikey)' };
      }
      const cacheKey = createHash('sha256')
        .update(`${apiKey}\0${mac ?? ''}\0${client ?? ''}`)
        .digest('hex');
      const hit = proven.get(cacheKey);
      if (hit !== undefined && hit.until > now()) {
        const record = await options.store.keyOf(hit.key.keyId);
        if (record !== null && record.accountId === hit.key.accountId) return { ok: true, key: record };
      }
      proven.delete(cacheKey);
      // Requests side by side with one key ask the upstream once.
      let asking = pending.get(cacheKey);
      if (asking === undefined) {
        asking = ask(apiKey, mac, client, origin).finally(() => pending.delete(cacheKey));
        pending.set(cacheKey, asking);
      }
      const proof = await asking;
      if (proof.ok) {
        if (proven.size >= maxEntries) proven.delete(proven.keys().next().value ?? '');
        proven.set(cacheKey, { key: proof.key, until: now() + ttlMs });
      }
      return proof;
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const utf8 = new TextDecoder();

/** The envelope's `error` and `result` (docs/partner-api.md#envelope), or null when the answer is none. */
export function parseEnvelope(body: Uint8Array | null): { error: number; result: unknown } | null {
  if (body === null) return null;
  try {
    const parsed: unknown = JSON.parse(utf8.decode(body));
    if (isRecord(parsed) && typeof parsed.error === 'number') return { error: parsed.error, result: parsed.result };
  } catch {
    // Not JSON.
  }
  return null;
}
