import { isMethodError } from '../../api/error-catalogue';
import { ApiError } from '../../api/errors';
import type { AuthMessages } from './messages';

/**
 * errorinfo wordings that say the code can no longer work (docs/partner-api.md#error-rules rule 3:
 * errorinfo holds the detail). The sandbox says "Too many wrong tries: …",
 * "The one-time password has expired: …" and, once the code is gone,
 * "No pending one-time password for this e-mail: …".
 */
const USED_UP = /too many|expired|no longer works|no pending/i;

/** A service text is shown as given, but bounded and as a sentence. */
const MAX_REASON = 200;

export interface CodeFailure {
  /** What the code field says. */
  message: string;
  /** The code cannot work any more: only a new code helps. */
  spent: boolean;
}

function asSentence(text: string): string {
  const t = text.trim().slice(0, MAX_REASON);
  if (!t) return '';
  const first = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/**
 * A failed signin about the code itself (docs/partner-api.md#method-errors unknownEmailOrOtp, 112900),
 * in the service's own words when it gave a reason ("Wrong one-time password;
 * 3 tries left"), else ours. `pastDeadline`: the countdown to the code's expiry
 * had run out. Null for any other failure, a rate limit's wait included (the
 * page's alert shows it): never "wrong code" for what is not.
 */
export function describeCodeFailure(error: unknown, pastDeadline: boolean, t: AuthMessages): CodeFailure | null {
  if (!(error instanceof ApiError) || !isMethodError(error, 'signin', 'unknownEmailOrOtp')) return null;
  const reason = asSentence(error.errorinfo);
  const spent = pastDeadline || USED_UP.test(error.errorinfo);
  if (reason) return { message: spent ? reason : t.codeWrongReason({ reason }), spent };
  return spent ? { message: t.codeExpired, spent } : { message: t.codeWrong, spent };
}
