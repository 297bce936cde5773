import { z } from 'zod';

/** A configuration problem, listed in the user's terms (docs/architecture.md#configuration: validated at start-up). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const DEFAULT_APP_KEY = 'sandbox-application-key';
export const DEFAULT_DB_PATH = '.data/sandbox.sqlite';
/** The demo account's size (SANDBOX_DEMO_SITES): at least its 20 hand-made sites, at most 100,000. */
const DEMO_SITES = { min: 20, max: 100_000, fallback: 60 } as const;

const intInRange = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max} (got "${v}")` });
        return z.NEVER;
      }
      return n;
    });

/**
 * Limits on the one-time-password flow and per key, in memory per
 * process. A person never meets them; a script guessing codes always does.
 */
export interface SandboxLimits {
  /** One-time passwords requested (signup) per e-mail per 15 minutes. */
  otpPerEmail: number;
  /** One-time passwords requested (signup) per client address per hour. */
  otpPerAddress: number;
  /** Wrong one-time passwords (signin) per pending code per hour. */
  wrongOtpPerEmail: number;
  /** Wrong one-time passwords (signin) per client address per hour. */
  wrongOtpPerAddress: number;
  /** Requests per second per signin key (token bucket refill). */
  keyRate: number;
  /** Requests a signin key may make at once (token bucket size). */
  keyBurst: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  otpPerEmail: 5,
  otpPerAddress: 30,
  wrongOtpPerEmail: 20,
  wrongOtpPerAddress: 60,
  keyRate: 50,
  keyBurst: 200,
};

/**
 * "Try the demo" (demo/copies.ts): each session gets a fresh copy of the demo
 * account of its own, removed with its keys after `hours` on the sandbox clock.
 */
interface DemoCopySettings {
  /** How long a copy lives (SANDBOX_DEMO_HOURS). */
  hours: number;
  /** Copies alive at once (SANDBOX_DEMO_COPIES); past it, "try again when the oldest resets". */
  maxCopies: number;
  /** Demo sessions one client address may start per hour (SANDBOX_DEMO_SESSIONS_PER_ADDRESS). */
  sessionsPerAddress: number;
}

const DEFAULT_DEMO_COPIES: DemoCopySettings = { hours: 3, maxCopies: 50, sessionsPerAddress: 5 };

const envSchema = z.object({
  SANDBOX_DB: z.string().min(1, 'SANDBOX_DB must be a file path').default(DEFAULT_DB_PATH),
  SANDBOX_APP_KEY: z
    .string()
    .regex(/^[A-Za-z0-9._-]{8,128}$/, 'SANDBOX_APP_KEY must be 8 to 128 letters, digits, dots, dashes or underscores')
    .default(DEFAULT_APP_KEY),
  SANDBOX_SIGNIN_DS: z
    .enum(['required', 'disabled'], { message: 'SANDBOX_SIGNIN_DS must be "required" or "disabled"' })
    .default('required'),
  SANDBOX_SEED: z.enum(['demo', 'empty'], { message: 'SANDBOX_SEED must be "demo" or "empty"' }).default('demo'),
  SANDBOX_DEMO_SITES: intInRange('SANDBOX_DEMO_SITES', DEMO_SITES.min, DEMO_SITES.max, DEMO_SITES.fallback),
  SANDBOX_CONTROL: z.enum(['0', '1', ''], { message: 'SANDBOX_CONTROL must be 0 or 1' }).default('0'),
  SANDBOX_SCAN_SECONDS: intInRange('SANDBOX_SCAN_SECONDS', 0, 3600, 5),
  SANDBOX_SCAN_ERROR_PERCENT: intInRange('SANDBOX_SCAN_ERROR_PERCENT', 0, 100, 4),
  SANDBOX_OTP_SECONDS: intInRange('SANDBOX_OTP_SECONDS', 10, 86400, 600),
  SANDBOX_KEY_DAYS: intInRange('SANDBOX_KEY_DAYS', 1, 3650, 30),
  SANDBOX_PORT: intInRange('SANDBOX_PORT', 0, 65535, 8787),
  SANDBOX_QUIET: z.enum(['0', '1', ''], { message: 'SANDBOX_QUIET must be 0 or 1' }).default('0'),
  SANDBOX_PUBLIC_URL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const origin = publicOrigin(v);
      if (origin === null) {
        ctx.addIssue({
          code: 'custom',
          message: `SANDBOX_PUBLIC_URL must be an http:// or https:// origin with no path, e.g. https://sandbox.example.com (got "${v.slice(0, 100)}")`,
        });
        return z.NEVER;
      }
      return origin;
    }),
  SANDBOX_LIMIT_OTP_PER_EMAIL: intInRange('SANDBOX_LIMIT_OTP_PER_EMAIL', 1, 1_000_000, DEFAULT_LIMITS.otpPerEmail),
  SANDBOX_LIMIT_OTP_PER_ADDRESS: intInRange(
    'SANDBOX_LIMIT_OTP_PER_ADDRESS',
    1,
    1_000_000,
    DEFAULT_LIMITS.otpPerAddress,
  ),
  SANDBOX_LIMIT_WRONG_OTP_PER_EMAIL: intInRange(
    'SANDBOX_LIMIT_WRONG_OTP_PER_EMAIL',
    1,
    1_000_000,
    DEFAULT_LIMITS.wrongOtpPerEmail,
  ),
  SANDBOX_LIMIT_WRONG_OTP_PER_ADDRESS: intInRange(
    'SANDBOX_LIMIT_WRONG_OTP_PER_ADDRESS',
    1,
    1_000_000,
    DEFAULT_LIMITS.wrongOtpPerAddress,
  ),
  SANDBOX_LIMIT_KEY_RATE: intInRange('SANDBOX_LIMIT_KEY_RATE', 1, 1_000_000, DEFAULT_LIMITS.keyRate),
  SANDBOX_LIMIT_KEY_BURST: intInRange('SANDBOX_LIMIT_KEY_BURST', 1, 1_000_000, DEFAULT_LIMITS.keyBurst),
  SANDBOX_DEMO_HOURS: intInRange('SANDBOX_DEMO_HOURS', 1, 168, DEFAULT_DEMO_COPIES.hours),
  SANDBOX_DEMO_COPIES: intInRange('SANDBOX_DEMO_COPIES', 1, 10_000, DEFAULT_DEMO_COPIES.maxCopies),
  SANDBOX_DEMO_SESSIONS_PER_ADDRESS: intInRange(
    'SANDBOX_DEMO_SESSIONS_PER_ADDRESS',
    1,
    1_000_000,
    DEFAULT_DEMO_COPIES.sessionsPerAddress,
  ),
});

/** `scheme://host[:port]` of an http(s) URL with no path, query, fragment or user; null otherwise. */
function publicOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const bare = (url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === '';
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || url.username || url.password) return null;
  return url.origin;
}

export interface SandboxConfig {
  /** SQLite file (':memory:' for throwaway tests). */
  dbPath: string;
  /** The application key: signature check disabled, signup/signin/api_* only (docs/partner-api.md#signature). */
  appKey: string;
  /** Whether keys made by signin must sign their requests. */
  signinDs: 'required' | 'disabled';
  /** demo: a living demo account, seeded once into a database without users; empty: nothing. */
  seed: 'demo' | 'empty';
  /** How many sites the demo seed gives the demo account (docs/sandbox.md, "The demo account"). */
  demoSites: number;
  /** The test control surface (/sandbox/control/*). */
  control: boolean;
  /** How long a scan runs. */
  scanSeconds: number;
  /**
   * The chance, in percent, that a report of a site that is otherwise clean
   * has a few scan errors, as real scans now and then do. 0 makes every such
   * report error-free: the end-to-end tests pin the sites they read so.
   */
  scanErrorPercent: number;
  /** One-time password lifetime. */
  otpSeconds: number;
  /** Lifetime of keys made by signin. */
  keyDays: number;
  port: number;
  /** Do not print e-mails on the console. */
  quiet: boolean;
  /**
   * The origin `npm run sandbox` is reached at (SANDBOX_PUBLIC_URL): the absolute
   * URLs it hands out are built from it, and its pages answer its host as well as
   * loopback ones. Unset: the address it listens on. Not used in-process
   * (`npm start`), where the proxy passes the origin in.
   */
  publicOrigin?: string;
  limits: SandboxLimits;
  demoCopies: DemoCopySettings;
}

export function sandboxConfigFromEnv(env: NodeJS.ProcessEnv): SandboxConfig {
  // An empty variable counts as unset, as for the server's own settings (README).
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => i.message));
  }
  const e = parsed.data;
  return {
    dbPath: e.SANDBOX_DB,
    appKey: e.SANDBOX_APP_KEY,
    signinDs: e.SANDBOX_SIGNIN_DS,
    seed: e.SANDBOX_SEED,
    demoSites: e.SANDBOX_DEMO_SITES,
    control: e.SANDBOX_CONTROL === '1',
    scanSeconds: e.SANDBOX_SCAN_SECONDS,
    scanErrorPercent: e.SANDBOX_SCAN_ERROR_PERCENT,
    otpSeconds: e.SANDBOX_OTP_SECONDS,
    keyDays: e.SANDBOX_KEY_DAYS,
    port: e.SANDBOX_PORT,
    quiet: e.SANDBOX_QUIET === '1',
    ...(e.SANDBOX_PUBLIC_URL === undefined ? {} : { publicOrigin: e.SANDBOX_PUBLIC_URL }),
    limits: {
      otpPerEmail: e.SANDBOX_LIMIT_OTP_PER_EMAIL,
      otpPerAddress: e.SANDBOX_LIMIT_OTP_PER_ADDRESS,
      wrongOtpPerEmail: e.SANDBOX_LIMIT_WRONG_OTP_PER_EMAIL,
      wrongOtpPerAddress: e.SANDBOX_LIMIT_WRONG_OTP_PER_ADDRESS,
      keyRate: e.SANDBOX_LIMIT_KEY_RATE,
      keyBurst: e.SANDBOX_LIMIT_KEY_BURST,
    },
    demoCopies: {
      hours: e.SANDBOX_DEMO_HOURS,
      maxCopies: e.SANDBOX_DEMO_COPIES,
      sessionsPerAddress: e.SANDBOX_DEMO_SESSIONS_PER_ADDRESS,
    },
  };
}

/** Defaults for tests: throwaway database, no seed, control on. */
export function testSandboxConfig(overrides: Partial<SandboxConfig> = {}): SandboxConfig {
  return {
    ...sandboxConfigFromEnv({}),
    dbPath: ':memory:',
    seed: 'empty',
    control: true,
    scanSeconds: 1,
    quiet: true,
    ...overrides,
  };
}
