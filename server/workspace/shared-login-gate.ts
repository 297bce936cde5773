/**
 * The sign-in limits (../proxy/login-limits.ts) counted in the shared store,
 * so several copies of the server on one database (DATABASE_URL) hold them
 * together, the pending codes included: a code sent through one copy can be
 * used through another, and wrong tries count against it on every copy.
 * Each call is counted first and checked after: two copies admitting side by
 * side see each other's count, so neither lets more through than the limit
 * (at worst both refuse).
 */
import {
  addressKey,
  emailKey,
  envelopeOf,
  firstRefusal,
  REFUSALS,
  WRONG_CODE,
  type Admission,
  type LoginGate,
  type LoginLimits,
} from '../proxy/login-limits.ts';
import { codeLifetimeMs } from '../proxy/pending-codes.ts';
import type { LoginEventStore } from './store-login-events.ts';

type Bucket = 'codesPerEmail' | 'codesPerAddress' | 'wrongCodesPerAddress';

/** The pending code of an e-mail address: one event whose time is when the code expires. */
const PENDING = 'codePending';
/** Wrong tries against one pending code, by its event id. */
const wrongOf = (codeId: number) => `wrongPerCode:${codeId}`;

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
      const limit = limits[bucket];
      const times = await events.recent(bucket, subject, at - limit.windowMs, limit.count, ids[index] ?? -1);
      const oldestCounted = times.length >= limit.count ? times[limit.count - 1] : undefined;
      const wait = oldestCounted === undefined ? 0 : Math.max(1, oldestCounted + limit.windowMs - at);
      waits.push([wait, REFUSALS[bucket]]);
    }
    const refusal = firstRefusal(waits);
    if (refusal !== null) for (const id of ids) await events.forget(id);
    return { ids, refusal };
  }

  const forgetLater = (ids: number[]) => void Promise.all(ids.map((id) => events.forget(id))).catch(() => undefined);

  return {
    async admit(method, target, address): Promise<Admission> {
      const email = emailKey(target);
      const client = addressKey(address);
      if (method === 'signup') {
        const { refusal } = await countAndCheck([
          ['codesPerEmail', email],
          ['codesPerAddress', client],
        ]);
        if (refusal !== null) return { ok: false, refusal };
        return {
          ok: true,
          admitted: {
            async settle(answer) {
              // A code is pending once the service says it sent one; it replaces the one before.
              const sent = answer === null ? null : envelopeOf(answer);
              if (sent?.error !== 0) return;
              const expiresAt = now() + codeLifetimeMs(sent.expiresIn);
              await events.forgetAll(PENDING, email);
              await events.count(PENDING, email, expiresAt);
            },
          },
        };
      }
      const { ids, refusal } = await countAndCheck([['wrongCodesPerAddress', client]]);
      if (refusal !== null) return { ok: false, refusal };
      // Nothing to guess without a pending code: refused, and counted nowhere.
      const code = await events.latest(PENDING, email);
      if (code === null || code.at <= now()) {
        forgetLater(ids);
        return { ok: false, refusal: { errorinfo: REFUSALS.noPendingCode } };
      }
      const wrongSoFar = await events.recent(wrongOf(code.id), email, 0, limits.wrongCodesPerCode, -1);
      if (wrongSoFar.length >= limits.wrongCodesPerCode) {
        forgetLater(ids);
        return { ok: false, refusal: { errorinfo: REFUSALS.wrongCodesPerCode } };
      }
      // Counted as wrong until the answer says otherwise (as in memory).
      ids.push(await events.count(wrongOf(code.id), email, now()));
      return {
        ok: true,
        admitted: {
          async settle(answer) {
            const error = answer === null ? null : (envelopeOf(answer)?.error ?? null);
            if (error === null || error === WRONG_CODE) return;
            forgetLater(ids);
            if (error === 0) await events.forgetAll(PENDING, email);
          },
        },
      };
    },
  };
}
