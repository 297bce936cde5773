import { describe, expect, it } from 'vitest';
import { ConfigError, serverConfigFromEnv } from './config.ts';
import { listenUrl } from './config/network.ts';
import { redactUrl } from './config/values.ts';
import { isLoopbackHost } from './loopback.ts';

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
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicOrigin).toBeUndefined();
    // The sandbox's example host page (/sandbox/embed-example) is the other loopback name.
    expect(config.frameAncestors).toBe("'self' http://localhost:8080 http://127.0.0.1:8080");
    expect(config.embedOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
    expect(config.trustedProxies).toEqual([]);
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
    expect(config.upstream).toEqual({
      kind: 'remote',
      baseUrl: 'https://partner.example.com/base',
      appKey: 'app-key-1',
    });
    // In front of the real service the proxy listens on every interface by default.
    expect(config.host).toBe('0.0.0.0');
  });

  it('takes HOST in either mode, and refuses what is not an address or a host name', () => {
    expect(serverConfigFromEnv({ HOST: '::1' }).host).toBe('::1');
    expect(serverConfigFromEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(serverConfigFromEnv({ HOST: '127.0.0.1', PARTNER_API_URL: 'https://p.example' }).host).toBe('127.0.0.1');
    expect(serverConfigFromEnv({ HOST: '' }).host).toBe('127.0.0.1');
    for (const bad of ['http://0.0.0.0', '0.0.0.0:8080', 'two words', '-x.example']) {
      expect(problemsOf({ HOST: bad }), bad).toEqual([expect.stringMatching(/^HOST must be an IP address/)]);
    }
  });

  it('refuses SANDBOX_CONTROL=1 on a HOST other machines can reach, and allows it on loopback', () => {
    const problems = problemsOf({ SANDBOX_CONTROL: '1', HOST: '0.0.0.0' });
    expect(problems).toEqual([
      expect.stringMatching(/^SANDBOX_CONTROL=1 needs a loopback HOST .* \(got HOST "0\.0\.0\.0"\)$/),
    ]);
    expect(problemsOf({ SANDBOX_CONTROL: '1', HOST: 'dashboard.example.com' })).toHaveLength(1);
    for (const loopback of ['127.0.0.1', '::1', 'localhost', '']) {
      const config = serverConfigFromEnv({ SANDBOX_CONTROL: '1', HOST: loopback });
      expect(config.upstream.kind === 'sandbox' && config.upstream.sandbox.control).toBe(true);
    }
    // Without control the outbox may be exposed on purpose (a shared demo).
    expect(serverConfigFromEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    // The sandbox is not mounted in front of the real service: SANDBOX_CONTROL is not read.
    expect(serverConfigFromEnv({ SANDBOX_CONTROL: '1', PARTNER_API_URL: 'https://p.example' }).host).toBe('0.0.0.0');
  });

  it('takes PUBLIC_URL as an origin, and refuses anything else', () => {
    expect(serverConfigFromEnv({ PUBLIC_URL: 'https://Dashboard.Example.com/' }).publicOrigin).toBe(
      'https://dashboard.example.com',
    );
    expect(serverConfigFromEnv({ PUBLIC_URL: 'http://localhost:8080' }).publicOrigin).toBe('http://localhost:8080');
    expect(serverConfigFromEnv({ PUBLIC_URL: 'https://d.example:443' }).publicOrigin).toBe('https://d.example');
    for (const bad of [
      'dashboard.example.com',
      'ftp://d.example',
      'https://d.example/app',
      'https://u:p@d.example',
      'https://d.example/?x',
      'https://d.example#top',
    ]) {
      expect(problemsOf({ PUBLIC_URL: bad }), bad).toEqual([expect.stringMatching(/^PUBLIC_URL must be the origin/)]);
    }
  });

  it('requires https for PARTNER_API_URL unless the host is loopback', () => {
    expect(problemsOf({ PARTNER_API_URL: 'http://partner.example.com' })).toEqual([
      expect.stringMatching(/^PARTNER_API_URL must use https:\/\/: keys and signatures travel as cookies/),
    ]);
    expect(problemsOf({ PARTNER_API_URL: 'http://10.0.0.5:8787' })).toHaveLength(1);
    expect(problemsOf({ PARTNER_API_URL: 'http://localhost.example' })).toHaveLength(1);
    for (const local of [
      'http://127.0.0.1:8787',
      'http://127.8.9.10',
      'http://[::1]:8787/base',
      'http://localhost:8787',
    ]) {
      expect(serverConfigFromEnv({ PARTNER_API_URL: local }).upstream.kind, local).toBe('remote');
    }
  });

  it('in sandbox mode takes PARTNER_APP_KEY only when it is the sandbox key, which refuses every other', () => {
    expect(serverConfigFromEnv({ PARTNER_APP_KEY: 'sandbox-application-key' }).upstream.appKey).toBe(
      'sandbox-application-key',
    );
    const same = serverConfigFromEnv({ PARTNER_APP_KEY: 'own-sandbox-key', SANDBOX_APP_KEY: 'own-sandbox-key' });
    expect(same.upstream.appKey).toBe('own-sandbox-key');
    const problems = problemsOf({ PARTNER_APP_KEY: 'override-key' });
    expect(problems).toEqual([
      expect.stringMatching(/^In sandbox mode PARTNER_APP_KEY must be unset or equal SANDBOX_APP_KEY/),
    ]);
    expect(problems[0]).not.toContain('override-key');
    expect(problemsOf({ PARTNER_APP_KEY: 'sandbox-application-key', SANDBOX_APP_KEY: 'own-sandbox-key' })).toHaveLength(
      1,
    );
    // In front of the real service it is the partner's own key.
    const remote = serverConfigFromEnv({ PARTNER_API_URL: 'https://p.example', PARTNER_APP_KEY: 'override-key' });
    expect(remote.upstream.appKey).toBe('override-key');
  });

  it('refuses SANDBOX_CONTROL=1 with PUBLIC_URL: the control surface would be reachable through the load balancer', () => {
    expect(problemsOf({ SANDBOX_CONTROL: '1', PUBLIC_URL: 'https://dashboard.example.com' })).toEqual([
      expect.stringMatching(/^SANDBOX_CONTROL=1 cannot be used with PUBLIC_URL/),
    ]);
    expect(serverConfigFromEnv({ PUBLIC_URL: 'https://dashboard.example.com' }).publicOrigin).toBe(
      'https://dashboard.example.com',
    );
    expect(serverConfigFromEnv({ SANDBOX_CONTROL: '1', PUBLIC_URL: '' }).upstream.kind).toBe('sandbox');
  });

  it('reads TRUSTED_PROXIES as IPs and CIDRs, and names each entry that is neither', () => {
    expect(serverConfigFromEnv({ TRUSTED_PROXIES: ' 10.0.0.5, 10.0.0.0/8 ,2001:db8::/32,' }).trustedProxies).toEqual([
      '10.0.0.5',
      '10.0.0.0/8',
      '2001:db8::/32',
    ]);
    expect(serverConfigFromEnv({ TRUSTED_PROXIES: '' }).trustedProxies).toEqual([]);
    expect(problemsOf({ TRUSTED_PROXIES: '10.0.0.5, lb.example, 10.0.0.0/40' })).toEqual([
      expect.stringMatching(/^TRUSTED_PROXIES entry "lb\.example" is not an IP address or a CIDR/),
      expect.stringMatching(/^TRUSTED_PROXIES entry "10\.0\.0\.0\/40"/),
    ]);
  });

  it.each([
    ['PARTNER_API_URL', 'https://user:hunter2@partner.example.com/base'],
    ['PARTNER_API_URL', 'https://partner.example.com/base?token=s3cr3t-token'],
    ['PARTNER_API_URL', 'http://partner.example.com/#token=s3cr3t-token'],
    ['PARTNER_API_URL', 'partner.example.com/?token=s3cr3t-token'],
    ['PUBLIC_URL', 'https://user:hunter2@dashboard.example.com'],
    ['PUBLIC_URL', 'https://dashboard.example.com/?token=s3cr3t-token'],
    ['PUBLIC_URL', 'https://u:hunter2/x?@dashboard.example.com'],
  ])('never echoes the password or token in a bad %s', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${name} `))]);
    expect(problems[0]).not.toContain('hunter2');
    expect(problems[0]).not.toContain('s3cr3t');
    expect(problems[0]).toMatch(/\(got "[^"]*(example\.com|\*\*\*)[^"]*"\)/);
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

  it('embeds nothing by default in front of the real service, nor from beyond loopback in sandbox mode', () => {
    const remote = serverConfigFromEnv({ PARTNER_API_URL: 'https://partner.example.com' });
    expect(remote.frameAncestors).toBe("'self'");
    expect(remote.embedOrigins).toEqual([]);
    for (const env of [{ HOST: '0.0.0.0' }, { PORT: '0' }]) {
      const config = serverConfigFromEnv(env);
      expect(config.frameAncestors, JSON.stringify(env)).toBe("'self'");
      expect(config.embedOrigins, JSON.stringify(env)).toEqual([]);
    }
    expect(serverConfigFromEnv({ PORT: '9123' }).embedOrigins).toEqual([
      'http://localhost:9123',
      'http://127.0.0.1:9123',
    ]);
    // Set explicitly, a setting replaces the default whole.
    const own = serverConfigFromEnv({ FRAME_ANCESTORS: "'none'", EMBED_ORIGINS: 'https://panel.example.com' });
    expect(own.frameAncestors).toBe("'none'");
    expect(own.embedOrigins).toEqual(['https://panel.example.com']);
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
    ['plain http to another host', 'http://partner.example.com'],
    ['credentials', 'https://user:pw@partner.example.com'],
    ['a query', 'https://partner.example.com/?x=1'],
  ])('refuses a PARTNER_API_URL with %s', (_label, value) => {
    expect(problemsOf({ PARTNER_API_URL: value })).toEqual([expect.stringMatching(/^PARTNER_API_URL /)]);
  });

  it('reads the LOGIN_LIMIT_* limits as <count>/<time>, defaults strict, and names each bad one', () => {
    expect(serverConfigFromEnv({}).loginLimits).toEqual({
      codesPerEmail: { count: 5, windowMs: 15 * 60_000 },
      wrongCodesPerCode: 5,
      codesPerAddress: { count: 30, windowMs: 3_600_000 },
      wrongCodesPerAddress: { count: 60, windowMs: 3_600_000 },
    });
    const raised = serverConfigFromEnv({
      LOGIN_LIMIT_CODES_PER_EMAIL: '1000/1m',
      LOGIN_LIMIT_CODES_PER_ADDRESS: '90/30s',
    });
    expect(raised.loginLimits.codesPerEmail).toEqual({ count: 1000, windowMs: 60_000 });
    expect(raised.loginLimits.codesPerAddress).toEqual({ count: 90, windowMs: 30_000 });
    expect(raised.loginLimits.wrongCodesPerCode).toBe(5);
    expect(serverConfigFromEnv({ LOGIN_LIMIT_WRONG_CODES_PER_CODE: '3' }).loginLimits.wrongCodesPerCode).toBe(3);
    const problems = problemsOf({
      LOGIN_LIMIT_CODES_PER_EMAIL: '5 per 15 minutes',
      LOGIN_LIMIT_WRONG_CODES_PER_CODE: '0',
      LOGIN_LIMIT_CODES_PER_ADDRESS: '30/25h',
      LOGIN_LIMIT_WRONG_CODES_PER_ADDRESS: '60/1d',
    });
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe(
      'LOGIN_LIMIT_CODES_PER_EMAIL must be <count>/<time>, such as 5/15m (the default): a count from 1 to 100000, a time in s, m or h from 1s to 24h (got "5 per 15 minutes")',
    );
    expect(problems.join('\n')).toContain('LOGIN_LIMIT_WRONG_CODES_PER_ADDRESS must be <count>/<time>, such as 60/1h');
    expect(problems.join('\n')).toContain('LOGIN_LIMIT_WRONG_CODES_PER_CODE must be a whole number from 1 to 1000');
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

describe('redactUrl', () => {
  it.each([
    ['https://user:pw@partner.example.com/base?token=t#f', 'https://***@partner.example.com/base'],
    ['https://partner.example.com/base/', 'https://partner.example.com/base/'],
    ['ftp://u@host', 'ftp://***@host'],
    ['user:pw@host/path', '***@host/path'],
    ['https://u:p/w?x@host/?q=1', 'https://***@host/'],
    ['https://d.example?#', 'https://d.example'],
  ])('%s → %s', (value, expected) => {
    expect(redactUrl(value)).toBe(expected);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['[::ffff:7f00:1]', true],
    ['localhost', true],
    ['LOCALHOST.', true],
    ['0.0.0.0', false],
    ['::', false],
    ['128.0.0.1', false],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['evil.localhost', false],
    ['localhost.example', false],
    ['127.0.0.1.example', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe('listenUrl', () => {
  it('prints the address the server listens on, and localhost for every interface', () => {
    expect(listenUrl('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(listenUrl('::1', 8080)).toBe('http://[::1]:8080');
    expect(listenUrl('0.0.0.0', 80)).toBe('http://localhost:80');
    expect(listenUrl('::', 80)).toBe('http://localhost:80');
    expect(listenUrl('dash.example', 8080)).toBe('http://dash.example:8080');
  });
});
