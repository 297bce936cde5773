/**
 * Where the partner API is, for callers of their own (the developer
 * console's curl command that goes straight to the API):
 * - `/partner-api.json`: `{ version: 1, baseUrl }`, the spec's `{base_url}`
 *   (PARTNER_API_URL, or the embedded sandbox's), null when unknown. Not a
 *   secret, and never with credentials (the configuration refuses a user name
 *   or password in PARTNER_API_URL); src/features/developer/api/partner-api.ts reads it.
 * - In sandbox mode the sandbox's `{base_url}` is `<origin>/sandbox`:
 *   `/sandbox/api/...` is its API as partners call it, the keys sent as the
 *   `apikey` and `apimac` cookies themselves (docs/partner-api.md#authentication), the signature over
 *   `/api/...` as always (docs/partner-api.md#signature).
 */
export const PARTNER_API_CONFIG_PATH = '/partner-api.json';
export const SANDBOX_BASE_PATH = '/sandbox';

/** The shape of /partner-api.json; `version` changes only if the shape does. */
interface PartnerApiConfig {
  version: 1;
  baseUrl: string | null;
}

export function partnerApiConfigResponse(baseUrl: string | null, method: string): Response {
  if (method !== 'GET' && method !== 'HEAD') {
    return new Response('Method not allowed\n', { status: 405, headers: { Allow: 'GET, HEAD' } });
  }
  const config: PartnerApiConfig = { version: 1, baseUrl };
  // It follows the server's settings (and, in sandbox mode, the name it was reached by): never cached.
  return new Response(method === 'HEAD' ? null : JSON.stringify(config), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
