import * as z from 'zod/mini';
import { isCookieSafe, MAX_KEY_LENGTH } from './cookie-safe.ts';

// The one rule for a key, kept where the browser's zod-free code can have it too.
export { isCookieSafe, MAX_KEY_LENGTH };

/**
 * The keys a session signs with (docs/partner-api.md#authentication): apiKey goes to the proxy as
 * `X-Apikey` (the `apikey` cookie upstream); macKey signs each request target.
 * No macKey (or an empty one) → no signature is sent (docs/partner-api.md#signature).
 */
export interface Credentials {
  apiKey: string;
  macKey?: string;
}

// The checks before the last only choose the message a user reads; isCookieSafe decides.
export const apiKeySchema = z
  .string()
  .check(
    z.minLength(1, 'Enter a key'),
    z.maxLength(MAX_KEY_LENGTH, `A key has at most ${MAX_KEY_LENGTH} characters`),
    z.regex(/^[!-~]*$/, 'Use printable ASCII characters only, without spaces'),
    z.regex(/^[^;,"\\]*$/, 'A key cannot contain ";", ",", a double quote or a backslash'),
    z.refine(isCookieSafe, 'A key cannot be sent as a cookie'),
  );

/** A mac key as typed or stored: a key, or empty for "no signature" (docs/partner-api.md#signature). */
export const macKeySchema = z.union([z.literal(''), apiKeySchema]);

/** Validates credentials read from storage or typed by a user (an outside boundary). */
export const credentialsSchema = z.object({
  apiKey: apiKeySchema,
  macKey: z.optional(macKeySchema),
}) satisfies z.ZodMiniType<Credentials>;
