/**
 * The sign-in codes this proxy has seen sent (a `signup` with the lent
 * application key that the service answered without error), per e-mail
 * address: the newest one, until it is used, replaced or expires. Wrong codes
 * count against the pending code, so strangers who guess can spend a code but
 * never stop the owner's next one (README "Security").
 */

/** How long a code is kept when the answer does not say (`otp.expires_in`), and at most. */
const DEFAULT_LIFETIME_MS = 60 * 60 * 1000;
const MAX_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** E-mail addresses kept at most; past it the oldest code is forgotten. */
const MAX_EMAILS = 50_000;

/** How long a code is taken to be pending, from the service's `otp.expires_in` (seconds) when it says. */
export function codeLifetimeMs(lifetimeSeconds: number | null): number {
  return lifetimeSeconds === null || !(lifetimeSeconds > 0)
    ? DEFAULT_LIFETIME_MS
    : Math.min(lifetimeSeconds * 1000, MAX_LIFETIME_MS);
}

export interface PendingCode {
  /** Which code of this e-mail address (a newer one replaces it). */
  readonly id: number;
  /** Wrong codes tried against it so far, answered or still on their way. */
  wrong: number;
  readonly expiresAt: number;
}

export class PendingCodes {
  private readonly codes = new Map<string, PendingCode>();
  private next = 1;

  constructor(private readonly now: () => number) {}

  /** A new code was sent to `email`, valid for `lifetimeSeconds` (the service's `otp.expires_in`). */
  sent(email: string, lifetimeSeconds: number | null): void {
    const lifetimeMs = codeLifetimeMs(lifetimeSeconds);
    this.codes.delete(email);
    this.codes.set(email, { id: this.next++, wrong: 0, expiresAt: this.now() + lifetimeMs });
    if (this.codes.size > MAX_EMAILS) {
      const oldest = this.codes.keys().next().value;
      if (oldest !== undefined) this.codes.delete(oldest);
    }
  }

  /** The code pending for `email`, or null when none is (never sent, used, or expired). */
  pending(email: string): PendingCode | null {
    const code = this.codes.get(email);
    if (code === undefined) return null;
    if (code.expiresAt <= this.now()) {
      this.codes.delete(email);
      return null;
    }
    return code;
  }

  /** The code `id` of `email` was used: it is pending no more. */
  used(email: string, id: number): void {
    if (this.codes.get(email)?.id === id) this.codes.delete(email);
  }
}
