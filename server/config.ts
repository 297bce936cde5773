/**
 * Server configuration from the environment, validated with zod at start-up
 * (DESIGN.md "Configuration"). Every bad value is reported at once, in the
 * operator's terms, and secrets are never echoed. An empty variable counts as
 * unset.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { isCookieSafe, MAX_KEY_LENGTH } from '../src/api/credentials.ts';
import { parseProxyEntry } from './proxy/client-address.ts';
import { isLoopbackHost } from './proxy/loopback.ts';
import { DEFAULT_FRAME_ANCESTORS } from './proxy/security-headers.ts';
import { ConfigError, sandboxConfigFromEnv, type SandboxConfig } from './sandbox/config.ts';

export { ConfigError } from './sandbox/config.ts';
export { isLoopbackHost } from './proxy/loopback.ts';

export type UpstreamConfig =
  | { kind: 'remote'; baseUrl: string; appKey: string | undefined }
  | { kind: 'sandbox'; sandbox: SandboxConfig; appKey: string };

export interface ServerConfig {
  port: number;
  /** The address `npm start` listens on (HOST). */
  host: string;
  /** The origin the browser reaches the dashboard at (PUBLIC_URL), when it is not what the socket shows. */
  publicOrigin: string | undefined;
  /** CSP frame-ancestors sources. */
  frameAncestors: string;
  /** Origins allowed to embed the dashboard and talk to it (for the embed work). */
  embedOrigins: string[];
  /** Proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES): IPs and CIDRs. */
  trustedProxies: string[];
  upstream: UpstreamConfig;
}

export const DEFAULT_PORT = 8080;
/** Sandbox mode: the outbox (every one-time password) and the control surface stay on this machine. */
export const SANDBOX_DEFAULT_HOST = '127.0.0.1';
/** In front of the real service the proxy is meant to be reached from other machines. */
export const REMOTE_DEFAULT_HOST = '0.0.0.0';

/** The URL to print for a listening address: a wildcard address prints as localhost. */
export function listenUrl(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::';
  const name = wildcard ? 'localhost' : host;
  return `http://${isIP(name) === 6 ? `[${name}]` : name}:${port}`;
}

const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

/**
 * A URL as it may appear in an error message: no user name or password (the
 * part before the last `@` becomes `***`), no query and no fragment, which may
 * hold tokens. Works on text that does not parse as a URL too.
 */
export function redactUrl(value: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(value)?.[0] ?? '';
  let rest = value.slice(scheme.length);
  // The last `@` anywhere: a password may hold `/`, `?` or `#` the parser would stop at.
  const at = rest.lastIndexOf('@');
  if (at !== -1) rest = `***${rest.slice(at)}`;
  const cut = rest.search(/[?#]/);
  return scheme + (cut === -1 ? rest : rest.slice(0, cut));
}

const port = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return DEFAULT_PORT;
      const n = Number(value);
      if (!/^\d+$/.test(value) || n > 65535) {
        ctx.addIssue({ code: 'custom', message: `PORT must be a whole number from 0 to 65535 (got "${value}")` });
        return z.NEVER;
      }
      return n;
    }),
);

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** An IP address or a host name; its default depends on the mode (serverConfigFromEnv). */
const host = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .optional()
    .refine((value) => value === undefined || isIP(value) !== 0 || HOST_NAME.test(value), {
      message: 'HOST must be an IP address (127.0.0.1, 0.0.0.0, ::1, ::) or a host name to listen on',
    }),
);

const publicUrl = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      let url: URL | null;
      try {
        url = new URL(value);
      } catch {
        url = null;
      }
      const plainOrigin =
        url !== null &&
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        url.username === '' &&
        url.password === '' &&
        url.pathname === '/' &&
        url.search === '' &&
        url.hash === '' &&
        !value.endsWith('?') &&
        !value.endsWith('#');
      if (url === null || !plainOrigin) {
        ctx.addIssue({
          code: 'custom',
          message: `PUBLIC_URL must be the origin the browser uses, scheme://host[:port] with no path, user name, query or fragment, e.g. https://dashboard.example.com (got "${redactUrl(value)}")`,
        });
        return z.NEVER;
      }
      return url.origin;
    }),
);

const partnerApiUrl = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const problem = (why: string) => {
        ctx.addIssue({ code: 'custom', message: `PARTNER_API_URL ${why} (got "${redactUrl(value)}")` });
        return z.NEVER;
      };
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return problem('must be an absolute https:// URL, the base of {base_url}/api/...');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return problem('must use https:// (or http:// to a loopback host)');
      // The key and the signature travel as cookies (spec §5.2): in clear text only on this machine.
      if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
        return problem(
          'must use https://: keys and signatures travel as cookies; http:// is allowed only to 127.0.0.1, ::1 or localhost',
        );
      }
      if (url.username !== '' || url.password !== '') return problem('must not carry a user name or password');
      if (url.search !== '' || url.hash !== '') return problem('must not have a query or a fragment');
      // {base_url}/api/<method>/ (spec §1): the base without its trailing slash.
      return url.origin + url.pathname.replace(/\/+$/, '');
    }),
);

const partnerAppKey = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .optional()
    .refine((value) => value === undefined || isCookieSafe(value), {
      // The value is a secret: say what is wrong, never what it is.
      message: `PARTNER_APP_KEY must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters without spaces, quotes, commas, semicolons or backslashes`,
    }),
);

const CSP_SOURCE = /^(?:'self'|\*|https?:|(?:https?:\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?)$/i;

const frameAncestors = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return DEFAULT_FRAME_ANCESTORS;
      const sources = value.trim().split(/\s+/);
      if (sources.length === 1 && sources[0]?.toLowerCase() === "'none'") return "'none'";
      const bad = sources.filter((source) => !CSP_SOURCE.test(source));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `FRAME_ANCESTORS has ${bad.map((s) => `"${s}"`).join(', ')}, which ${bad.length === 1 ? 'is not a' : 'are not'} CSP source${bad.length === 1 ? '' : 's'}; use 'self', 'none' alone, or origins such as https://panel.example.com or https://*.example.com, separated by spaces`,
        });
        return z.NEVER;
      }
      return sources.join(' ');
    }),
);

const embedOrigins = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return [];
      const origins: string[] = [];
      for (const entry of value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        let origin: string | null = null;
        try {
          const url = new URL(entry);
          if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === entry.toLowerCase())
            origin = url.origin;
        } catch {
          origin = null;
        }
        if (origin === null) {
          ctx.addIssue({
            code: 'custom',
            message: `EMBED_ORIGINS entry "${entry}" is not an origin; write scheme://host[:port] with no path, e.g. https://panel.example.com`,
          });
        } else {
          origins.push(origin);
        }
      }
      return origins;
    }),
);

/** TRUSTED_PROXIES: comma-separated IPs or CIDRs (`10.0.0.0/8`, `2001:db8::/32`). */
const trustedProxiesSetting = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return [];
      const entries: string[] = [];
      for (const entry of value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        if (parseProxyEntry(entry) === null) {
          ctx.addIssue({
            code: 'custom',
            message: `TRUSTED_PROXIES entry "${entry}" is not an IP address or a CIDR; write e.g. 10.0.0.5, 10.0.0.0/8 or 2001:db8::/32, separated by commas`,
          });
        } else {
          entries.push(entry);
        }
      }
      return entries;
    }),
);

const envSchema = z.object({
  PORT: port,
  HOST: host,
  PUBLIC_URL: publicUrl,
  PARTNER_API_URL: partnerApiUrl,
  PARTNER_APP_KEY: partnerAppKey,
  FRAME_ANCESTORS: frameAncestors,
  EMBED_ORIGINS: embedOrigins,
  TRUSTED_PROXIES: trustedProxiesSetting,
});

/**
 * Reads the server's configuration. Without PARTNER_API_URL the embedded
 * sandbox is the upstream and its SANDBOX_* settings are validated too; the
 * application key is then the sandbox's (PARTNER_APP_KEY may only repeat it),
 * and HOST defaults to 127.0.0.1 (the outbox holds every one-time password). With PARTNER_API_URL, HOST defaults
 * to 0.0.0.0, every interface.
 * @throws ConfigError listing every problem.
 */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv): ServerConfig {
  const problems: string[] = [];
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => issue.message));

  let sandbox: SandboxConfig | undefined;
  const remote = parsed.success ? parsed.data.PARTNER_API_URL : unsetIfEmpty(env.PARTNER_API_URL);
  if (remote === undefined) {
    try {
      sandbox = sandboxConfigFromEnv(env);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      problems.push(...err.problems);
    }
  }
  // The control surface is unauthenticated (docs/sandbox.md): never on a reachable address.
  const listenHost = parsed.success ? (parsed.data.HOST ?? SANDBOX_DEFAULT_HOST) : undefined;
  if (sandbox?.control === true && listenHost !== undefined && !isLoopbackHost(listenHost)) {
    problems.push(
      `SANDBOX_CONTROL=1 needs a loopback HOST (127.0.0.1, ::1 or localhost): the control surface has no authentication (got HOST "${listenHost}")`,
    );
  }
  // PUBLIC_URL says the dashboard is reached through another machine (a load
  // balancer): the control surface would be reachable through it too.
  if (sandbox?.control === true && parsed.success && parsed.data.PUBLIC_URL !== undefined) {
    problems.push(
      'SANDBOX_CONTROL=1 cannot be used with PUBLIC_URL: the control surface has no authentication; unset one of them',
    );
  }
  // The proxy attaches PARTNER_APP_KEY to signup/signin; the sandbox knows only its own key.
  const appKey = parsed.success ? parsed.data.PARTNER_APP_KEY : undefined;
  if (sandbox !== undefined && appKey !== undefined && appKey !== sandbox.appKey) {
    problems.push(
      'In sandbox mode PARTNER_APP_KEY must be unset or equal SANDBOX_APP_KEY: the embedded sandbox refuses any other application key (set PARTNER_API_URL for the real service)',
    );
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);

  const { PORT, HOST, PUBLIC_URL, FRAME_ANCESTORS, EMBED_ORIGINS, TRUSTED_PROXIES, PARTNER_API_URL, PARTNER_APP_KEY } =
    parsed.data;
  const common = {
    port: PORT,
    publicOrigin: PUBLIC_URL,
    frameAncestors: FRAME_ANCESTORS,
    embedOrigins: EMBED_ORIGINS,
    trustedProxies: TRUSTED_PROXIES,
  };
  if (PARTNER_API_URL !== undefined) {
    return {
      ...common,
      host: HOST ?? REMOTE_DEFAULT_HOST,
      upstream: { kind: 'remote', baseUrl: PARTNER_API_URL, appKey: PARTNER_APP_KEY },
    };
  }
  if (sandbox === undefined) throw new ConfigError(['The sandbox configuration could not be read']);
  return {
    ...common,
    host: HOST ?? SANDBOX_DEFAULT_HOST,
    upstream: { kind: 'sandbox', sandbox, appKey: sandbox.appKey },
  };
}
