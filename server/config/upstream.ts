/**
 * The partner API behind the proxy: PARTNER_API_URL and PARTNER_APP_KEY
 * (README "Configuration").
 */
import { z } from 'zod';
import { isCookieSafe, MAX_KEY_LENGTH } from '../../src/api/credentials.ts';
import { isLoopbackHost } from '../loopback.ts';
import { redactUrl, unsetIfEmpty } from './values.ts';

export const partnerApiUrl = z.preprocess(
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
      // The key and the signature travel as cookies (docs/partner-api.md#keys): in clear text only on this machine.
      if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
        return problem(
          'must use https://: keys and signatures travel as cookies; http:// is allowed only to 127.0.0.1, ::1 or localhost',
        );
      }
      if (url.username !== '' || url.password !== '') return problem('must not carry a user name or password');
      if (url.search !== '' || url.hash !== '') return problem('must not have a query or a fragment');
      // {base_url}/api/<method>/ (docs/partner-api.md#requests): the base without its trailing slash.
      return url.origin + url.pathname.replace(/\/+$/, '');
    }),
);

export const partnerAppKey = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .optional()
    .refine((value) => value === undefined || isCookieSafe(value), {
      // The value is a secret: say what is wrong, never what it is.
      message: `PARTNER_APP_KEY must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters without spaces, quotes, commas, semicolons or backslashes`,
    }),
);
