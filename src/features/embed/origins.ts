/**
 * Which panels the dashboard talks to (docs/embedding.md): the origins of
 * EMBED_ORIGINS, learnt at run time from the server's /embed-config.json
 * (server/proxy/embedding.ts), so one build serves every configuration.
 */
import * as z from 'zod/mini';

const EMBED_CONFIG_URL = '/embed-config.json';

const ORIGIN = /^https?:\/\/[^/?#\s]+$/i;

const configSchema = z.looseObject({
  version: z.literal(1),
  origins: z.array(z.string().check(z.maxLength(300), z.regex(ORIGIN))).check(z.maxLength(1000)),
});

/** The origins in a /embed-config.json body; null for anything else. */
export function originsFromConfig(body: unknown): string[] | null {
  const parsed = configSchema.safeParse(body);
  return parsed.success ? parsed.data.origins.map((origin) => origin.toLowerCase()) : null;
}

/**
 * The allowed origins; none when the server does not say (a failure means
 * "talk to nobody", never "talk to anybody").
 */
export async function loadEmbedOrigins(fetchImpl: typeof fetch = fetch): Promise<string[]> {
  try {
    const res = await fetchImpl(EMBED_CONFIG_URL, { headers: { Accept: 'application/json' }, credentials: 'omit' });
    if (res.ok) {
      const origins = originsFromConfig(await res.json());
      if (origins !== null) return origins;
    }
  } catch {
    // Below.
  }
  console.warn('[embed] the embedding settings could not be read: messages to and from the panel are off');
  return [];
}

/** An exact match: scheme, host and port. A sandboxed frame's "null" origin never matches. */
export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  return origin !== 'null' && allowed.includes(origin.toLowerCase());
}

/**
 * Where the dashboard's messages go. Browsers that name the embedding page's
 * origin (`location.ancestorOrigins`, Chromium and Safari) give one target,
 * or none when that origin is not allowed; elsewhere the first message goes
 * to every allowed origin and the browser delivers it only to the one that
 * matches the parent (postMessage's targetOrigin check), until the panel's
 * first accepted message names its origin.
 */
export function initialTargets(ancestorOrigins: readonly string[] | undefined, allowed: readonly string[]): string[] {
  if (ancestorOrigins === undefined) return [...allowed];
  const parent = ancestorOrigins[0];
  return parent !== undefined && isAllowedOrigin(parent, allowed) ? [parent.toLowerCase()] : [];
}
