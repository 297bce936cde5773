import * as z from 'zod/mini';
import { isCookieSafe, MAX_KEY_LENGTH } from '../../api/credentials';
import type { AuthMessages } from './messages';

// Loaded with the API key form (only when asked for); zod/mini as the rest of the login route.

/**
 * A key as the proxy will accept it (a cookie value: no spaces, `;` or `,`;
 * src/api/credentials.ts decides, the checks before only choose the message).
 */
function keySchema(t: AuthMessages) {
  return z
    .string()
    .check(
      z.maxLength(MAX_KEY_LENGTH, t.keyTooLong({ max: MAX_KEY_LENGTH })),
      z.regex(/^[!-~]*$/, t.keyPrintable),
      z.regex(/^[^;,"\\]*$/, t.keyForbidden),
      z.refine(isCookieSafe, t.keyNotCookie),
    );
}

/** A key and optional mac key (docs/partner-api.md#authentication); an empty mac key means no signature. */
export function apiKeyFormSchema(t: AuthMessages) {
  return z.object({
    apiKey: z.pipe(z.string().check(z.trim(), z.minLength(1, t.apiKeyRequired)), keySchema(t)),
    macKey: z.pipe(z.string().check(z.trim()), z.union([z.literal(''), keySchema(t)])),
    remember: z.boolean(),
  });
}
export type ApiKeyFormValues = z.output<ReturnType<typeof apiKeyFormSchema>>;
