import { isMethodError } from '../../api/error-catalogue';
import { ApiError } from '../../api/errors';
import type { AuthMessages } from './messages';

/**
 * What the service's detail (errorinfo, docs/partner-api.md#error-rules rule 3) says about the code,
 * read for its meaning only: it is in the service's language, and the page
 * says it in the user's, from our catalogue. The sandbox says "Wrong one-time
 * password; 3 tries left", "Too many wrong tries: …", "The one-time password
 * has expired: …" and, once the code is gone, "No pending one-time password
 * for this e-mail: …".
 */
const TRIES_LEFT = /(\d+)\s+tr(?:y|ies)\s+left/i;
const TOO_MANY = /too many|no longer works/i;
const EXPIRED = /expired/i;
const GONE = /no pending/i;

export interface CodeFailure {
  /** What the code field says. */
  message: string;
  /** The code cannot work any more: only a new code helps. */
  spent: boolean;
}

/**
 * A failed signin about the code itself (unknownEmailOrOtp, 112900, in
 * docs/partner-api.md#signin), in our words, with the tries left when the
 * service said how many. `pastDeadline`: the countdown to the code's expiry had
 * run out. Null for any other failure, a rate limit's wait included (the
 * page's alert shows it): never "wrong code" for what is not.
 */
export function describeCodeFailure(error: unknown, pastDeadline: boolean, t: AuthMessages): CodeFailure | null {
  if (!(error instanceof ApiError) || !isMethodError(error, 'signin', 'unknownEmailOrOtp')) return null;
  const info = error.errorinfo;
  if (TOO_MANY.test(info)) return { message: t.codeTooMany, spent: true };
  if (GONE.test(info)) return { message: t.codeGone, spent: true };
  if (pastDeadline || EXPIRED.test(info)) return { message: t.codeExpired, spent: true };
  const left = TRIES_LEFT.exec(info)?.[1];
  return { message: left === undefined ? t.codeWrong : t.codeWrongTries(Number(left)), spent: false };
}
