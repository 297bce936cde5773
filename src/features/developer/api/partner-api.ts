/**
 * The partner API's {base_url} (docs/partner-api.md#requests), for the developer console's curl
 * command that goes straight to the API: the server says it at
 * /partner-api.json (server/proxy/partner-api-config.ts), PARTNER_API_URL or
 * the embedded sandbox's. Null when it does not (or says something that is not
 * a plain http(s) URL): the command then keeps the placeholder.
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';

export const PARTNER_API_CONFIG_URL = '/partner-api.json';

/** http(s), a host, an optional path; no user name or password, no query, no fragment. */
const BASE_URL = /^https?:\/\/[^/?#@\s]+(?:\/[^?#\s]*)?$/i;

const configSchema = z.looseObject({
  version: z.literal(1),
  baseUrl: z.nullable(z.string().check(z.maxLength(2000), z.regex(BASE_URL))),
});

/** The base URL in a /partner-api.json body, without a trailing slash; null for anything else. */
export function baseUrlFromConfig(body: unknown): string | null {
  const parsed = configSchema.safeParse(body);
  return parsed.success && parsed.data.baseUrl !== null ? parsed.data.baseUrl.replace(/\/+$/, '') : null;
}

/** Asked once per page load; a failure means "unknown", never an error on the page. */
export function partnerApiBaseQueryOptions(fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  return queryOptions({
    queryKey: ['partner-api-base'],
    queryFn: async (): Promise<string | null> => {
      try {
        const res = await fetchImpl(PARTNER_API_CONFIG_URL, {
          headers: { Accept: 'application/json' },
          credentials: 'omit',
        });
        return res.ok ? baseUrlFromConfig(await res.json()) : null;
      } catch {
        return null;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}
