/**
 * Server configuration from the environment, validated with zod at start-up
 * (DESIGN.md "Configuration"). Every bad value is reported at once, in the
 * operator's terms, and secrets are never echoed. An empty variable counts as
 * unset.
 */
import { z } from 'zod';
import { isValidCookieValue } from './proxy/credentials.ts';
import { DEFAULT_FRAME_ANCESTORS } from './proxy/security-headers.ts';
import { ConfigError, sandboxConfigFromEnv, type SandboxConfig } from './sandbox/config.ts';

export { ConfigError } from './sandbox/config.ts';

export type UpstreamConfig =
  | { kind: 'remote'; baseUrl: string; appKey: string | undefined }
  | { kind: 'sandbox'; sandbox: SandboxConfig; appKey: string };

export interface ServerConfig {
  port: number;
  /** CSP frame-ancestors sources. */
  frameAncestors: string;
  /** Origins allowed to embed the dashboard and talk to it (for the embed work). */
  embedOrigins: string[];
  upstream: UpstreamConfig;
}

export const DEFAULT_PORT = 8080;

const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

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

const partnerApiUrl = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const problem = (why: string) => {
        ctx.addIssue({ code: 'custom', message: `PARTNER_API_URL ${why} (got "${value}")` });
        return z.NEVER;
      };
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return problem('must be an absolute http:// or https:// URL, the base of {base_url}/api/...');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return problem('must use http:// or https://');
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
    .refine((value) => value === undefined || isValidCookieValue(value), {
      // The value is a secret: say what is wrong, never what it is.
      message:
        'PARTNER_APP_KEY must be 1 to 512 visible ASCII characters without spaces, quotes, commas, semicolons or backslashes',
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
      for (const entry of value.split(',').map((s) => s.trim()).filter(Boolean)) {
        let origin: string | null = null;
        try {
          const url = new URL(entry);
          if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === entry.toLowerCase()) origin = url.origin;
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

const envSchema = z.object({
  PORT: port,
  PARTNER_API_URL: partnerApiUrl,
  PARTNER_APP_KEY: partnerAppKey,
  FRAME_ANCESTORS: frameAncestors,
  EMBED_ORIGINS: embedOrigins,
});

/**
 * Reads the server's configuration. Without PARTNER_API_URL the embedded
 * sandbox is the upstream and its SANDBOX_* settings are validated too; the
 * application key then defaults to the sandbox's.
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
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);

  const { PORT, FRAME_ANCESTORS, EMBED_ORIGINS, PARTNER_API_URL, PARTNER_APP_KEY } = parsed.data;
  const common = { port: PORT, frameAncestors: FRAME_ANCESTORS, embedOrigins: EMBED_ORIGINS };
  if (PARTNER_API_URL !== undefined) {
    return { ...common, upstream: { kind: 'remote', baseUrl: PARTNER_API_URL, appKey: PARTNER_APP_KEY } };
  }
  if (sandbox === undefined) throw new ConfigError(['The sandbox configuration could not be read']);
  return { ...common, upstream: { kind: 'sandbox', sandbox, appKey: PARTNER_APP_KEY ?? sandbox.appKey } };
}
