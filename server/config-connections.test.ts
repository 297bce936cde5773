/** HTTP_* (server/config/connections.ts): the connection limits in seconds and counts, validated at start-up. */
import { describe, expect, it } from 'vitest';
import { ConfigError, serverConfigFromEnv } from './config.ts';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    serverConfigFromEnv(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('HTTP_* connection limits', () => {
  it('reads them in seconds and counts, defaults safe, and names each bad one', () => {
    expect(serverConfigFromEnv({}).connections).toEqual({
      headersTimeoutSeconds: 10,
      requestTimeoutSeconds: 30,
      keepAliveTimeoutSeconds: 5,
      maxRequestsPerConnection: 1000,
      maxConnections: 2000,
      maxConnectionsPerAddress: 100,
    });
    const set = serverConfigFromEnv({
      HTTP_HEADERS_TIMEOUT: '20',
      HTTP_REQUEST_TIMEOUT: '5',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
    });
    // A whole request cannot arrive sooner than its headers.
    expect(set.connections).toMatchObject({
      headersTimeoutSeconds: 20,
      requestTimeoutSeconds: 20,
      maxConnectionsPerAddress: 0,
    });
    const problems = problemsOf({
      HTTP_HEADERS_TIMEOUT: '300000',
      HTTP_MAX_CONNECTIONS: '0',
      HTTP_KEEP_ALIVE_TIMEOUT: '5s',
    });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toContain(
      'HTTP_HEADERS_TIMEOUT must be a whole number of seconds from 1 to 300 (default 10; got "300000")',
    );
  });
});
