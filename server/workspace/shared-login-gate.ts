/**
 * The sign-in limits (../proxy/login-limits.ts) counted in the shared store,
 * so several copies of the server on one database (DATABASE_URL) hold them
 * together. Each call is counted first and checked after: two copies
 * admitting side by side see each other's count, so neither lets more
 * through than the limit (at worst both refuse).
 */
import {
  addressKey,
  emailKey,
  envelopeError,
  firstRefusal,
  REFUSALS,
  WRONG_CODE,
  type Admission,
  type Limit,
  type LoginGate,
  type LoginLimits,
} from '../proxy/login-limits.ts';
import type { LoginEventStore } from './store-login-events.ts';

type Bucket = keyof LoginLimits;

export function createSharedLoginGate(
  events: LoginEventStore,
  limits: LoginLimits,
  now: () => number = Date.now,
): LoginGate {
  /** Counts one event in each bucket, then the wait each bucket imposes (0: none). */
  async function countAndCheck(
    counted: Array<[Bucket, string]>,
  ): Promise<{ ids: number[]; refusal: ReturnType<typeof firstRefusal> }> {
    const at = now();
    const ids: number[] = [];
    for (const [bucket, subject] of counted) ids.push(await events.count(bucket, subject, at));
    const waits: Array<[number, string]> = [];
    for (const [index, [bucket, subject]] of counted.entries()) {
      const limit: Limit = limits[bucket];
      const times = await events.recent(bucket, subject, at - limit.windowMs, limit.count, ids[index] ?? -1);
      const oldestCounted = times.length >= limit.count ? times[limit.count - 1] : undefined;
      const wait = oldestCounted === undefined ? 0 : Math.max(1, oldestCounted + limit.windowMs - at);
      waits.push([wait, REFUSALS[bucket]]);
    }
    const refusal = firstRefusal(waits);
    if (refusal !== null) for (const id of ids) await events.forget(id);
    return { ids, refusal };
  }

  return {
    async admit(method, target, address): Promise<Admission> {
      const email = emailKey(target);
      const client = addressKey(address);
      if (method === 'signup') {
        const { refusal } = await countAndCheck([
          ['codesPerEmail', email],
          ['codesPerAddress', client],
        ]);
        return refusal === null ? { ok: true, admitted: { settle: () => undefined } } : { ok: false, refusal };
      }
      // Counted as wrong until the answer says otherwise (as in memory).
      const { ids, refusal } = await countAndCheck([
        ['wrongCodesPerEmail', email],
        ['wrongCodesPerAddress', client],
      ]);
      if (refusal !== null) return { ok: false, refusal };
      return {
        ok: true,
        admitted: {
          settle(answer) {
            const error = answer === null ? null : envelopeError(answer);
            if (error === null || error === WRONG_CODE) return;
            void Promise.all(ids.map((id) => events.forget(id))).catch(() => undefined);
          },
        },
      };
    },
  };
}
