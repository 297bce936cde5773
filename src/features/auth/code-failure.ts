import { ApiError } from '../../api/errors';

/** Spec §7.3: signin's "the e-mail or password is unknown"; also what a used-up or expired code gets. */
export const WRONG_CODE = 112900;

/**
 * errorinfo wordings that say the code can no longer work (spec §7.1 rule 3:
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
 * A failed signin about the code itself (112900), in the service's own words
 * when it gave a reason ("Wrong one-time password; 3 tries left"), else ours.
 * `pastDeadline`: the countdown to the code's expiry had run out. Null for
 * any other failure (the page's alert shows it).
 */
export function describeCodeFailure(error: unknown, pastDeadline: boolean): CodeFailure | null {
  if (!(error instanceof ApiError) || error.code !== WRONG_CODE) return null;
  const reason = asSentence(error.errorinfo);
  const spent = pastDeadline || USED_UP.test(error.errorinfo);
  if (reason) return { message: spent ? reason : `${reason} Check the code in the latest e-mail.`, spent };
  return spent
    ? { message: 'This code has expired. Send a new code.', spent }
    : { message: 'This code is not right. Check the latest e-mail.', spent };
}
