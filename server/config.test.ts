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

describe('serverConfigFromEnv', () => {
  it('defaults to port 8080, the embedded sandbox and its application key', () => {
    const config = serverConfigFromEnv({});
    expect(config.port).toBe(8080);
    expect(config.frameAncestors).toBe("'self'");
    expect(config.embedOrigins).toEqual([]);
    expect(config.upstream.kind).toBe('sandbox');
    if (config.upstream.kind !== 'sandbox') return;
    expect(config.upstream.appKey).toBe(config.upstream.sandbox.appKey);
  });

  it('treats empty variables as unset', () => {
    const config = serverConfigFromEnv({ PORT: '', PARTNER_API_URL: '', FRAME_ANCESTORS: '', EMBED_ORIGINS: '' });
    expect(config.port).toBe(8080);
    expect(config.upstream.kind).toBe('sandbox');
  });

  it('uses PARTNER_API_URL without its trailing slash, and PARTNER_APP_KEY', () => {
    const config = serverConfigFromEnv({
      PARTNER_API_URL: 'https://partner.example.com/base/',
      PARTNER_APP_KEY: 'app-key-1',
      // Sandbox settings are not read in this mode, even when invalid.
      SANDBOX_SEED: 'bogus',
    });
    expect(config.upstream).toEqual({ kind: 'remote', baseUrl: 'https://partner.example.com/base', appKey: 'app-key-1' });
  });

  it('lets PARTNER_APP_KEY override the sandbox key', () => {
    const config = serverConfigFromEnv({ PARTNER_APP_KEY: 'override-key' });
    expect(config.upstream.appKey).toBe('override-key');
  });

  it('parses FRAME_ANCESTORS and EMBED_ORIGINS', () => {
    const config = serverConfigFromEnv({
      FRAME_ANCESTORS: "'self'   https://panel.example.com https://*.hoster.example:8443",
      EMBED_ORIGINS: 'https://panel.example.com, http://localhost:3000',
    });
    expect(config.frameAncestors).toBe("'self' https://panel.example.com https://*.hoster.example:8443");
    expect(config.embedOrigins).toEqual(['https://panel.example.com', 'http://localhost:3000']);
    expect(serverConfigFromEnv({ FRAME_ANCESTORS: "'none'" }).frameAncestors).toBe("'none'");
  });

  it('lists every bad value at once, the sandbox settings included', () => {
    const problems = problemsOf({
      PORT: '80a',
      FRAME_ANCESTORS: "'self'; script-src *",
      EMBED_ORIGINS: 'https://ok.example, https://panel.example.com/path',
      SANDBOX_SEED: 'lots',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PORT must be a whole number from 0 to 65535 \(got "80a"\)/);
    expect(problems.join('\n')).toMatch(/FRAME_ANCESTORS has "'self';"/);
    expect(problems.join('\n')).toMatch(/EMBED_ORIGINS entry "https:\/\/panel.example.com\/path" is not an origin/);
    expect(problems.join('\n')).toMatch(/SANDBOX_SEED/);
  });

  it.each([
    ['not a URL', 'partner.example.com'],
    ['another scheme', 'ftp://partner.example.com'],
    ['credentials', 'https://user:pw@partner.example.com'],
    ['a query', 'https://partner.example.com/?x=1'],
  ])('refuses a PARTNER_API_URL with %s', (_label, value) => {
    expect(problemsOf({ PARTNER_API_URL: value })).toEqual([expect.stringMatching(/^PARTNER_API_URL /)]);
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' })).toHaveLength(1);
    expect(serverConfigFromEnv({ PORT: '0' }).port).toBe(0);
  });

  it('refuses a PARTNER_APP_KEY that could inject a cookie, without echoing it', () => {
    const problems = problemsOf({ PARTNER_APP_KEY: 'secret; apimac=x' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PARTNER_APP_KEY must be/);
    expect(problems[0]).not.toContain('secret');
  });
});
