/**
 * Where the server listens and how it is reached: PORT, HOST, PUBLIC_URL and
 * TRUSTED_PROXIES (README "Configuration").
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { parseProxyEntry } from '../proxy/client-address.ts';
import { listEntries, redactUrl, unsetIfEmpty } from './values.ts';

const DEFAULT_PORT = 8080;
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

export const port = z.preprocess(
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
export const host = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .optional()
    .refine((value) => value === undefined || isIP(value) !== 0 || HOST_NAME.test(value), {
      message: 'HOST must be an IP address (127.0.0.1, 0.0.0.0, ::1, ::) or a host name to listen on',
    }),
);

export const publicUrl = z.preprocess(
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

/** TRUSTED_PROXIES: comma-separated IPs or CIDRs (`10.0.0.0/8`, `2001:db8::/32`). */
export const trustedProxiesSetting = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return [];
      const entries: string[] = [];
      for (const entry of listEntries(value)) {
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
