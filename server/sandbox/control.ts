import { z } from 'zod';
import { getMethod, METHOD_ERRORS } from '../../src/api/registry.ts';
import { isSystemErrorCode } from '../../src/api/system-errors.ts';
import { hashKey } from './key-hash.ts';
import { parseSiteName } from './names.ts';
import type { SandboxState } from './state.ts';
import { bindKeys, expireKeys, type KeySelector } from './store/keys.ts';
import { setSyncfile } from './store/sites.ts';
import { findUserByEmail, setBilling, setFeatures, setSiteLimit, type UserRow } from './store/users.ts';

/**
 * The test control surface (/sandbox/control/<action>, POST JSON), off unless
 * SANDBOX_CONTROL=1. It lets end-to-end tests reach states that take time or
 * luck on the real service.
 */
const target = z.object({ email: z.string().optional(), key: z.string().optional() });

const actions = {
  /** Move the sandbox clock forward: OTP, key and dashboard expiry, scans, firewall days. */
  clock: z.object({
    advance: z
      .number()
      .int()
      .min(0)
      .max(10 * 365 * 86400),
  }),
  /** Make keys of a user (or one key, by its value) expire now. */
  'expire-key': target,
  /** Bind keys to a list of IP addresses (comma-separated; empty unbinds). */
  'bind-ip': target.extend({ ip: z.string().max(1000) }),
  /** Change an account's plan: the site limit and the (!) features of site_setoption. */
  plan: z.object({
    email: z.string(),
    siteLimit: z.number().int().min(0).max(10_000_000).optional(),
    features: z.array(z.enum(['autocleanup', 'autopatching'])).optional(),
    postpaid: z.boolean().optional(),
    subscription: z.boolean().optional(),
  }),
  /** Make the next call of a method fail: site_scan → 146902, others → their database error, or the code given. */
  'fail-next': z.object({ method: z.string(), code: z.number().int().optional(), email: z.string().optional() }),
  /** Mark a site's synchronization file as installed or not (site_scan 146901). */
  syncfile: z.object({ email: z.string(), domain: z.string(), installed: z.boolean() }),
} as const;

export type ControlAction = keyof typeof actions;

export function isControlAction(name: string): name is ControlAction {
  // Own keys only: /sandbox/control/constructor is not an action.
  return Object.hasOwn(actions, name);
}

function userOf(state: SandboxState, email: string | undefined): UserRow {
  const user = email ? findUserByEmail(state.db, email.trim().toLowerCase()) : undefined;
  if (!user) throw new ControlError(`No account with e-mail ${email ?? '(none)'}`);
  return user;
}

export class ControlError extends Error {}

function keysOf(state: SandboxState, t: z.infer<typeof target>): KeySelector {
  return t.key ? { keyHash: hashKey(t.key) } : { userId: userOf(state, t.email).id };
}

export function runControl(state: SandboxState, action: ControlAction, input: unknown): unknown {
  const db = state.db;
  switch (action) {
    case 'clock': {
      const { advance } = actions.clock.parse(input);
      state.advanceClock(advance);
      return { now: state.now() };
    }
    case 'expire-key': {
      return { expired: expireKeys(db, keysOf(state, actions['expire-key'].parse(input)), state.now() - 1) };
    }
    case 'bind-ip': {
      const bind = actions['bind-ip'].parse(input);
      return { bound: bindKeys(db, keysOf(state, bind), bind.ip) };
    }
    case 'plan': {
      const p = actions.plan.parse(input);
      const user = userOf(state, p.email);
      if (p.siteLimit !== undefined) setSiteLimit(db, user.id, p.siteLimit);
      if (p.features) setFeatures(db, user.id, p.features.join(','));
      setBilling(db, user.id, p);
      return { ok: true };
    }
    case 'fail-next': {
      const f = actions['fail-next'].parse(input);
      const def = getMethod(f.method);
      if (!def) throw new ControlError(`Unknown method ${f.method}`);
      // The defaults: a scan that cannot start, or the method's database error (the failures a partner's integration must handle).
      const own = METHOD_ERRORS.filter((e) => e.method === def.name);
      const fallback =
        own.find((e) => e.name === (def.name === 'site_scan' ? 'scannerFailed' : 'dbError'))?.code ?? null;
      if (fallback === null && f.code === undefined) {
        throw new ControlError(`${def.name} has no database error: give the code to fail with`);
      }
      const code = f.code ?? fallback ?? 501;
      const valid = isSystemErrorCode(code) || own.some((e) => e.code === code);
      if (!valid) throw new ControlError(`${code} is not an error code of ${def.name}`);
      // With an e-mail, only that account's calls take the failure.
      const userId = f.email === undefined ? undefined : userOf(state, f.email).id;
      state.armed.push(userId === undefined ? { method: def.name, code } : { method: def.name, code, userId });
      return { armed: { method: def.name, code, ...(f.email === undefined ? {} : { email: f.email }) } };
    }
    case 'syncfile': {
      const s = actions.syncfile.parse(input);
      const user = userOf(state, s.email);
      const name = parseSiteName(s.domain);
      if ('error' in name) throw new ControlError(name.error);
      if (setSyncfile(db, user.id, name.host, s.installed) === 0) {
        throw new ControlError(`No site ${s.domain} in ${s.email}`);
      }
      return { ok: true };
    }
  }
}
