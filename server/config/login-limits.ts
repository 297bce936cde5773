/**
 * Limits on the sign-in code flow: LOGIN_LIMIT_* (README "Security",
 * server/proxy/login-limits.ts). Each is `<count>/<time>`, e.g. `5/15m`: at
 * most 5 in any 15 minutes.
 */
import { z } from 'zod';
import { DEFAULT_LOGIN_LIMITS, type Limit, type LoginLimits } from '../proxy/login-limits.ts';
import { unsetIfEmpty, wholeNumberSetting } from './values.ts';

const MAX_COUNT = 100_000;
const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** `5/15m` → 5 per 15 minutes. */
function parseLimit(value: string): Limit | null {
  const match = /^\s*(\d{1,6})\s*\/\s*(\d{1,5})\s*([smh])\s*$/.exec(value);
  if (match === null) return null;
  const count = Number(match[1]);
  const windowMs = Number(match[2]) * UNIT_MS[match[3] as keyof typeof UNIT_MS];
  if (count < 1 || count > MAX_COUNT || windowMs < 1000 || windowMs > MAX_WINDOW_MS) return null;
  return { count, windowMs };
}

/** A limit as a setting shows it: `5/15m`. */
function formatLimit(limit: Limit): string {
  const { windowMs } = limit;
  const time =
    windowMs % UNIT_MS.h === 0
      ? `${windowMs / UNIT_MS.h}h`
      : windowMs % UNIT_MS.m === 0
        ? `${windowMs / UNIT_MS.m}m`
        : `${windowMs / UNIT_MS.s}s`;
  return `${limit.count}/${time}`;
}

function limitSetting(name: string, fallback: Limit) {
  return z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return fallback;
        const limit = parseLimit(value);
        if (limit === null) {
          ctx.addIssue({
            code: 'custom',
            message: `${name} must be <count>/<time>, such as ${formatLimit(fallback)} (the default): a count from 1 to ${MAX_COUNT}, a time in s, m or h from 1s to 24h (got "${value}")`,
          });
          return z.NEVER;
        }
        return limit;
      }),
  );
}

/** A plain count, 1 to 1,000: wrong codes against one pending code. */
function countSetting(name: string, fallback: number) {
  return wholeNumberSetting(
    fallback,
    1,
    1000,
    (got) => `${name} must be a whole number from 1 to 1000, such as ${fallback} (the default) (got "${got}")`,
  );
}

export const loginLimitSettings = {
  LOGIN_LIMIT_CODES_PER_EMAIL: limitSetting('LOGIN_LIMIT_CODES_PER_EMAIL', DEFAULT_LOGIN_LIMITS.codesPerEmail),
  LOGIN_LIMIT_WRONG_CODES_PER_CODE: countSetting(
    'LOGIN_LIMIT_WRONG_CODES_PER_CODE',
    DEFAULT_LOGIN_LIMITS.wrongCodesPerCode,
  ),
  LOGIN_LIMIT_CODES_PER_ADDRESS: limitSetting('LOGIN_LIMIT_CODES_PER_ADDRESS', DEFAULT_LOGIN_LIMITS.codesPerAddress),
  LOGIN_LIMIT_WRONG_CODES_PER_ADDRESS: limitSetting(
    'LOGIN_LIMIT_WRONG_CODES_PER_ADDRESS',
    DEFAULT_LOGIN_LIMITS.wrongCodesPerAddress,
  ),
};

export function loginLimitsOf(
  settings: {
    [K in Exclude<keyof typeof loginLimitSettings, 'LOGIN_LIMIT_WRONG_CODES_PER_CODE'>]: Limit;
  } & { LOGIN_LIMIT_WRONG_CODES_PER_CODE: number },
): LoginLimits {
  return {
    codesPerEmail: settings.LOGIN_LIMIT_CODES_PER_EMAIL,
    wrongCodesPerCode: settings.LOGIN_LIMIT_WRONG_CODES_PER_CODE,
    codesPerAddress: settings.LOGIN_LIMIT_CODES_PER_ADDRESS,
    wrongCodesPerAddress: settings.LOGIN_LIMIT_WRONG_CODES_PER_ADDRESS,
  };
}
