import * as z from 'zod/mini';

/**
 * The keys a session signs with (spec §5): apiKey goes to the proxy as
 * `X-Apikey` (the `apikey` cookie upstream); macKey signs each request target.
 * No macKey (or an empty one) → no signature is sent (spec §5.6).
 */
export interface Credentials {
  apiKey: string;
  macKey?: string;
}

// Keys travel in headers that become cookies: printable ASCII without `;` or
// `,` (cookie injection), bounded in length. The proxy refuses the rest anyway.
export const apiKeySchema = z
  .string()
  .check(
    z.regex(/^[!-~]{1,1024}$/, 'Use printable ASCII characters only, without spaces'),
    z.regex(/^[^;,]*$/, 'A key cannot contain ";" or ","'),
  );

/** A mac key as typed or stored: a key, or empty for "no signature" (spec §5.6). */
export const macKeySchema = z.union([z.literal(''), apiKeySchema]);

/** Validates credentials read from storage or typed by a user (an outside boundary). */
export const credentialsSchema = z.object({
  apiKey: apiKeySchema,
  macKey: z.optional(macKeySchema),
}) satisfies z.ZodMiniType<Credentials>;
