/**
 * Limits on the HTTP connections of `npm start` and `npm run sandbox` (HTTP_*,
 * README "Configuration" and "Security"): how long a request may take to arrive,
 * how many connections are open at once, in all and from one client address, and
 * how long and how often a connection is reused. The defaults suit a server that
 * faces the network directly.
 */
import { z } from 'zod';
import { wholeNumberSetting } from './values.ts';

export interface ConnectionLimits {
  /** Seconds for a request's headers to arrive (HTTP_HEADERS_TIMEOUT). */
  headersTimeoutSeconds: number;
  /** Seconds for a whole request, body included, to arrive (HTTP_REQUEST_TIMEOUT). */
  requestTimeoutSeconds: number;
  /** Seconds an idle kept-alive connection stays open (HTTP_KEEP_ALIVE_TIMEOUT). */
  keepAliveTimeoutSeconds: number;
  /** Requests one connection may carry before it is closed (HTTP_MAX_REQUESTS_PER_CONNECTION). */
  maxRequestsPerConnection: number;
  /** Connections open at once, in all (HTTP_MAX_CONNECTIONS). */
  maxConnections: number;
  /** Connections open at once from one client address (HTTP_MAX_CONNECTIONS_PER_ADDRESS); 0: no cap. */
  maxConnectionsPerAddress: number;
}

const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutSeconds: 10,
  requestTimeoutSeconds: 30,
  keepAliveTimeoutSeconds: 5,
  maxRequestsPerConnection: 1000,
  maxConnections: 2000,
  maxConnectionsPerAddress: 100,
};

function whole(name: string, fallback: number, min: number, max: number, unit: string) {
  return wholeNumberSetting(
    fallback,
    min,
    max,
    (got) => `${name} must be a whole number of ${unit} from ${min} to ${max} (default ${fallback}; got "${got}")`,
  );
}

const d = DEFAULT_CONNECTION_LIMITS;
export const connectionSettings = {
  HTTP_HEADERS_TIMEOUT: whole('HTTP_HEADERS_TIMEOUT', d.headersTimeoutSeconds, 1, 300, 'seconds'),
  HTTP_REQUEST_TIMEOUT: whole('HTTP_REQUEST_TIMEOUT', d.requestTimeoutSeconds, 1, 600, 'seconds'),
  HTTP_KEEP_ALIVE_TIMEOUT: whole('HTTP_KEEP_ALIVE_TIMEOUT', d.keepAliveTimeoutSeconds, 1, 300, 'seconds'),
  HTTP_MAX_REQUESTS_PER_CONNECTION: whole(
    'HTTP_MAX_REQUESTS_PER_CONNECTION',
    d.maxRequestsPerConnection,
    1,
    1_000_000,
    'requests',
  ),
  HTTP_MAX_CONNECTIONS: whole('HTTP_MAX_CONNECTIONS', d.maxConnections, 1, 1_000_000, 'connections'),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: whole(
    'HTTP_MAX_CONNECTIONS_PER_ADDRESS',
    d.maxConnectionsPerAddress,
    0,
    1_000_000,
    'connections',
  ),
};

const schema = z.object(connectionSettings);

type Settings = z.output<typeof schema>;

export function connectionLimitsOf(s: Settings): ConnectionLimits {
  return {
    headersTimeoutSeconds: s.HTTP_HEADERS_TIMEOUT,
    // A whole request cannot arrive sooner than its headers.
    requestTimeoutSeconds: Math.max(s.HTTP_REQUEST_TIMEOUT, s.HTTP_HEADERS_TIMEOUT),
    keepAliveTimeoutSeconds: s.HTTP_KEEP_ALIVE_TIMEOUT,
    maxRequestsPerConnection: s.HTTP_MAX_REQUESTS_PER_CONNECTION,
    maxConnections: s.HTTP_MAX_CONNECTIONS,
    maxConnectionsPerAddress: s.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
  };
}

/** The limits from the environment, or the problems with them (for `npm run sandbox`, which reads only these). */
export function connectionLimitsFromEnv(env: NodeJS.ProcessEnv): ConnectionLimits | { problems: string[] } {
  const parsed = schema.safeParse(env);
  if (!parsed.success) return { problems: parsed.error.issues.map((issue) => issue.message) };
  return connectionLimitsOf(parsed.data);
}
