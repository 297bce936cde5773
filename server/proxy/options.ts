/** What the proxy is built from (./app.ts createProxy); server/server-app.ts fills it from the configuration. */
import type { LoginGate, LoginLimits } from './login-limits.ts';
import type { Upstream } from './upstream.ts';

export interface ProxyOptions {
  upstream: Upstream;
  /** Application key attached to signup/signin sent without a key (PARTNER_APP_KEY). */
  appKey?: string;
  /** The CSP `frame-ancestors` sources (FRAME_ANCESTORS); default `'self'`. */
  frameAncestors?: string;
  /** Origins of host panels whose messages the embedded SPA accepts (EMBED_ORIGINS), served at /embed-config.json. */
  embedOrigins?: readonly string[];
  /** The built SPA; absent under the Vite dev server, which serves the SPA itself. */
  distDir?: string;
  /** The embedded sandbox's own routes (`/sandbox/*`), served only in sandbox mode. */
  sandbox?: { fetch: (req: Request) => Promise<Response> };
  /**
   * Request body limit; the spec leaves it open (docs/partner-api.md#limits). Default MAX_BODY_BYTES
   * (src/api/limits.ts, 2 MiB: up to 10,000 sites in one sites_add), the sandbox's too.
   */
  maxBodyBytes?: number;
  /** Upstream time limit, answer included. Default 30 s. */
  upstreamTimeoutMs?: number;
  /**
   * Answer limit for a remote upstream. Default 64 MiB (10,000 sites with
   * history fit well within). The in-process sandbox bounds its own answers.
   */
  maxResponseBytes?: number;
  /**
   * The origin the browser reaches the dashboard at (PUBLIC_URL), e.g. behind a
   * TLS load balancer. The in-process sandbox builds the absolute URLs it hands
   * out (dashboard link, sync-file download) from it; default: the origin of
   * each request as the socket and Host header show it.
   */
  publicOrigin?: string;
  /**
   * Proxies in front of this one whose X-Forwarded-For is believed
   * (TRUSTED_PROXIES: IPs or CIDRs, e.g. the TLS load balancer); default none,
   * so the socket's peer is the client (docs/partner-api.md#keys, ./client-address.ts).
   */
  trustedProxies?: readonly string[];
  /**
   * Limits on signup and signin sent with the lent application key, per e-mail
   * and per client address (./login-limits.ts); default DEFAULT_LOGIN_LIMITS.
   */
  loginLimits?: LoginLimits;
  /** The sign-in limits' gate when it is shared (server/workspace/shared-login-gate.ts); default: in memory, from loginLimits. */
  loginGate?: LoginGate;
  /** The team's workspace (server/workspace/): its routes under /workspace/, and the writes it records. */
  workspace?: WorkspaceMount;
  /** Where request lines go (method, status, ms: never a key, a signature or a path). */
  log?: (line: string) => void;
}

/** The proxy gives up on the upstream first: the browser waits 35 s (src/api/transport.ts). */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** An API write the upstream answered, as the workspace's recorder is told of it (after the answer went on). */
interface ObservedWrite {
  method: string;
  /** The request target as received (`/api/...?...`). */
  target: string;
  requestBody: Uint8Array | null;
  /** The key the call was made with (never stored: the recorder knows keys by their id). */
  apiKey: string | null;
  /** The upstream's answer. */
  answer: Uint8Array;
}

interface WorkspaceMount {
  handle(request: Request, bindings: { clientAddress: string | null; origin: string }): Promise<Response>;
  recorder: { methods: ReadonlySet<string>; observe(call: ObservedWrite): void };
}
