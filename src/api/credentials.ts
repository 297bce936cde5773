import * as z from 'zod/mini';

/**
 * The keys a session signs with (docs/partner-api.md#authentication): apiKey goes to the proxy as
 * `X-Apikey` (the `apikey` cookie upstream); macKey signs each request target.
 * No macKey (or an empty one) → no signature is sent (docs/partner-api.md#signature).
 */
export interface Credentials {
  apiKey: string;
  macKey?: string;
}

/**
 * The longest key or signature the dashboard sends and the proxy forwards.
 * Keys the service issues are far shorter; the bound keeps a header small.
 */
export const MAX_KEY_LENGTH = 512;

/**
 * A cookie value per RFC 6265 §4.1.1 (cookie-octet: visible ASCII without
 * `"` `,` `;` `\`), 1 to MAX_KEY_LENGTH characters. Keys travel in headers that
 * the proxy turns into the `apikey`/`apimac` cookies (docs/partner-api.md#keys, docs/partner-api.md#signature); anything
 * else could inject a second cookie or a header. The one rule for the browser
 * (apiKeySchema), the proxy (server/proxy/credentials.ts) and PARTNER_APP_KEY.
 */
const COOKIE_VALUE = new RegExp(`^[\\x21\\x23-\\x2B\\x2D-\\x3A\\x3C-\\x5B\\x5D-\\x7E]{1,${MAX_KEY_LENGTH}}$`);

export function isCookieSafe(value: string): boolean {
  return COOKIE_VALUE.test(value);
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
