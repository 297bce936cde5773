import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { createUser, findUserByEmail, issueSigninKey, keyData, keyInfo, publicKey } from '../accounts.ts';
import type { Call } from '../call.ts';
import { emailAt, requireUser } from '../call.ts';
import { FailAfterCommit, MethodError } from '../errors.ts';
import { sendMail } from '../outbox.ts';
import type { SandboxState, UserRow } from '../state.ts';
import { prepared } from '../db.ts';

export const OTP_LENGTH = 6;
export const OTP_MAX_TRIES = 5;
/** spec §8: the dashboard URL lives 24 hours. */
export const DASHBOARD_TTL = 24 * 3600;

interface OtpRow {
  id: number;
  email: string;
  code: string;
  expires_at: number;
  tries: number;
  used: number;
}

/**
 * Registration is refused for addresses under the reserved .invalid top-level
 * domain (RFC 2606), so 111901 can be met on purpose.
 */
function registrationAllowed(email: string): boolean {
  return !email.endsWith('.invalid');
}

function userObject(user: UserRow | undefined, email: string) {
  // spec §2.2: regdate only for existing users.
  return user ? { login: user.login, email: user.email, regdate: user.regdate } : { login: email, email };
}

/** spec §4.1 signup: send a one-time password. */
export function signup(call: Call) {
  const { state, now } = call;
  const email = emailAt(call, 0);
  const user = findUserByEmail(state, email);
  if (!user && !registrationAllowed(email)) {
    throw new MethodError(
      'signup',
      'registrationNotAllowed',
      'New accounts cannot be registered with this e-mail address',
    );
  }
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const expiresAt = now + state.config.otpSeconds;
  // A new code replaces every earlier one for the address.
  prepared(state.db, 'UPDATE otps SET used = 1 WHERE email = ? AND used = 0').run(email);
  prepared(state.db, 'INSERT INTO otps (email, code, created, expires_at) VALUES (?, ?, ?, ?)').run(
    email,
    code,
    now,
    expiresAt,
  );
  sendMail(
    state,
    email,
    `Your one-time password: ${code}`,
    `Your one-time password is ${code}. It expires in ${Math.round(state.config.otpSeconds / 60)} minutes.\n` +
      `If you did not ask for it, ignore this e-mail.`,
    code,
  );
  return {
    user: userObject(user, email),
    otp: { length: OTP_LENGTH, expires_in: state.config.otpSeconds, expires_at: expiresAt },
  };
}

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** spec §4.1 signin: check the password, create the user on first success, issue keys. */
export function signin(call: Call) {
  const { state, now } = call;
  const email = emailAt(call, 0);
  const code = call.path[1] ?? '';
  const otp = prepared(state.db, 'SELECT * FROM otps WHERE email = ? AND used = 0 ORDER BY id DESC LIMIT 1').get(
    email,
  ) as OtpRow | undefined;
  if (!otp)
    throw new MethodError(
      'signin',
      'unknownEmailOrOtp',
      'No pending one-time password for this e-mail: ask for a new one (signup)',
    );
  if (otp.expires_at <= now) {
    prepared(state.db, 'UPDATE otps SET used = 1 WHERE id = ?').run(otp.id);
    return new FailAfterCommit(
      new MethodError('signin', 'unknownEmailOrOtp', 'The one-time password has expired: ask for a new one'),
    );
  }
  if (!sameCode(otp.code, code)) {
    const tries = otp.tries + 1;
    const left = OTP_MAX_TRIES - tries;
    prepared(state.db, 'UPDATE otps SET tries = ?, used = ? WHERE id = ?').run(tries, left <= 0 ? 1 : 0, otp.id);
    return new FailAfterCommit(
      new MethodError(
        'signin',
        'unknownEmailOrOtp',
        left <= 0
          ? 'Too many wrong tries: this one-time password no longer works; ask for a new one'
          : `Wrong one-time password; ${left} ${left === 1 ? 'try' : 'tries'} left`,
      ),
    );
  }
  prepared(state.db, 'UPDATE otps SET used = 1 WHERE id = ?').run(otp.id);

  let user = findUserByEmail(state, email);
  const existing = user !== undefined;
  if (!user) {
    const isUnit = prepared(state.db, 'SELECT 1 FROM units WHERE email = ? LIMIT 1').get(email);
    if (isUnit) {
      throw new MethodError(
        'signin',
        'incompatibleAccount',
        'This e-mail belongs to an end customer (unit), not to a partner account',
      );
    }
    if (!registrationAllowed(email))
      throw new MethodError('signin', 'userNotCreated', 'Registration is not allowed for this address');
    user = createUser(state, email);
    sendMail(
      state,
      email,
      'Welcome to Site Security',
      `Your partner account is ready.\nLogin: ${user.login}\n` +
        `To set a password for the web dashboard, use "Forgot password" on the sign-in page with this e-mail.`,
    );
  }
  const issued = issueSigninKey(state, user, call.key);
  return {
    user: userObject(existing ? user : undefined, email),
    syncfile: { filename: user.syncfile_name, download: `${call.origin}/sandbox/syncfile/${user.syncfile_token}` },
    publickey: publicKey(issued.row),
    privatekey: { id: issued.row.id, key: issued.key, hmac: issued.row.hmac },
    keydata: keyData(state, issued.row),
  };
}

/** spec §4.1 signout: only keys made by signin can be deleted (113900 otherwise). */
export function signout(call: Call) {
  const { state, key } = call;
  if (key.kind !== 'signin') throw new MethodError('signout', 'dbError', 'Only keys created by signin can be deleted');
  prepared(state.db, 'UPDATE keys SET deleted = 1, modified = ? WHERE id = ?').run(call.now, key.id);
  // spec §4.1: "the key metadata object as in api_keyinfo".
  return keyInfo(state, { ...key, modified: call.now });
}

function signToken(state: SandboxState, payload: string): string {
  return createHmac('sha256', state.secret).update(payload).digest('base64url');
}

/** spec §4.1 dashboard: a URL that logs the user in, valid 24 hours. */
export function dashboard(call: Call) {
  const user = requireUser(call);
  const payload = Buffer.from(JSON.stringify({ u: user.id, e: call.now + DASHBOARD_TTL })).toString('base64url');
  return `${call.origin}/sandbox/dashboard?token=${payload}.${signToken(call.state, payload)}`;
}

/** Check a dashboard token: the user it names, or why it is refused. */
export function verifyDashboardToken(
  state: SandboxState,
  token: string,
): { user: UserRow; expires: number } | { refused: 'forged' | 'expired' } {
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
  if (typeof data !== 'object' || data === null || !('u' in data) || !('e' in data)) return { refused: 'forged' };
  const { u, e } = data;
  if (typeof u !== 'number' || typeof e !== 'number') return { refused: 'forged' };
  if (e <= state.now()) return { refused: 'expired' };
  const user = prepared(state.db, 'SELECT * FROM users WHERE id = ?').get(u) as UserRow | undefined;
  return user ? { user, expires: e } : { refused: 'forged' };
}
