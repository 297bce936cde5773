/**
 * Limits on the sign-in code flow (README "Security"). The proxy lends the
 * partner's application key to anonymous browsers for `signup` and `signin`
 * (./credentials.ts), so it also answers for how that key is used: one-time
 * codes must not be guessable by a script that repeats "signup, then five wrong
 * codes", nor may one address request codes for any number of e-mails.
 *
 * The limits are far above what a person does and far below what a script
 * needs. They are kept in this process's memory (README "Security": several
 * copies behind a load balancer each count on their own).
 */
import { isIP } from 'node:net';
import { errorCode } from '../../src/api/registry.ts';
import { PendingCodes } from './pending-codes.ts';
import { SlidingWindow, type Limit } from './sliding-window.ts';

export type { Limit } from './sliding-window.ts';

export interface LoginLimits {
  /** signup calls (codes sent) per e-mail address. */
  codesPerEmail: Limit;
  /**
   * Wrong codes (signin answered 112900) against one pending code of an e-mail
   * address; past it that code is refused, and a fresh code starts a new count.
   */
  wrongCodesPerCode: number;
  /** signup calls per client address (an IPv6 address counts by its /64). */
  codesPerAddress: Limit;
  /** signin answers 112900 per client address. */
  wrongCodesPerAddress: Limit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  codesPerEmail: { count: 5, windowMs: 15 * MINUTE },
  wrongCodesPerCode: 5,
  codesPerAddress: { count: 30, windowMs: HOUR },
  wrongCodesPerAddress: { count: 60, windowMs: HOUR },
};

/** signin's "The e-mail or password is unknown" (docs/partner-api.md#method-errors, 112900): a wrong code. */
export const WRONG_CODE = errorCode('signin', 'unknownEmailOrOtp');

export interface Refusal {
  /** Whole seconds until a retry can succeed (the Retry-After header); none when a new code is what it takes. */
  retryAfter?: number;
  /** What the user reads: what happened and when to try again. */
  errorinfo: string;
}

/**
 * An admitted call; `settle` is told the answer (null when none came). The
 * proxy waits for it before the answer goes out, so a signin sent right after a
 * signup's answer finds its code pending (the shared gate writes it to a store).
 */
export interface Admitted {
  settle(answer: Uint8Array | null): void | Promise<void>;
}

export type Admission = { ok: true; admitted: Admitted } | { ok: false; refusal: Refusal };

export interface LoginGate {
  /**
   * Admits or refuses a signup or signin that is to carry the application key.
   * @param target the request target (`/api/signup/<email>/...`)
   * @param address the client address as TRUSTED_PROXIES resolves it, or null
   */
  admit(method: 'signup' | 'signin', target: string, address: string | null): Admission | Promise<Admission>;
}

/** What a refused caller reads, by the limit that refused (shared with ../workspace/shared-login-gate.ts). */
export const REFUSALS = {
  codesPerEmail: 'Too many sign-in codes requested for this e-mail address.',
  codesPerAddress: 'Too many sign-in codes requested from your network address.',
  wrongCodesPerAddress: 'Too many wrong sign-in codes from your network address.',
  noPendingCode: 'No sign-in code is pending for this e-mail address. Request a new code.',
  wrongCodesPerCode: 'Too many wrong tries for this sign-in code. Request a new code.',
} as const;

export function createLoginGate(limits: LoginLimits = DEFAULT_LOGIN_LIMITS, now: () => number = Date.now): LoginGate {
  const codesPerEmail = new SlidingWindow(limits.codesPerEmail, now);
  const codesPerAddress = new SlidingWindow(limits.codesPerAddress, now);
  const wrongPerAddress = new SlidingWindow(limits.wrongCodesPerAddress, now);
  const pendingCodes = new PendingCodes(now);

  return {
    admit(method, target, address) {
      const email = emailKey(target);
      const client = addressKey(address);
      if (method === 'signup') {
        const refusal = firstRefusal([
          [codesPerEmail.waitMs(email), REFUSALS.codesPerEmail],
          [codesPerAddress.waitMs(client), REFUSALS.codesPerAddress],
        ]);
        if (refusal !== null) return { ok: false, refusal };
        codesPerEmail.count(email);
        codesPerAddress.count(client);
        return {
          ok: true,
          admitted: {
            settle(answer) {
              // A code is pending once the service says it sent one.
              const sent = answer === null ? null : envelopeOf(answer);
              if (sent?.error === 0) pendingCodes.sent(email, sent.expiresIn);
            },
          },
        };
      }
      const refusal = firstRefusal([[wrongPerAddress.waitMs(client), REFUSALS.wrongCodesPerAddress]]);
      if (refusal !== null) return { ok: false, refusal };
      // Nothing to guess without a pending code: refused, and counted nowhere, so
      // strangers' calls cannot use up anyone's tries.
      const code = pendingCodes.pending(email);
      if (code === null) {
        return {
          ok: false,
          refusal: { errorinfo: REFUSALS.noPendingCode },
        };
      }
      if (code.wrong >= limits.wrongCodesPerCode) {
        return { ok: false, refusal: { errorinfo: REFUSALS.wrongCodesPerCode } };
      }
      // Counted as wrong until the answer says otherwise: calls sent side by side
      // must not all pass a check that none of their answers has reached yet.
      code.wrong += 1;
      const atAddress = wrongPerAddress.count(client);
      return {
        ok: true,
        admitted: {
          settle(answer) {
            // Only an answer that says "not a wrong code" takes it back. No answer (the
            // upstream failed or timed out) or no envelope: the code may have been tried.
            const error = answer === null ? null : (envelopeOf(answer)?.error ?? null);
            if (error === null || error === WRONG_CODE) return;
            code.wrong -= 1;
            wrongPerAddress.forget(client, atAddress);
            if (error === 0) pendingCodes.used(email, code.id);
          },
        },
      };
    },
  };
}

/** The refusal with the longest wait (a retry before it would be refused again), or null. */
export function firstRefusal(waits: Array<[number, string]>): Refusal | null {
  let worst: [number, string] | null = null;
  for (const wait of waits) if (wait[0] > 0 && (worst === null || wait[0] > worst[0])) worst = wait;
  if (worst === null) return null;
  const seconds = Math.max(1, Math.ceil(worst[0] / 1000));
  return { retryAfter: seconds, errorinfo: `${worst[1]} Try again in ${inWords(seconds)}.` };
}

/** "45 seconds", "12 minutes", "1 hour", "2 hours and 5 minutes". */
export function inWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} and ${plural(rest, 'minute')}`;
}

/**
 * The e-mail of `/api/signup/<email>/` and `/api/signin/<email>/<otp>/` as the
 * service reads it: percent-decoded, case and surrounding spaces ignored, so
 * `Demo%40…` and `demo@…` share one count.
 */
export function emailKey(target: string): string {
  const segment = target.split('?', 1)[0]?.split('/')[3] ?? '';
  let email = segment;
  try {
    email = decodeURIComponent(segment);
  } catch {
    // Not valid percent-encoding: the service refuses it; it still counts as written.
  }
  return email.trim().toLowerCase();
}

/**
 * The client address as a key: an IPv4 address itself; an IPv6 address by its
 * /64, the block one subscriber is usually given (counting single IPv6
 * addresses would let one machine count as millions). Unknown: one shared key.
 */
export function addressKey(address: string | null): string {
  if (address === null) return 'unknown';
  if (isIP(address) !== 6) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const parse = (part: string) => {
    if (part === '') return [];
    const groups = part.split(':');
    const last = groups.at(-1) ?? '';
    if (last.includes('.')) {
      // An IPv4 tail (::ffff:192.0.2.1 style) is two groups.
      const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
      groups.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
    }
    return groups.map((g) => parseInt(g, 16).toString(16));
  };
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  const zeros = Array.from({ length: 8 - before.length - after.length }, () => '0');
  return [...before, ...zeros, ...after];
}

const utf8 = new TextDecoder();

const expiresInOf = (result: unknown): number | null => {
  if (typeof result !== 'object' || result === null || !('otp' in result)) return null;
  const otp = result.otp;
  if (typeof otp !== 'object' || otp === null || !('expires_in' in otp)) return null;
  return typeof otp.expires_in === 'number' ? otp.expires_in : null;
};

/** The envelope's `error` and, for signup, how long its code lives; null when the answer is not an envelope. */
export function envelopeOf(answer: Uint8Array): { error: number; expiresIn: number | null } | null {
  try {
    const parsed: unknown = JSON.parse(utf8.decode(answer));
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed && typeof parsed.error === 'number') {
      return { error: parsed.error, expiresIn: 'result' in parsed ? expiresInOf(parsed.result) : null };
    }
  } catch {
    // Not JSON: no verdict on the code.
  }
  return null;
}
