import * as z from 'zod/mini';
import { credentialsSchema } from '../api/credentials';

/**
 * The signed-in session (src/lib/session.ts) as a zod schema, for the sign-in
 * forms that make one from an answer of the service. The store itself reads
 * stored sessions with `readSession` (./session.ts), which takes exactly what
 * this schema takes (session.test.ts holds them together) without zod: the
 * store is in the entry chunk /login loads.
 */
export const sessionSchema = z.object({
  v: z.literal(1),
  apiKey: credentialsSchema.shape.apiKey,
  macKey: credentialsSchema.shape.macKey,
  /** UNIX seconds; 0 = no expiry (docs/partner-api.md#key-metadata keydata.expires). */
  expires: z.int().check(z.nonnegative()),
  email: z.optional(z.string().check(z.maxLength(320))),
  /** `signin`: made by signin, so signout deletes it (docs/partner-api.md#authorization-methods, docs/partner-api.md#signout). `key`: typed in by the user. */
  kind: z.enum(['signin', 'key']),
  /** A demo account of its own ("Try the demo"): UNIX seconds when it is removed, with its keys. */
  demoResetsAt: z.optional(z.int().check(z.nonnegative())),
});

export type Session = z.infer<typeof sessionSchema>;
