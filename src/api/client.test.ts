/**
 * The client against a real HTTP server (node:http on port 0) that records each
 * request and answers canned envelopes: this pins the wire format. Tests against
 * the sandbox's real answers come with server/sandbox.
 */
// Node-only imports are fine in tests; the layer under test stays isomorphic.
// eslint-disable-next-line no-restricted-imports
import { createHmac } from 'node:crypto';
// eslint-disable-next-line no-restricted-imports
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, DEFAULT_TIMEOUT_MS, type ApiClient } from './client.ts';
import type { Credentials } from './credentials.ts';
import { ApiError, TransportError } from './errors.ts';
import type { Agency, Site } from './schemas.ts';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body: string;
}

/** What the server does with the next request: answer, or hold it open (no answer). */
type Reply = Answer | 'hang';

interface TestServer {
  baseUrl: string;
  requests: Recorded[];
  reply: (next: Reply | ((req: Recorded) => Reply)) => void;
  close: () => Promise<void>;
}

async function startServer(): Promise<TestServer> {
  const requests: Recorded[] = [];
  let handler: (req: Recorded) => Reply = () => ({ status: 500, body: 'no reply set' });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const reply = handler(recorded);
      if (reply === 'hang') return;
      res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json; charset=utf-8', ...reply.headers });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no TCP port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    requests,
    reply: (next) => {
      handler = typeof next === 'function' ? next : () => next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function envelope(result: unknown, overrides: Record<string, unknown> = {}): Answer {
  return {
    body: JSON.stringify({
      version: '1.0.0',
      keyid: 'key-1',
      method: 'test',
      timewait: 3,
      error: 0,
      message: '',
      errorinfo: '',
      result,
      ...overrides,
    }),
  };
}

const agency: Agency = { title: 'Hosting & Co', email: 'office@hosting.example', website: 'hosting.example' };

const site: Site = {
  id: 7,
  host: 'xn--e1afmkfd.xn--p1ai',
  domain: 'пример.рф',
  adddate: 1_700_000_000,
  scanperiod: 604_800,
  nextscan: 1_800_000_000,
  firewallstatus: 1,
  autotreatment: 0,
  permissions: 5,
};

const MAC_KEY = 'mac-Ключ-0123';
const signed: Credentials = { apiKey: 'api-key-123', macKey: MAC_KEY };

let server: TestServer;
let credentials: Credentials | null;
let client: ApiClient;

beforeEach(async () => {
  server = await startServer();
  credentials = signed;
  client = createApiClient({ baseUrl: server.baseUrl, getCredentials: () => credentials, timeoutMs: 2000 });
});

afterEach(async () => {
  await server.close();
});

function lastRequest(): Recorded {
  const req = server.requests.at(-1);
  if (!req) throw new Error('the server saw no request');
  return req;
}

/** The signature as node:crypto computes it: an oracle independent of sign.ts. */
const oracle = (key: string, target: string) => createHmac('md5', key).update(target, 'utf8').digest('hex');

describe('request targets and signatures on the wire', () => {
  it('sends the target byte for byte and signs exactly that string', async () => {
    server.reply(envelope([site]));
    await client.sites_list({ unit: 'owner+1@example.com', withscanreport: true, withfwhistory: false });
    const req = lastRequest();
    expect(req.method).toBe('GET');
    expect(req.url).toBe('/api/sites_list/?unit=owner%2B1%40example.com&withscanreport');
    expect(req.headers['x-apikey']).toBe('api-key-123');
    expect(req.headers['x-apimac']).toBe(oracle(MAC_KEY, req.url));
  });

  it('signs a target with a UTF-8 domain in its percent-encoded form', async () => {
    server.reply(envelope('пример.рф'));
    await expect(client.site_delete('пример.рф', { ignore: true })).resolves.toBe('пример.рф');
    const req = lastRequest();
    expect(req.url).toBe('/api/site_delete/%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/?ignore');
    expect(req.headers['x-apimac']).toBe(oracle(MAC_KEY, req.url));
  });

  it('sends the key without a signature when there is no mac key, or an empty one', async () => {
    server.reply(envelope({ expires: 0 }));
    for (const creds of [{ apiKey: 'app-key' }, { apiKey: 'app-key', macKey: '' }]) {
      credentials = creds;
      await client.api_keyinfo();
      expect(lastRequest().headers['x-apikey']).toBe('app-key');
      expect(lastRequest().headers).not.toHaveProperty('x-apimac');
    }
  });

  it('sends neither header without credentials (the proxy adds the application key)', async () => {
    credentials = null;
    server.reply(
      envelope({ user: { login: 'u', email: 'u@example.com' }, otp: { length: 6, expires_in: 600, expires_at: 1 } }),
    );
    const result = await client.signup('u@example.com');
    expect(result.otp.length).toBe(6);
    const req = lastRequest();
    expect(req.url).toBe('/api/signup/u%40example.com/');
    expect(req.headers).not.toHaveProperty('x-apikey');
    expect(req.headers).not.toHaveProperty('x-apimac');
  });

  it('unparsed: the same signed target, the envelope checked, the result as sent', async () => {
    const odd = [{ ...site, fwhistory: { '20260101': [1, 2] } }];
    server.reply(envelope(odd));
    await expect(client.unparsed('sites_list', { withscanreport: true, withfwhistory: true })).resolves.toEqual(odd);
    const req = lastRequest();
    expect(req.url).toBe('/api/sites_list/?withscanreport&withfwhistory');
    expect(req.headers['x-apimac']).toBe(oracle(MAC_KEY, req.url));
    server.reply(envelope(null, { error: 502, message: 'Authorization error' }));
    await expect(client.unparsed('sites_list', { withfwhistory: true })).rejects.toMatchObject({
      name: 'ApiError',
      code: 502,
    });
  });

  it('reads the credentials on every call', async () => {
    server.reply(envelope({}));
    await client.api_keyinfo();
    credentials = { apiKey: 'second', macKey: 'other' };
    await client.api_keyinfo();
    const [first, second] = server.requests;
    expect(first?.headers['x-apikey']).toBe('api-key-123');
    expect(second?.headers['x-apikey']).toBe('second');
    expect(second?.headers['x-apimac']).toBe(oracle('other', '/api/api_keyinfo/'));
  });

  it('never puts a key in the URL', async () => {
    server.reply(envelope('https://dashboard.example/login?token=t'));
    await client.dashboard();
    const req = lastRequest();
    expect(req.url).toBe('/api/dashboard/');
    expect(req.url).not.toContain('api-key-123');
    expect(req.url).not.toContain(encodeURIComponent(MAC_KEY));
  });
});

describe('every method of docs/partner-api.md#methods as sent', () => {
  const signinResult = {
    user: { login: 'u', email: 'u@example.com', regdate: 1 },
    syncfile: { filename: 'abc.php', download: 'https://x.example/abc.php' },
    publickey: { id: 'p1', key: 'pk', hmac: 'ph' },
    privatekey: { id: 's1', key: 'sk', hmac: 'sh' },
    keydata: { owner: 'o', created: 1, modified: 2, expires: 3, uid: 'u@example.com', ip: '', pid: 'p0' },
  };
  const echo = {
    REQUEST_URI: '/',
    PATH: [],
    QUERY: [],
    HEADERS: {},
    POST: { TYPE: '', LENGTH: 0, DATA: '' },
    FILES: [],
  };

  const cases: {
    name: string;
    call: (c: ApiClient) => Promise<unknown>;
    method: string;
    url: string;
    result: unknown;
  }[] = [
    {
      name: 'signup',
      call: (c) => c.signup('a@b.de'),
      method: 'GET',
      url: '/api/signup/a%40b.de/',
      result: { user: { login: 'a', email: 'a@b.de' }, otp: { length: 6, expires_in: 1, expires_at: 2 } },
    },
    {
      name: 'signin',
      call: (c) => c.signin('a@b.de', '123456'),
      method: 'GET',
      url: '/api/signin/a%40b.de/123456/',
      result: signinResult,
    },
    { name: 'signout', call: (c) => c.signout(), method: 'GET', url: '/api/signout/', result: { expires: 5 } },
    {
      name: 'dashboard',
      call: (c) => c.dashboard(),
      method: 'GET',
      url: '/api/dashboard/',
      result: 'https://d.example/',
    },
    {
      name: 'agency_update',
      call: (c) => c.agency_update(agency),
      method: 'POST',
      url: '/api/agency_update/',
      result: agency,
    },
    { name: 'agency_delete', call: (c) => c.agency_delete(), method: 'GET', url: '/api/agency_delete/', result: null },
    { name: 'agency_view', call: (c) => c.agency_view(), method: 'GET', url: '/api/agency_view/', result: agency },
    {
      name: 'unit_update',
      call: (c) => c.unit_update('a@b.de', 'c@d.de'),
      method: 'GET',
      url: '/api/unit_update/a%40b.de/c%40d.de/',
      result: 'c@d.de',
    },
    {
      name: 'unit_delete',
      call: (c) => c.unit_delete('a@b.de', { withsites: true, ignore: true }),
      method: 'GET',
      url: '/api/unit_delete/a%40b.de/?withsites&ignore',
      result: 'a@b.de',
    },
    { name: 'sites_add', call: (c) => c.sites_add(['a.de']), method: 'POST', url: '/api/sites_add/', result: {} },
    { name: 'sites_list', call: (c) => c.sites_list(), method: 'GET', url: '/api/sites_list/', result: [] },
    {
      name: 'site_delete',
      call: (c) => c.site_delete('a.de'),
      method: 'GET',
      url: '/api/site_delete/a.de/',
      result: 'a.de',
    },
    {
      name: 'site_unshare',
      call: (c) => c.site_unshare('a@b.de', 'bücher.de'),
      method: 'GET',
      url: '/api/site_unshare/a%40b.de/b%C3%BCcher.de/',
      result: 'bücher.de',
    },
    {
      name: 'site_setoption',
      call: (c) => c.site_setoption('a.de', 'scanperiod', 'week'),
      method: 'GET',
      url: '/api/site_setoption/a.de/scanperiod/week/',
      result: ['a.de', 'scanperiod', 'week'],
    },
    { name: 'site_scan', call: (c) => c.site_scan('a.de'), method: 'GET', url: '/api/site_scan/a.de/', result: 'a.de' },
    {
      name: 'api_methodlist',
      call: (c) => c.api_methodlist(),
      method: 'GET',
      url: '/api/api_methodlist/',
      result: ['signup'],
    },
    {
      name: 'api_methoddata',
      call: (c) => c.api_methoddata('site_scan'),
      method: 'GET',
      url: '/api/api_methoddata/site_scan/',
      result: { errprefix: 146, argv: [] },
    },
    {
      name: 'api_keyinfo',
      call: (c) => c.api_keyinfo(),
      method: 'GET',
      url: '/api/api_keyinfo/',
      result: { expires: 0, extra: 'kept' },
    },
    { name: 'api_userinfo', call: (c) => c.api_userinfo(), method: 'GET', url: '/api/api_userinfo/', result: null },
    {
      name: 'api_test',
      call: (c) => c.api_test({ item1: 'abc', item2: '1', item3: 'x y', str: 'é', int: '2', nullint: '3' }),
      method: 'GET',
      url: '/api/api_test/abc/1/x%20y/?str=%C3%A9&int=2&nullint=3',
      result: echo,
    },
  ];

  it.each(cases)('$name: $method $url', async ({ call, method, url, result }) => {
    server.reply(envelope(result));
    await call(client);
    const req = lastRequest();
    expect(req.method).toBe(method);
    expect(req.url).toBe(url);
    expect(req.headers['x-apimac']).toBe(oracle(MAC_KEY, url));
  });
});

describe('path parameters are checked against the registry before any call', () => {
  const bad: { name: string; call: (c: ApiClient) => Promise<unknown>; param: string }[] = [
    { name: 'signup with a bad e-mail', call: (c) => c.signup('not-an-email'), param: 'email' },
    { name: 'signup with a path in the e-mail', call: (c) => c.signup('a@b.de/../x'), param: 'email' },
    { name: 'siteScan with a bad domain', call: (c) => c.site_scan('not a domain'), param: 'domain' },
    // The sandbox would read the URL's host; the client sends host names only (RE.domain).
    { name: 'siteScan with a URL for the domain', call: (c) => c.site_scan('https://a.de/'), param: 'domain' },
    { name: 'siteDelete with an empty domain', call: (c) => c.site_delete(''), param: 'domain' },
    { name: 'signin with a short code', call: (c) => c.signin('a@b.de', '12'), param: 'otp' },
    { name: 'unitUpdate with a bad new e-mail', call: (c) => c.unit_update('a@b.de', 'c@'), param: 'new_email' },
    {
      name: 'siteSetOption with a bad value',
      call: (c) => c.site_setoption('a.de', 'scanperiod', 'WEEK!'),
      param: 'value',
    },
    { name: 'apiMethodData with a bad name', call: (c) => c.api_methoddata('../x'), param: 'methodname' },
    {
      name: 'apiTest (raw) with a non-numeric item2',
      call: (c) => c.api_test({ item1: 'abc', item2: 'x', item3: 'z', str: 's', int: '0', raw: '1' }),
      param: 'item2',
    },
  ];

  it.each(bad)('$name: RangeError naming "$param", nothing sent', async ({ call, param }) => {
    server.reply(envelope('a.de'));
    const err = await call(client).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RangeError);
    expect(err).toMatchObject({ message: expect.stringContaining(`"${param}"`) });
    expect(server.requests).toHaveLength(0);
  });

  it('lets a valid entry through to the server (the check above is not the server being down)', async () => {
    server.reply(envelope('пример.рф'));
    await expect(client.site_scan('пример.рф')).resolves.toBe('пример.рф');
    expect(server.requests).toHaveLength(1);
  });
});

describe('bodies and results', () => {
  it('POSTs the agency as JSON with the spec content type and returns the parsed agency', async () => {
    server.reply((req) => envelope(JSON.parse(req.body)));
    await expect(client.agency_update(agency)).resolves.toEqual(agency);
    const req = lastRequest();
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(JSON.parse(req.body)).toEqual(agency);
  });

  it('POSTs sites as a JSON array and reads per-site errors keyed by index', async () => {
    server.reply(envelope({ '1': 'Invalid domain name' }));
    const items = ['пример.рф', { name: 'bad domain', share: 'u@example.com' }];
    await expect(client.sites_add(items)).resolves.toEqual({ '1': 'Invalid domain name' });
    expect(JSON.parse(lastRequest().body)).toEqual(items);
    expect(lastRequest().headers['content-type']).toBe('application/json; charset=UTF-8');
  });

  it('reads per-site errors that a PHP service encodes as an array', async () => {
    server.reply(envelope(['Invalid domain name', 'Duplicate']));
    await expect(client.sites_add(['a', 'b'])).resolves.toEqual({ '0': 'Invalid domain name', '1': 'Duplicate' });
  });

  it('parses sites with scan report and firewall history, keeping added fields', async () => {
    const report = {
      id: 1,
      date: 2,
      cure: 0,
      threats: 3,
      incurable: 1,
      doubt: 0,
      treated: 0,
      detectedfiles: 3,
      incurablefiles: 1,
      malicious: 2,
      suspicious: 1,
      checkeddirs: 10,
      checkedfiles: 100,
      treatedfiles: 0,
      deletedfiles: 0,
      totalbytes: 1000,
      checkedbytes: 900,
      errors: 0,
    };
    const fwhistory = { '20250101': null, '20250102': [20250102, 10, 2, 0, 1, 0, 1, 2] };
    server.reply(envelope([{ ...site, scanreport: report, fwhistory, future_field: 'x' }]));
    const [first] = await client.sites_list({ withscanreport: true, withfwhistory: true });
    expect(first?.scanreport?.threats).toBe(3);
    expect(first?.fwhistory?.['20250102']?.[2]).toBe(2);
    expect(first).toHaveProperty('future_field', 'x');
  });

  it('returns null where the spec allows it', async () => {
    server.reply(envelope(null));
    await expect(client.api_userinfo()).resolves.toBeNull();
    await expect(client.signout()).resolves.toBeNull();
    await expect(client.agency_delete({ ignore: true })).resolves.toBeNull();
    expect(lastRequest().url).toBe('/api/agency_delete/?ignore');
  });

  it('api_test POSTs any data, labelled by what it is', async () => {
    server.reply(
      envelope({
        REQUEST_URI: '/',
        PATH: [],
        QUERY: {},
        HEADERS: {},
        POST: { TYPE: 't', LENGTH: 3, DATA: 'a=1' },
        FILES: [],
      }),
    );
    await client.api_test({ item1: 'abc', item2: '1', item3: 'z', str: 's', int: '0', post: 'a=1' });
    expect(lastRequest().method).toBe('POST');
    expect(lastRequest().body).toBe('a=1');
    expect(lastRequest().headers['content-type']).toBe('text/plain; charset=UTF-8');
  });

  it('api_test with raw non-zero returns the result text as sent', async () => {
    server.reply({ headers: { 'Content-Type': 'text/plain' }, body: 'just the result' });
    await expect(client.api_test({ item1: 'abc', item2: '1', item3: 'z', str: 's', int: '0', raw: '1' })).resolves.toBe(
      'just the result',
    );
    expect(lastRequest().url).toBe('/api/api_test/abc/1/z/?str=s&int=0&raw=1');
  });
});

describe('errors', () => {
  it('throws ApiError with method, code, message and errorinfo when error != 0', async () => {
    server.reply(envelope(null, { error: 145904, message: 'Permission denied', errorinfo: 'autocleanup' }));
    const err = await client.site_setoption('a.de', 'autocleanup', '1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      method: 'site_setoption',
      code: 145904,
      message: 'Permission denied',
      errorinfo: 'autocleanup',
    });
  });

  it('does not read result when error != 0, even if it has the right shape', async () => {
    server.reply(envelope('a.de', { error: 146901, message: 'Not available for this site' }));
    await expect(client.site_scan('a.de')).rejects.toMatchObject({ name: 'ApiError', code: 146901 });
  });

  it('throws TransportError network when the connection is refused', async () => {
    const closed = await startServer();
    await closed.close();
    const offline = createApiClient({ baseUrl: closed.baseUrl, getCredentials: () => null });
    const err = await offline.api_keyinfo().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect(err).toMatchObject({ kind: 'network', method: 'api_keyinfo' });
  });

  it('throws TransportError bad-response for an answer that is not JSON', async () => {
    server.reply({ headers: { 'Content-Type': 'text/html' }, body: '<html>Welcome</html>' });
    await expect(client.api_keyinfo()).rejects.toMatchObject({
      name: 'TransportError',
      kind: 'bad-response',
      status: 200,
    });
  });

  it('throws TransportError bad-response for JSON that is not the envelope', async () => {
    server.reply({ body: JSON.stringify({ error: 'nope' }) });
    await expect(client.api_keyinfo()).rejects.toMatchObject({ name: 'TransportError', kind: 'bad-response' });
  });

  it('throws TransportError bad-response for a result that is not the spec shape', async () => {
    server.reply(envelope([{ ...site, id: 'seven' }]));
    await expect(client.sites_list()).rejects.toMatchObject({ name: 'TransportError', kind: 'bad-response' });
  });

  it('throws TransportError http for an HTTP error without an envelope', async () => {
    server.reply({ status: 502, headers: { 'Content-Type': 'text/html' }, body: '<h1>Bad Gateway</h1>' });
    await expect(client.api_keyinfo()).rejects.toMatchObject({ name: 'TransportError', kind: 'http', status: 502 });
  });

  it('reads an envelope that comes with an HTTP error status (a proxy answering for a dead upstream)', async () => {
    server.reply({ ...envelope(null, { error: 500, message: 'Service is temporarily unavailable' }), status: 504 });
    await expect(client.api_keyinfo()).rejects.toMatchObject({ name: 'ApiError', code: 500 });
  });

  it('throws TransportError timeout when no answer comes in time', async () => {
    // The server never answers: only the client's own timer can end the call.
    server.reply('hang');
    const slow = createApiClient({ baseUrl: server.baseUrl, getCredentials: () => null, timeoutMs: 150 });
    await expect(slow.api_keyinfo()).rejects.toMatchObject({ name: 'TransportError', kind: 'timeout' });
  });

  it('by default waits DEFAULT_TIMEOUT_MS (35 s), longer than the proxy waits for the upstream (30 s)', async () => {
    vi.useFakeTimers();
    try {
      // A fetch that only ends when the client aborts it: no answer ever comes.
      const hanging: typeof fetch = (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      const client = createApiClient({ fetch: hanging, getCredentials: () => null });
      let outcome: unknown = 'pending';
      const done = client.api_keyinfo().catch((err: unknown) => {
        outcome = err;
      });
      await vi.advanceTimersByTimeAsync(30_000);
      expect(outcome).toBe('pending');
      await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 30_000);
      await done;
      expect(outcome).toMatchObject({ name: 'TransportError', kind: 'timeout' });
      expect(DEFAULT_TIMEOUT_MS).toBe(35_000);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('syncfile_get', () => {
  const php = '<?php\n// synchronization file\necho "ok";\n';

  it('returns the raw body and the name from X-Filename', async () => {
    server.reply({ headers: { 'Content-Type': 'application/x-php', 'X-Filename': 'sync-abc123.php' }, body: php });
    await expect(client.syncfile_get()).resolves.toEqual({ filename: 'sync-abc123.php', content: php });
    const req = lastRequest();
    expect(req.url).toBe('/api/syncfile_get/');
    expect(req.headers['x-apimac']).toBe(oracle(MAC_KEY, '/api/syncfile_get/'));
  });

  it('falls back to Content-Disposition', async () => {
    server.reply({
      headers: { 'Content-Type': 'text/plain', 'Content-Disposition': 'attachment; filename="s-9.php"' },
      body: php,
    });
    await expect(client.syncfile_get()).resolves.toEqual({ filename: 's-9.php', content: php });
    server.reply({
      headers: { 'Content-Disposition': 'attachment; filename="x.php"; filename*=UTF-8\'\'s%C3%BC.php' },
      body: php,
    });
    await expect(client.syncfile_get()).resolves.toMatchObject({ filename: 'sü.php' });
  });

  it('throws TransportError http with the body text on 4xx', async () => {
    server.reply({
      status: 403,
      headers: { 'Content-Type': 'text/plain' },
      body: 'Synchronization file is not available\n',
    });
    const err = await client.syncfile_get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect(err).toMatchObject({
      kind: 'http',
      status: 403,
      message: 'Synchronization file is not available',
      method: 'syncfile_get',
    });
  });

  it('throws ApiError when the answer is an error envelope (an authorization failure)', async () => {
    server.reply(envelope(null, { error: 502, message: 'Authorization error' }));
    await expect(client.syncfile_get()).rejects.toMatchObject({ name: 'ApiError', code: 502 });
  });

  it('refuses a file name that is a path', async () => {
    server.reply({ headers: { 'X-Filename': '../../etc/x.php' }, body: php });
    await expect(client.syncfile_get()).rejects.toMatchObject({ name: 'TransportError', kind: 'bad-response' });
  });
});

describe('call (developer console)', () => {
  it('returns the request and the answer as received, without throwing on an error envelope', async () => {
    server.reply({
      ...envelope(null, { error: 503, message: 'Invalid request format' }),
      headers: { 'X-Extra': 'yes' },
    });
    const res = await client.call('api_test', { path: ['ABC', '1', 'x'], query: { str: 'a', int: '1', flag: true } });
    expect(res.target).toBe('/api/api_test/ABC/1/x/?str=a&int=1&flag');
    expect(res.signature).toBe(oracle(MAC_KEY, res.target));
    expect(res.status).toBe(200);
    expect(res.headers['x-extra']).toBe('yes');
    expect(res.envelope).toMatchObject({ error: 503, message: 'Invalid request format' });
    expect(JSON.parse(res.text)).toMatchObject({ error: 503 });
    expect(lastRequest().url).toBe(res.target);
  });

  it('uses the registry verb by default, POST with a body, and gives envelope null for raw answers', async () => {
    server.reply({ headers: { 'Content-Type': 'text/plain' }, body: 'raw' });
    const res = await client.call('sites_add', {});
    expect(lastRequest().method).toBe('POST');
    expect(res.envelope).toBeNull();
    expect(res.text).toBe('raw');
    credentials = null;
    const unsigned = await client.call('api_test', { path: ['a', '1', 'b'], body: '{"k":1}' });
    expect(unsigned.signature).toBeNull();
    expect(lastRequest().method).toBe('POST');
    expect(lastRequest().headers['content-type']).toBe('application/json; charset=UTF-8');
  });
});
