/**
 * The client against a real HTTP server (node:http on port 0) that records each
 * request and answers canned envelopes: this pins the wire format. Tests against
 * the sandbox's real answers come with server/sandbox. Here: the targets,
 * signatures and paths sent; the answers: client-answers.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ApiClient } from './client.ts';
import { agency, envelope, MAC_KEY, oracle, site, wirePerTest } from './wire-test-server.ts';

const wire = wirePerTest();

describe('request targets and signatures on the wire', () => {
  it('sends the target byte for byte and signs exactly that string', async () => {
    wire.server.reply(envelope([site]));
    await wire.client.sites_list({ unit: 'owner+1@example.com', withscanreport: true, withfwhistory: false });
    const req = wire.lastRequest();
    expect(req.method).toBe('GET');
    expect(req.url).toBe('/api/sites_list/?unit=owner%2B1%40example.com&withscanreport');
    expect(req.headers['x-apikey']).toBe('api-key-123');
    expect(req.headers['x-apimac']).toBe(oracle(MAC_KEY, req.url));
  });

  it('signs a target with a UTF-8 domain in its percent-encoded form', async () => {
    wire.server.reply(envelope('пример.рф'));
    await expect(wire.client.site_delete('пример.рф', { ignore: true })).resolves.toBe('пример.рф');
    const req = wire.lastRequest();
    expect(req.url).toBe('/api/site_delete/%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/?ignore');
    expect(req.headers['x-apimac']).toBe(oracle(MAC_KEY, req.url));
  });

  it('sends the key without a signature when there is no mac key, or an empty one', async () => {
    wire.server.reply(envelope({ expires: 0 }));
    for (const creds of [{ apiKey: 'app-key' }, { apiKey: 'app-key', macKey: '' }]) {
      wire.credentials = creds;
      await wire.client.api_keyinfo();
      expect(wire.lastRequest().headers['x-apikey']).toBe('app-key');
      expect(wire.lastRequest().headers).not.toHaveProperty('x-apimac');
    }
  });

  it('sends neither header without credentials (the proxy adds the application key)', async () => {
    wire.credentials = null;
    wire.server.reply(
      envelope({ user: { login: 'u', email: 'u@example.com' }, otp: { length: 6, expires_in: 600, expires_at: 1 } }),
    );
    const result = await wire.client.signup('u@example.com');
    expect(result.otp.length).toBe(6);
    const req = wire.lastRequest();
    expect(req.url).toBe('/api/signup/u%40example.com/');
    expect(req.headers).not.toHaveProperty('x-apikey');
    expect(req.headers).not.toHaveProperty('x-apimac');
  });

  it('unparsed: the same signed target, the envelope checked, the result as sent', async () => {
    const odd = [{ ...site, fwhistory: { '20260101': [1, 2] } }];
    wire.server.reply(envelope(odd));
    await expect(wire.client.unparsed('sites_list', { withscanreport: true, withfwhistory: true })).resolves.toEqual(
      odd,
    );
    const req = wire.lastRequest();
    expect(req.url).toBe('/api/sites_list/?withscanreport&withfwhistory');
    expect(req.headers['x-apimac']).toBe(oracle(MAC_KEY, req.url));
    wire.server.reply(envelope(null, { error: 502, message: 'Authorization error' }));
    await expect(wire.client.unparsed('sites_list', { withfwhistory: true })).rejects.toMatchObject({
      name: 'ApiError',
      code: 502,
    });
  });

  it('reads the credentials on every call', async () => {
    wire.server.reply(envelope({}));
    await wire.client.api_keyinfo();
    wire.credentials = { apiKey: 'second', macKey: 'other' };
    await wire.client.api_keyinfo();
    const [first, second] = wire.server.requests;
    expect(first?.headers['x-apikey']).toBe('api-key-123');
    expect(second?.headers['x-apikey']).toBe('second');
    expect(second?.headers['x-apimac']).toBe(oracle('other', '/api/api_keyinfo/'));
  });

  it('never puts a key in the URL', async () => {
    wire.server.reply(envelope('https://dashboard.example/login?token=t'));
    await wire.client.dashboard();
    const req = wire.lastRequest();
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
    wire.server.reply(envelope(result));
    await call(wire.client);
    const req = wire.lastRequest();
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
    wire.server.reply(envelope('a.de'));
    const err = await call(wire.client).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RangeError);
    expect(err).toMatchObject({ message: expect.stringContaining(`"${param}"`) });
    expect(wire.server.requests).toHaveLength(0);
  });

  it('lets a valid entry through to the server (the check above is not the server being down)', async () => {
    wire.server.reply(envelope('пример.рф'));
    await expect(wire.client.site_scan('пример.рф')).resolves.toBe('пример.рф');
    expect(wire.server.requests).toHaveLength(1);
  });
});
