import * as z from 'zod/mini';
import { credentialsSchema } from '../../api/credentials';
import { RE, regex } from '../../api/registry/define';

// zod/mini: the login route carries every byte of these (issue 3 budget).

/** Checked before any call (issue 3 "Bad input"), with the registry's own expression (spec §4.1). */
export const emailFormSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter your e-mail address.'),
      z.maxLength(254, 'This e-mail address is too long.'),
      z.regex(regex(RE.email), 'Enter a valid e-mail address, like name@example.com.'),
    ),
});
export type EmailFormValues = z.infer<typeof emailFormSchema>;

/** The one-time password: exactly `otp.length` digits (spec §2.3), spaces ignored. */
export function codeFormSchema(length: number) {
  return z.object({
    code: z.string().check(
      z.overwrite((v) => v.replace(/\s+/g, '')),
      z.minLength(1, 'Enter the code from the e-mail.'),
      z.regex(/^[0-9]*$/, 'The code has digits only.'),
      z.length(length, `The code has ${length} digits.`),
    ),
    remember: z.boolean(),
  });
}

/** A key and optional mac key as the proxy will accept them (no spaces, `;` or `,`). */
export const apiKeyFormSchema = z.object({
  apiKey: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Enter your API key.')), credentialsSchema.shape.apiKey),
  macKey: z.pipe(z.string().check(z.trim()), z.union([z.literal(''), credentialsSchema.shape.apiKey])),
  remember: z.boolean(),
});
export type ApiKeyFormValues = z.output<typeof apiKeyFormSchema>;
