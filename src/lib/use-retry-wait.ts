import { classifyError } from '../api/error-catalogue';
import { useCountdown } from './use-countdown';

/** When each refusal's wait ends (epoch ms), fixed the first time the refusal is seen. */
const deadlines = new WeakMap<object, number>();

/** The moment a rate limit's refusal may be retried, or null when the error asks for no wait. */
export function retryDeadline(error: unknown): number | null {
  const c = classifyError(error);
  if (c.kind !== 'rateLimited' || typeof error !== 'object' || error === null) return null;
  let deadline = deadlines.get(error);
  if (deadline === undefined) {
    deadline = Date.now() + c.retryAfter * 1000;
    deadlines.set(error, deadline);
  }
  return deadline;
}

/**
 * A rate limit's wait, counted down: milliseconds left, 0 when
 * there is no wait or it is over. Forms disable sending until then, so nobody
 * spends an attempt on a refusal.
 */
export function useRetryWait(error: unknown): number {
  return useCountdown(retryDeadline(error));
}
