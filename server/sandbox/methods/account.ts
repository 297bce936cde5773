/** Authorization by e-mail (docs/partner-api.md#authorization-methods): signup, signin, signout. */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { createUser, issueSigninKey, keyData, keyInfo, publicKey } from '../accounts.ts';
import { emailAt, type Call } from '../call.ts';
import { FailAfterCommit } from '../errors.ts';
import { sendMail } from '../outbox.ts';
import { deleteKey } from '../store/keys.ts';
import { pendingOtp, recordWrongTry, replaceOtp, spendOtp } from '../store/otps.ts';
import { isUnitEmail } from '../store/units.ts';
import { findUserByEmail, type UserRow } from '../store/users.ts';

const OTP_LENGTH = 6;
const OTP_MAX_TRIES = 5;

/**
 * Registration is refused for addresses under the reserved .invalid top-level
 * domain (RFC 2606), so 111901 can be met on purpose.
 */
function registrationAllowed(email: string): boolean {
  return !email.endsWith('.invalid');
}

function userObject(user: UserRow | undefined, email: string) {
  // docs/partner-api.md#user: regdate only for existing users.
  return user ? { login: user.login, email: user.email, regdate: user.regdate } : { login: email, email };
}

/**
 * docs/partner-api.md#signup: send a one-time password (rate-limited per e-mail and per
 * address; the sandbox's one-step demo sign-in neither meets nor counts the limits).
 */
export function signup(call: Call<'signup'>) {
  const { state, now } = call;
  const email = emailAt(call, 0);
  const limited = !call.demoSession;
  if (limited) state.limits.checkCodeRequest(email, call.ip, now);
  const user = findUserByEmail(state.db, email);
  if (!user && !registrationAllowed(email)) {
    throw call.fail('registrationNotAllowed', 'New accounts cannot be registered with this e-mail address');
  }
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const expiresAt = now + state.config.otpSeconds;
  replaceOtp(state.db, email, code, now, expiresAt);
  sendMail(
    state,
    email,
    `Your one-time password: ${code}`,
    `Your one-time password is ${code}. It expires in ${Math.round(state.config.otpSeconds / 60)} minutes.\n` +
      `If you did not ask for it, ignore this e-mail.`,
    code,
  );
  if (limited) state.limits.recordCodeRequest(email, call.ip, now);
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

/** docs/partner-api.md#signin: check the password, create the user on first success, issue keys. */
export function signin(call: Call<'signin'>) {
  const { state, now } = call;
  const { db } = state;
  const email = emailAt(call, 0);
  const code = call.path[1] ?? '';
  // The demo sign-in takes its code from the outbox: it never guesses, and wrong guesses by others do not stop it.
  const limited = !call.demoSession;
  const otp = pendingOtp(db, email);
  // Wrong codes count against the pending code (and the address), so strangers' guesses
  // can spend a code but never stop the next one. Before the code is compared: once too
  // many were wrong, a right one is refused too.
  const codeKey = otp ? `${email}#${otp.id}` : email;
  if (limited) state.limits.checkSignin(codeKey, call.ip, now);
  if (!otp) {
    throw call.fail('unknownEmailOrOtp', 'No pending one-time password for this e-mail: ask for a new one (signup)');
  }
  if (otp.expires_at <= now) {
    spendOtp(db, otp.id);
    return new FailAfterCommit(call.fail('unknownEmailOrOtp', 'The one-time password has expired: ask for a new one'));
  }
  if (!sameCode(otp.code, code)) {
    const tries = otp.tries + 1;
    const left = OTP_MAX_TRIES - tries;
    recordWrongTry(db, otp.id, tries, left <= 0);
    if (limited) state.limits.recordWrongCode(codeKey, call.ip, now);
    return new FailAfterCommit(
      call.fail(
        'unknownEmailOrOtp',
        left <= 0
          ? 'Too many wrong tries: this one-time password no longer works; ask for a new one'
          : `Wrong one-time password; ${left} ${left === 1 ? 'try' : 'tries'} left`,
      ),
    );
  }
  spendOtp(db, otp.id);

  let user = findUserByEmail(db, email);
  const existing = user !== undefined;
  if (!user) {
    if (isUnitEmail(db, email)) {
      throw call.fail('incompatibleAccount', 'This e-mail belongs to an end customer (unit), not to a partner account');
    }
    if (!registrationAllowed(email)) throw call.fail('userNotCreated', 'Registration is not allowed for this address');
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

/** docs/partner-api.md#signout: only keys made by signin can be deleted (113900 otherwise). */
export function signout(call: Call<'signout'>) {
  const { state, key } = call;
  if (key.kind !== 'signin') throw call.fail('dbError', 'Only keys created by signin can be deleted');
  deleteKey(state.db, key.id, call.now);
  // docs/partner-api.md#signin: "the key metadata object as in api_keyinfo".
  return keyInfo(state, { ...key, modified: call.now });
}
