/**
 * docs/partner-api.md#dashboard: a URL that logs the user in, valid 24 hours (docs/partner-api.md#limits).
 * The token names the key that made it, so signing that key out ends the link.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { requireUser, type Call } from '../call.ts';
import type { SandboxState } from '../state.ts';
import { keyById } from '../store/keys.ts';
import { getUser, type UserRow } from '../store/users.ts';

/** docs/partner-api.md#limits: the dashboard URL lives 24 hours. */
const DASHBOARD_TTL = 24 * 3600;

function signToken(state: SandboxState, payload: string): string {
  return createHmac('sha256', state.secret).update(payload).digest('base64url');
}

export function dashboard(call: Call<'dashboard'>) {
  const user = requireUser(call);
  const data = { u: user.id, k: call.key.id, e: call.now + DASHBOARD_TTL };
  const payload = Buffer.from(JSON.stringify(data)).toString('base64url');
  return `${call.origin}/sandbox/dashboard?token=${payload}.${signToken(call.state, payload)}`;
}

export type DashboardVerdict = { user: UserRow; expires: number } | { refused: 'forged' | 'expired' | 'signed-out' };

/** Check a dashboard token: the user it names, or why it is refused. */
export function verifyDashboardToken(state: SandboxState, token: string): DashboardVerdict {
  // Exactly payload.signature: anything appended is not a token this sandbox made.
  const parts = token.split('.');
  if (parts.length !== 2) return { refused: 'forged' };
  const [payload, sig] = parts;
  if (!payload || !sig) return { refused: 'forged' };
  const want = Buffer.from(signToken(state, payload));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return { refused: 'forged' };
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { refused: 'forged' };
  }
  if (typeof data !== 'object' || data === null || !('u' in data) || !('k' in data) || !('e' in data)) {
    return { refused: 'forged' };
  }
  const { u, k, e } = data;
  if (typeof u !== 'number' || typeof k !== 'string' || typeof e !== 'number') return { refused: 'forged' };
  if (e <= state.now()) return { refused: 'expired' };
  const key = keyById(state.db, k);
  if (!key || key.user_id !== u) return { refused: 'forged' };
  if (key.deleted) return { refused: 'signed-out' };
  const user = getUser(state.db, u);
  return user ? { user, expires: e } : { refused: 'forged' };
}
