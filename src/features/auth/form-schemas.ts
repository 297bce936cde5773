import * as z from 'zod/mini';
import { RE, regex } from '../../api/registry/define';
import type { AuthMessages } from './messages';

// zod/mini: the login route carries every byte of these (the /login budget, docs/decisions/004-zod-mini-in-the-fetch-layer.md).
// Each schema takes the messages, so it speaks the language in use:
// `useMemo(() => emailFormSchema(t), [t])`.

/** Checked before any call, with the registry's own expression (docs/partner-api.md#authorization-methods). */
export function emailFormSchema(t: AuthMessages) {
  return z.object({
    email: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, t.emailRequired),
        z.maxLength(254, t.emailTooLong),
        z.regex(regex(RE.email), t.emailInvalid),
      ),
  });
}

/** The one-time password: exactly `otp.length` digits (docs/partner-api.md#one-time-password), spaces ignored. */
export function codeFormSchema(length: number, t: AuthMessages) {
  return z.object({
    code: z.string().check(
      z.overwrite((v) => v.replace(/\s+/g, '')),
      z.minLength(1, t.codeRequired),
      z.regex(/^[0-9]*$/, t.codeDigitsOnly),
      z.length(length, t.codeLength(length)),
    ),
    remember: z.boolean(),
  });
}
