/**
 * Server configuration from the environment, validated with zod at start-up
 * (docs/architecture.md#configuration). Every bad value is reported at once, in the
 * operator's terms, and secrets are never echoed. An empty variable counts as
 * unset.
 */
import { z } from 'zod';
import { isLoopbackHost } from './loopback.ts';
import { ConfigError, sandboxConfigFromEnv, type SandboxConfig } from './sandbox/config.ts';
import type { LoginLimits } from './proxy/login-limits.ts';
import { connectionLimitsOf, connectionSettings, type ConnectionLimits } from './config/connections.ts';
import { embeddingDefaults, embedOrigins, frameAncestors } from './config/embedding.ts';
import { loginLimitSettings, loginLimitsOf } from './config/login-limits.ts';
import {
  host,
  port,
  publicUrl,
  REMOTE_DEFAULT_HOST,
  SANDBOX_DEFAULT_HOST,
  trustedProxiesSetting,
} from './config/network.ts';
import { partnerApiUrl, partnerAppKey } from './config/upstream.ts';
import { unsetIfEmpty } from './config/values.ts';
import { readModelSettings, workspaceConfigOf, workspaceSettings } from './config/workspace.ts';
import type { WorkspaceConfig } from './workspace/workspace.ts';

export { ConfigError } from './sandbox/config.ts';

type UpstreamConfig =
  | { kind: 'remote'; baseUrl: string; appKey: string | undefined }
  | { kind: 'sandbox'; sandbox: SandboxConfig; appKey: string };

export interface ServerConfig {
  port: number;
  /** The address `npm start` listens on (HOST). */
  host: string;
  /** The origin the browser reaches the dashboard at (PUBLIC_URL), when it is not what the socket shows. */
  publicOrigin: string | undefined;
  /** CSP frame-ancestors sources (FRAME_ANCESTORS, or its default for the mode). */
  frameAncestors: string;
  /** Origins of host panels whose messages the embedded dashboard accepts (EMBED_ORIGINS, or its default). */
  embedOrigins: string[];
  /** Proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES): IPs and CIDRs. */
  trustedProxies: string[];
  /** Limits on signup and signin with the lent application key (LOGIN_LIMIT_*). */
  loginLimits: LoginLimits;
  /** Timeouts and caps on the HTTP connections (HTTP_*). */
  connections: ConnectionLimits;
  upstream: UpstreamConfig;
  /** The team's workspace store (DATABASE_URL, WORKSPACE_DB, WORKSPACE_ACTIVITY_DAYS). */
  workspace: WorkspaceConfig;
}

const envSchema = z.object({
  PORT: port,
  HOST: host,
  PUBLIC_URL: publicUrl,
  PARTNER_API_URL: partnerApiUrl,
  PARTNER_APP_KEY: partnerAppKey,
  FRAME_ANCESTORS: frameAncestors,
  EMBED_ORIGINS: embedOrigins,
  TRUSTED_PROXIES: trustedProxiesSetting,
  ...loginLimitSettings,
  ...connectionSettings,
  ...workspaceSettings,
  ...readModelSettings,
});

/**
 * Reads the server's configuration. Without PARTNER_API_URL the embedded
 * sandbox is the upstream and its SANDBOX_* settings are validated too; the
 * application key is then the sandbox's (PARTNER_APP_KEY may only repeat it),
 * and HOST defaults to 127.0.0.1 (the outbox holds every one-time password). With PARTNER_API_URL, HOST defaults
 * to 0.0.0.0, every interface.
 * @throws ConfigError listing every problem.
 */
export function serverConfigFromEnv(env: NodeJS.ProcessEnv): ServerConfig {
  const problems: string[] = [];
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => issue.message));

  let sandbox: SandboxConfig | undefined;
  const remote = parsed.success ? parsed.data.PARTNER_API_URL : unsetIfEmpty(env.PARTNER_API_URL);
  if (remote === undefined) {
    try {
      sandbox = sandboxConfigFromEnv(env);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      problems.push(...err.problems);
    }
  }
  // The control surface is unauthenticated (docs/sandbox.md): never on a reachable address.
  const listenHost = parsed.success ? (parsed.data.HOST ?? SANDBOX_DEFAULT_HOST) : undefined;
  if (sandbox?.control === true && listenHost !== undefined && !isLoopbackHost(listenHost)) {
    problems.push(
      `SANDBOX_CONTROL=1 needs a loopback HOST (127.0.0.1, ::1 or localhost): the control surface has no authentication (got HOST "${listenHost}")`,
    );
  }
  // PUBLIC_URL says the dashboard is reached through another machine (a load
  // balancer): the control surface would be reachable through it too.
  if (sandbox?.control === true && parsed.success && parsed.data.PUBLIC_URL !== undefined) {
    problems.push(
      'SANDBOX_CONTROL=1 cannot be used with PUBLIC_URL: the control surface has no authentication; unset one of them',
    );
  }
  // The proxy attaches PARTNER_APP_KEY to signup/signin; the sandbox knows only its own key.
  const appKey = parsed.success ? parsed.data.PARTNER_APP_KEY : undefined;
  if (sandbox !== undefined && appKey !== undefined && appKey !== sandbox.appKey) {
    problems.push(
      'In sandbox mode PARTNER_APP_KEY must be unset or equal SANDBOX_APP_KEY: the embedded sandbox refuses any other application key (set PARTNER_API_URL for the real service)',
    );
  }
  const workspace = parsed.success ? workspaceConfigOf(parsed.data, sandbox?.dbPath) : null;
  if (typeof workspace === 'string') problems.push(workspace);
  if (!parsed.success || problems.length > 0 || workspace === null || typeof workspace === 'string') {
    throw new ConfigError(problems);
  }

  const { PORT, HOST, PUBLIC_URL, FRAME_ANCESTORS, EMBED_ORIGINS, TRUSTED_PROXIES, PARTNER_API_URL, PARTNER_APP_KEY } =
    parsed.data;
  const defaults = embeddingDefaults({
    sandboxOnLoopback: PARTNER_API_URL === undefined && isLoopbackHost(HOST ?? SANDBOX_DEFAULT_HOST),
    port: PORT,
  });
  const common = {
    port: PORT,
    publicOrigin: PUBLIC_URL,
    frameAncestors: FRAME_ANCESTORS ?? defaults.frameAncestors,
    embedOrigins: EMBED_ORIGINS ?? defaults.embedOrigins,
    trustedProxies: TRUSTED_PROXIES,
    loginLimits: loginLimitsOf(parsed.data),
    connections: connectionLimitsOf(parsed.data),
    workspace,
  };
  if (PARTNER_API_URL !== undefined) {
    return {
      ...common,
      host: HOST ?? REMOTE_DEFAULT_HOST,
      upstream: { kind: 'remote', baseUrl: PARTNER_API_URL, appKey: PARTNER_APP_KEY },
    };
  }
  if (sandbox === undefined) throw new ConfigError(['The sandbox configuration could not be read']);
  return {
    ...common,
    host: HOST ?? SANDBOX_DEFAULT_HOST,
    upstream: { kind: 'sandbox', sandbox, appKey: sandbox.appKey },
  };
}
