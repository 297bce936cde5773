/**
 * The client against a real HTTP server (node:http on port 0) that records each
 * request and answers canned envelopes: this pins the wire format. Tests against
 * the sandbox's real answers come with server/sandbox. Here: bodies, results,
 * errors, syncfile_get and the developer console's call; what is sent:
 * wire.client.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, DEFAULT_TIMEOUT_MS } from './client.ts';
import { ApiError, TransportError } from './errors.ts';
import { agency, envelope, MAC_KEY, oracle, site, startServer, wirePerTest } from './wire-test-server.ts';

const wire = wirePerTest();

describe('bodies and results', () => {
  it('POSTs the agency as JSON with the spec content type and returns the parsed agency', async () => {
    wire.server.reply((req) => envelope(JSON.parse(req.body)));
    await expect(wire.client.agency_update(agency)).resolves.toEqual(agency);
    const req = wire.lastRequest();
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(JSON.parse(req.body)).toEqual(agency);
  });

  it('POSTs sites as a JSON array and reads per-site errors keyed by index', async () => {
    wire.server.reply(envelope({ '1': 'Invalid domain name' }));
    const items = ['пример.рф', { name: 'bad domain', share: 'u@example.com' }];
    await expect(wire.client.sites_add(items)).resolves.toEqual({ '1': 'Invalid domain name' });
    expect(JSON.parse(wire.lastRequest().body)).toEqual(items);
    expect(wire.lastRequest().headers['content-type']).toBe('application/json; charset=UTF-8');
  });

  it('reads per-site errors that a PHP service encodes as an array', async () => {
    wire.server.reply(envelope(['Invalid domain name', 'Duplicate']));
    await expect(wire.client.sites_add(['a', 'b'])).resolves.toEqual({ '0': 'Invalid domain name', '1': 'Duplicate' });
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
    wire.server.reply(envelope([{ ...site, scanreport: report, fwhistory, future_field: 'x' }]));
    const [first] = await wire.client.sites_list({ withscanreport: true, withfwhistory: true });
    expect(first?.scanreport?.threats).toBe(3);
    expect(first?.fwhistory?.['20250102']?.[2]).toBe(2);
    expect(first).toHaveProperty('future_field', 'x');
  });

  it('returns null where the spec allows it', async () => {
    wire.server.reply(envelope(null));
    await expect(wire.client.api_userinfo()).resolves.toBeNull();
    await expect(wire.client.signout()).resolves.toBeNull();
    await expect(wire.client.agency_delete({ ignore: true })).resolves.toBeNull();
    expect(wire.lastRequest().url).toBe('/api/agency_delete/?ignore');
  });

  it('api_test POSTs any data, labelled by what it is', async () => {
    wire.server.reply(
      envelope({
        REQUEST_URI: '/',
        PATH: [],
        QUERY: {},
        HEADERS: {},
        POST: { TYPE: 't', LENGTH: 3, DATA: 'a=1' },
        FILES: [],
      }),
    );
    await wire.client.api_test({ item1: 'abc', item2: '1', item3: 'z', str: 's', int: '0', post: 'a=1' });
    expect(wire.lastRequest().method).toBe('POST');
    expect(wire.lastRequest().body).toBe('a=1');
    expect(wire.lastRequest().headers['content-type']).toBe('text/plain; charset=UTF-8');
  });

  it('api_test with raw non-zero returns the result text as sent', async () => {
    wire.server.reply({ headers: { 'Content-Type': 'text/plain' }, body: 'just the result' });
    await expect(
      wire.client.api_test({ item1: 'abc', item2: '1', item3: 'z', str: 's', int: '0', raw: '1' }),
    ).resolves.toBe('just the result');
    expect(wire.lastRequest().url).toBe('/api/api_test/abc/1/z/?str=s&int=0&raw=1');
  });
});

describe('errors', () => {
  it('throws ApiError with method, code, message and errorinfo when error != 0', async () => {
    wire.server.reply(envelope(null, { error: 145904, message: 'Permission denied', errorinfo: 'autocleanup' }));
    const err = await wire.client.site_setoption('a.de', 'autocleanup', '1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      method: 'site_setoption',
      code: 145904,
      message: 'Permission denied',
      errorinfo: 'autocleanup',
    });
  });

  it('does not read result when error != 0, even if it has the right shape', async () => {
    wire.server.reply(envelope('a.de', { error: 146901, message: 'Not available for this site' }));
    await expect(wire.client.site_scan('a.de')).rejects.toMatchObject({ name: 'ApiError', code: 146901 });
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
    wire.server.reply({ headers: { 'Content-Type': 'text/html' }, body: '<html>Welcome</html>' });
    await expect(wire.client.api_keyinfo()).rejects.toMatchObject({
      name: 'TransportError',
      kind: 'bad-response',
      status: 200,
    });
  });

  it('throws TransportError bad-response for JSON that is not the envelope', async () => {
    wire.server.reply({ body: JSON.stringify({ error: 'nope' }) });
    await expect(wire.client.api_keyinfo()).rejects.toMatchObject({ name: 'TransportError', kind: 'bad-response' });
  });

  it('throws TransportError bad-response for a result that is not the spec shape', async () => {
    wire.server.reply(envelope([{ ...site, id: 'seven' }]));
    await expect(wire.client.sites_list()).rejects.toMatchObject({ name: 'TransportError', kind: 'bad-response' });
  });

  it('throws TransportError http for an HTTP error without an envelope', async () => {
    wire.server.reply({ status: 502, headers: { 'Content-Type': 'text/html' }, body: '<h1>Bad Gateway</h1>' });
    await expect(wire.client.api_keyinfo()).rejects.toMatchObject({
      name: 'TransportError',
      kind: 'http',
      status: 502,
    });
  });

  it('reads an envelope that comes with an HTTP error status (a proxy answering for a dead upstream)', async () => {
    wire.server.reply({
      ...envelope(null, { error: 500, message: 'Service is temporarily unavailable' }),
      status: 504,
    });
    await expect(wire.client.api_keyinfo()).rejects.toMatchObject({ name: 'ApiError', code: 500 });
  });

  it('throws TransportError timeout when no answer comes in time', async () => {
    // The server never answers: only the client's own timer can end the call.
    wire.server.reply('hang');
    const slow = createApiClient({ baseUrl: wire.server.baseUrl, getCredentials: () => null, timeoutMs: 150 });
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
    wire.server.reply({ headers: { 'Content-Type': 'application/x-php', 'X-Filename': 'sync-abc123.php' }, body: php });
    await expect(wire.client.syncfile_get()).resolves.toEqual({ filename: 'sync-abc123.php', content: php });
    const req = wire.lastRequest();
    expect(req.url).toBe('/api/syncfile_get/');
    expect(req.headers['x-apimac']).toBe(oracle(MAC_KEY, '/api/syncfile_get/'));
  });

  it('falls back to Content-Disposition', async () => {
    wire.server.reply({
      headers: { 'Content-Type': 'text/plain', 'Content-Disposition': 'attachment; filename="s-9.php"' },
      body: php,
    });
    await expect(wire.client.syncfile_get()).resolves.toEqual({ filename: 's-9.php', content: php });
    wire.server.reply({
      headers: { 'Content-Disposition': 'attachment; filename="x.php"; filename*=UTF-8\'\'s%C3%BC.php' },
      body: php,
    });
    await expect(wire.client.syncfile_get()).resolves.toMatchObject({ filename: 'sü.php' });
  });

  it('throws TransportError http with the body text on 4xx', async () => {
    wire.server.reply({
      status: 403,
      headers: { 'Content-Type': 'text/plain' },
      body: 'Synchronization file is not available\n',
    });
    const err = await wire.client.syncfile_get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect(err).toMatchObject({
      kind: 'http',
      status: 403,
      message: 'Synchronization file is not available',
      method: 'syncfile_get',
    });
  });

  it('throws ApiError when the answer is an error envelope (an authorization failure)', async () => {
    wire.server.reply(envelope(null, { error: 502, message: 'Authorization error' }));
    await expect(wire.client.syncfile_get()).rejects.toMatchObject({ name: 'ApiError', code: 502 });
  });

  it('refuses a file name that is a path', async () => {
    wire.server.reply({ headers: { 'X-Filename': '../../etc/x.php' }, body: php });
    await expect(wire.client.syncfile_get()).rejects.toMatchObject({ name: 'TransportError', kind: 'bad-response' });
  });
});

describe('call (developer console)', () => {
  it('returns the request and the answer as received, without throwing on an error envelope', async () => {
    wire.server.reply({
      ...envelope(null, { error: 503, message: 'Invalid request format' }),
      headers: { 'X-Extra': 'yes' },
    });
    const res = await wire.client.call('api_test', {
      path: ['ABC', '1', 'x'],
      query: { str: 'a', int: '1', flag: true },
    });
    expect(res.target).toBe('/api/api_test/ABC/1/x/?str=a&int=1&flag');
    expect(res.signature).toBe(oracle(MAC_KEY, res.target));
    expect(res.status).toBe(200);
    expect(res.headers['x-extra']).toBe('yes');
    expect(res.envelope).toMatchObject({ error: 503, message: 'Invalid request format' });
    expect(JSON.parse(res.text)).toMatchObject({ error: 503 });
    expect(wire.lastRequest().url).toBe(res.target);
  });

  it('uses the registry verb by default, POST with a body, and gives envelope null for raw answers', async () => {
    wire.server.reply({ headers: { 'Content-Type': 'text/plain' }, body: 'raw' });
    const res = await wire.client.call('sites_add', {});
    expect(wire.lastRequest().method).toBe('POST');
    expect(res.envelope).toBeNull();
    expect(res.text).toBe('raw');
    wire.credentials = null;
    const unsigned = await wire.client.call('api_test', { path: ['a', '1', 'b'], body: '{"k":1}' });
    expect(unsigned.signature).toBeNull();
    expect(wire.lastRequest().method).toBe('POST');
    expect(wire.lastRequest().headers['content-type']).toBe('application/json; charset=UTF-8');
  });
});
