/**
 * The sandbox's rate limits: one-time passwords per e-mail and per
 * client address, wrong codes per e-mail (across codes) and per address, and a
 * token bucket per signin key. In memory, per process: a restart forgets them,
 * and several processes on one database each count on their own. Time is the
 * sandbox clock, so the control surface moves it in tests. A refusal is system
 * error 500 with when to retry, in words and as Retry-After.
 */
import type { SandboxLimits } from '../config.ts';
import { SystemError } from '../errors.ts';
import { SlidingWindow } from './sliding-window.ts';
import { TokenBuckets } from './token-bucket.ts';

const MINUTE = 60;
const HOUR = 3600;

/** "12 minutes", "1 minute", "40 seconds". */
function waitText(seconds: number): string {
  if (seconds < MINUTE) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / MINUTE);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

function refuse(what: string, seconds: number): never {
  const wait = Math.max(1, Math.ceil(seconds));
  throw new SystemError(500, `${what}: try again in ${waitText(wait)}`, wait);
}

export class RequestLimits {
  private readonly codesPerEmail: SlidingWindow;
  private readonly codesPerAddress: SlidingWindow;
  private readonly wrongPerEmail: SlidingWindow;
  private readonly wrongPerAddress: SlidingWindow;
  private readonly keys: TokenBuckets;

  constructor(limits: SandboxLimits) {
    this.codesPerEmail = new SlidingWindow(limits.otpPerEmail, 15 * MINUTE);
    this.codesPerAddress = new SlidingWindow(limits.otpPerAddress, HOUR);
    this.wrongPerEmail = new SlidingWindow(limits.wrongOtpPerEmail, HOUR);
    this.wrongPerAddress = new SlidingWindow(limits.wrongOtpPerAddress, HOUR);
    this.keys = new TokenBuckets(limits.keyRate, limits.keyBurst);
  }

  /** signup: refuses a code request over the limits (500); records none. */
  checkCodeRequest(email: string, address: string, now: number): void {
    const byEmail = this.codesPerEmail.wait(email, now);
    if (byEmail > 0) refuse('Too many one-time passwords requested for this e-mail', byEmail);
    const byAddress = this.codesPerAddress.wait(address, now);
    if (byAddress > 0) refuse('Too many one-time passwords requested from this address', byAddress);
  }

  /** signup: a code was sent. */
  recordCodeRequest(email: string, address: string, now: number): void {
    this.codesPerEmail.record(email, now);
    this.codesPerAddress.record(address, now);
  }

  /** signin: refuses any try, right or wrong, once too many were wrong (500). */
  checkSignin(email: string, address: string, now: number): void {
    const byEmail = this.wrongPerEmail.wait(email, now);
    if (byEmail > 0) refuse('Too many wrong one-time passwords for this e-mail', byEmail);
    const byAddress = this.wrongPerAddress.wait(address, now);
    if (byAddress > 0) refuse('Too many wrong one-time passwords from this address', byAddress);
  }

  /** signin: a wrong code, counted for the e-mail whatever code it was meant for. */
  recordWrongCode(email: string, address: string, now: number): void {
    this.wrongPerEmail.record(email, now);
    this.wrongPerAddress.record(address, now);
  }

  /** Any method: one request of a key (500 when its bucket is empty). */
  takeKeyRequest(keyId: string, nowMs: number): void {
    const wait = this.keys.take(keyId, nowMs);
    if (wait > 0) refuse('Too many requests with this API key', wait);
  }
}
