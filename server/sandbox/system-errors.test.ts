/**
 * System-wide errors (docs/partner-api.md#system-errors): 502 authorization, 503 request format, 504
 * unknown method, 505 access level. Every answer is the docs/partner-api.md#envelope with HTTP
 * 200, never a crash, a stack trace or an HTML page.
 */
import { describe, expect, it } from 'vitest';
import { SYSTEM_ERRORS, type SystemErrorCode } from '../../src/api/system-errors.ts';
import { MAX_BODY_BYTES } from '../../src/api/limits.ts';
import { enc, freshHttpSandbox, freshSandbox, type Answer } from './testing.ts';

function expectSystemError(answer: Answer, code: SystemErrorCode): void {
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.envelope).toMatchObject({ error: code, message: SYSTEM_ERRORS[code], result: null });
  // Never a stack trace in the detail.
  expect(answer.envelope.errorinfo).not.toMatch(/\n\s+at |\.ts:\d+/);
}

describe('502 authorization error', () => {
  it('refuses a request without an API key', async () => {
    const bed = freshSandbox();
    const a = await bed.call('/api/api_keyinfo/');
    expectSystemError(a, 502);
    expect(a.envelope.keyid).toBe('');
    expect(a.envelope.method).toBe('api_keyinfo');
    // Said so that a developer with only the spec knows which key to send.
    expect(a.envelope.errorinfo).toBe(
      'No API key: send the apikey cookie (for signup and signin, the application key printed when the sandbox started)',
    );
  });

  it('refuses an unknown key', async () => {
    const bed = freshSandbox();
    const a = await bed.call('/api/api_keyinfo/', { key: { key: 'no-such-key-0123456789' } });
    expectSystemError(a, 502);
    expect(a.envelope.keyid).toBe('');
  });

  it('refuses a key expired through the control surface', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.ok('/api/api_keyinfo/', { key: account });
    expect(await bed.control('expire-key', { email: account.email })).toEqual({ expired: 1 });
    const expired = await bed.call('/api/api_keyinfo/', { key: account });
    expectSystemError(expired, 502);
    // The key was identified: the envelope names it (docs/partner-api.md#envelope keyid).
    expect(expired.envelope.keyid).toBe(account.keyId);
    expectSystemError(await bed.call('/api/sites_list/', { key: account }), 502);
  });

  it('refuses a key whose expiry passes on the sandbox clock', async () => {
    const bed = freshSandbox({ keyDays: 1 });
    const account = await bed.signUpAndIn();
    await bed.advance(86400 - 60);
    await bed.ok('/api/api_keyinfo/', { key: account });
    await bed.advance(120);
    expectSystemError(await bed.call('/api/api_keyinfo/', { key: account }), 502);
  });

  it('refuses a signin key without apimac when signatures are required (the default)', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expectSystemError(await bed.call('/api/sites_list/', { key: account, mac: null }), 502);
  });

  it('refuses a wrong signature, naming the key', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const a = await bed.call('/api/sites_list/', { key: account, mac: '0'.repeat(32) });
    expectSystemError(a, 502);
    expect(a.envelope.keyid).toBe(account.keyId);
    expect(a.envelope.errorinfo).toBe('The signature (apimac) does not match the request');
    const missing = await bed.call('/api/sites_list/', { key: account, mac: null });
    expect(missing.envelope).toMatchObject({ error: 502, keyid: account.keyId });
  });

  it('refuses a key used from an IP outside keydata.ip', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expect(await bed.control('bind-ip', { email: account.email, ip: '203.0.113.7, 198.51.100.1' })).toEqual({
      bound: 1,
    });
    // In-process the address is what our proxy says in X-Forwarded-For (none: unknown).
    expectSystemError(await bed.call('/api/api_keyinfo/', { key: account }), 502);
    expectSystemError(
      await bed.call('/api/api_keyinfo/', { key: account, headers: { 'x-forwarded-for': '192.0.2.1' } }),
      502,
    );
    const info = await bed.ok('/api/api_keyinfo/', { key: account, headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(info).toMatchObject({ ip: '203.0.113.7, 198.51.100.1' });
    await bed.ok('/api/api_keyinfo/', { key: account, headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' } });
  });

  it('in-process without X-Forwarded-For the address is unknown: a key bound to 127.0.0.1 does not pass', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.control('bind-ip', { email: account.email, ip: '127.0.0.1' });
    expectSystemError(await bed.call('/api/api_keyinfo/', { key: account }), 502);
    await bed.ok('/api/api_keyinfo/', { key: account, headers: { 'x-forwarded-for': '127.0.0.1' } });
  });

  it('over a socket uses the peer address and ignores X-Forwarded-For, which any client can send', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    await bed.control('bind-ip', { email: account.email, ip: '203.0.113.7' });
    const spoofed = await bed.call('/api/api_keyinfo/', {
      key: account,
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expectSystemError(spoofed, 502);
    expect(spoofed.envelope.errorinfo).toMatch(/IP address/);
    await bed.control('bind-ip', { email: account.email, ip: '127.0.0.1' });
    expect(
      await bed.ok('/api/api_keyinfo/', { key: account, headers: { 'x-forwarded-for': '192.0.2.1' } }),
    ).toMatchObject({
      ip: '127.0.0.1',
    });
  });

  it('binds the application key to IPs too', async () => {
    const bed = freshSandbox();
    await bed.control('bind-ip', { key: bed.appKey.key, ip: '203.0.113.7' });
    expectSystemError(await bed.call('/api/api_keyinfo/', { key: bed.appKey }), 502);
    await bed.control('bind-ip', { key: bed.appKey.key, ip: '' });
    await bed.ok('/api/api_keyinfo/', { key: bed.appKey });
  });
});

describe('503 invalid request format', () => {
  it('refuses a path entry that fails its expression', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expectSystemError(await bed.call(`/api/site_scan/${enc('not a domain!')}/`, { key: account }), 503);
    expectSystemError(await bed.call('/api/signup/not-an-email/', { key: bed.appKey }), 503);
    expectSystemError(await bed.call('/api/signin/a%40b.example/12ab/', { key: bed.appKey }), 503);
    expectSystemError(await bed.call('/api/api_test/ABC/1/x/?str=&int=1', { key: bed.appKey }), 503);
    expectSystemError(await bed.call('/api/api_test/abc/-1/x/?str=&int=1', { key: bed.appKey }), 503);
  });

  it('refuses a missing path entry and too many entries', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    expectSystemError(await bed.call('/api/site_setoption/a.example/firewall/', { key: account }), 503);
    expectSystemError(await bed.call('/api/site_scan/', { key: account }), 503);
    expectSystemError(await bed.call('/api/site_scan/a.example/extra/', { key: account }), 503);
  });

  it('refuses api_test without its required arguments, or with a bad one', async () => {
    const bed = freshSandbox();
    expectSystemError(await bed.call('/api/api_test/abc/1/x/?str=a', { key: bed.appKey }), 503);
    expectSystemError(await bed.call('/api/api_test/abc/1/x/?int=1', { key: bed.appKey }), 503);
    expectSystemError(await bed.call('/api/api_test/abc/1/x/?str=a&int=x', { key: bed.appKey }), 503);
    expectSystemError(await bed.call('/api/api_test/abc/1/x/?str=a&int=1&nullint=-3', { key: bed.appKey }), 503);
  });

  it('refuses a bad flag value and a bad unit argument', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expectSystemError(await bed.call('/api/sites_list/?withscanreport=maybe', { key: account }), 503);
    expectSystemError(await bed.call('/api/sites_list/?unit=nobody', { key: account }), 503);
  });

  it('refuses a body that is not JSON whatever its content type (a JSON one is read, liberal-input.test.ts)', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const a = await bed.call('/api/sites_add/', {
      key: account,
      body: 'a.example',
      headers: { 'content-type': 'text/plain' },
    });
    expectSystemError(a, 503);
    expect(a.envelope.method).toBe('sites_add');
    expect(a.envelope.errorinfo).toBe('The request body is not valid JSON (it was sent as text/plain)');
    expectSystemError(
      await bed.call('/api/agency_update/', {
        key: account,
        body: 'title=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      503,
    );
    expect(await bed.listSites(account)).toEqual([]);
  });

  it('refuses malformed JSON, a missing body and a body of the wrong shape', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const json = { 'content-type': 'application/json' };
    expectSystemError(await bed.call('/api/sites_add/', { key: account, body: '["a.example",', headers: json }), 503);
    expectSystemError(await bed.call('/api/agency_update/', { key: account, body: '{"title":', headers: json }), 503);
    expectSystemError(await bed.call('/api/sites_add/', { key: account, method: 'POST' }), 503);
    expectSystemError(await bed.call('/api/sites_add/', { key: account, body: { name: 'a.example' } }), 503);
    expectSystemError(await bed.call('/api/agency_update/', { key: account, body: ['title'] }), 503);
    expect(await bed.listSites(account)).toEqual([]);
  });

  it('refuses more than 10,000 sites in one sites_add call', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.control('plan', { email: account.email, siteLimit: 20_000 });
    const names = Array.from({ length: 10_001 }, (_, i) => `s${i}.example`);
    const a = await bed.call('/api/sites_add/', { key: account, body: names });
    expectSystemError(a, 503);
    expect(a.envelope.errorinfo).toMatch(/10,000/);
    expect(await bed.listSites(account)).toEqual([]);
  });

  it('refuses a body that is not UTF-8', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const a = await bed.call('/api/sites_add/', {
      key: account,
      body: new Uint8Array([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d]),
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expectSystemError(a, 503);
    expect(a.envelope.errorinfo).toMatch(/UTF-8/);
  });

  it('refuses a body over 2 MiB, in-process and over HTTP', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    const big = JSON.stringify(['a.example', 'x'.repeat(MAX_BODY_BYTES)]);
    expect(MAX_BODY_BYTES).toBe(2 * 1024 * 1024);
    expectSystemError(
      await bed.call('/api/sites_add/', { key: account, body: big, headers: { 'content-type': 'application/json' } }),
      503,
    );
    const inProcess = freshSandbox();
    const other = await inProcess.signUpAndIn();
    expectSystemError(
      await inProcess.call('/api/sites_add/', {
        key: other,
        body: big,
        headers: { 'content-type': 'application/json' },
      }),
      503,
    );
    // Just under the limit is read and parsed.
    const fits = JSON.stringify(['a.example', { name: 'b.example', pad: 'x'.repeat(MAX_BODY_BYTES - 100) }]);
    expect(await bed.addSites(account, JSON.parse(fits) as unknown[])).toEqual({});
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual(['a.example', 'b.example']);
  });

  it('refuses non-UTF-8 percent-encoding in the path and in the query', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expectSystemError(await bed.call('/api/site_delete/%FF%FE.example/', { key: account }), 503);
    expectSystemError(await bed.call('/api/site_delete/b%C3.example/', { key: account }), 503);
    expectSystemError(await bed.call('/api/sites_list/?unit=%E0%80%80', { key: account }), 503);
    expectSystemError(await bed.call('/api/api_test/abc/1/%C0%AF/?str=&int=1', { key: bed.appKey }), 503);
    // The envelope still names the method asked for.
    expect((await bed.call('/api/site_delete/%FF.example/', { key: account })).envelope.method).toBe('site_delete');
    // syncfile_get answers it as HTTP 400 text (docs/partner-api.md#syncfile_get-errors).
    const raw = await bed.raw('/api/syncfile_get/%FF/', { key: account });
    expect(raw.status).toBe(400);
    expect(await raw.text()).toMatch(/\(503\)/);
  });

  it('refuses a 10,000-character domain, in-process and over HTTP', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    const long = `${'a'.repeat(9992)}.example`;
    expect(long).toHaveLength(10_000);
    for (const method of ['site_delete', 'site_scan']) {
      expectSystemError(await bed.call(`/api/${method}/${long}/`, { key: account }), 503);
    }
    expectSystemError(await bed.call(`/api/site_setoption/${long}/firewall/disable/`, { key: account }), 503);
    expectSystemError(await bed.call(`/api/site_delete/https%3A%2F%2F${long}%2F/`, { key: account }), 503);
    // In sites_add it is a per-site error, not a request error (docs/partner-api.md#error-rules rule 4).
    const errors = await bed.addSites(account, ['ok.example', long]);
    expect(Object.keys(errors)).toEqual(['1']);
  });

  it('refuses path traversal, sent byte for byte over HTTP', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    const targets = [
      '/api/site_delete/../',
      '/api/site_delete/../a.example/',
      '/api/site_delete/%2e%2e/',
      '/api/site_delete/./',
      '/api/api_test/abc/1/../?str=&int=1',
      '/api/api_test/abc/1/%2E%2E/?str=&int=1',
      '/api/../sandbox/outbox',
      '/api/../../etc/passwd',
      '/api/sites_list/../site_delete/a.example/',
    ];
    for (const target of targets) {
      const a = await bed.call(target, { key: account });
      expect(a.envelope.error, target).not.toBe(0);
      expectSystemError(a, 503);
    }
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual(['a.example']);
    // An entry that only contains dots is a value like any other.
    await bed.ok('/api/api_test/abc/1/...x/?str=&int=1', { key: bed.appKey });
  });

  it('refuses GET for the POST-only methods', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const a = await bed.call('/api/sites_add/', { key: account });
    expectSystemError(a, 503);
    expect(a.envelope.method).toBe('sites_add');
    expectSystemError(await bed.call('/api/agency_update/', { key: account }), 503);
    expectSystemError(await bed.call('/api/sites_add/', { key: account, method: 'PUT', body: ['a.example'] }), 503);
  });

  it('answers another verb with 503 before looking at the key, as the proxy does', async () => {
    const bed = freshSandbox();
    expectSystemError(await bed.call('/api/api_keyinfo/', { method: 'PUT' }), 503);
  });

  it('refuses verbs other than GET and POST, so HEAD or DELETE never runs a method', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.call('/api/sites_add/', { key: account, method: 'POST', body: ['keep.example'] });
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      expectSystemError(await bed.call('/api/site_delete/keep.example/', { key: account, method }), 503);
    }
    const head = await bed.raw('/api/site_delete/keep.example/', { key: account, method: 'HEAD' });
    expect(head.status).toBe(200);
    const list = await bed.call('/api/sites_list/', { key: account });
    expect(JSON.stringify(list.envelope.result)).toContain('keep.example');
  });
});

describe('504 method not implemented', () => {
  it('answers an unknown method with the envelope', async () => {
    const bed = freshSandbox();
    const a = await bed.call('/api/no_such_method/', { key: bed.appKey });
    expectSystemError(a, 504);
    expect(a.envelope.method).toBe('no_such_method');
    expectSystemError(await bed.call('/api/', { key: bed.appKey }), 504);
    expectSystemError(await bed.call('/api', { key: bed.appKey }), 504);
    // Unknown methods are refused before the key is looked at.
    expectSystemError(await bed.call('/api/no_such_method/'), 504);
  });

  it('never echoes a method name with HTML or script characters', async () => {
    const bed = await freshHttpSandbox();
    for (const target of [
      '/api/<script>alert(1)</script>/',
      '/api/%3Cscript%3Ealert(1)%3C%2Fscript%3E/',
      '/api/sites_list"onload="x/',
      '/api/<img src=x onerror=alert(1)>/'.replace(/ /g, '%20'),
    ]) {
      const a = await bed.call(target, { key: bed.appKey });
      expectSystemError(a, 504);
      expect(a.text).not.toMatch(/<script|<img|onerror|onload/i);
    }
    const inProcess = freshSandbox();
    const b = await inProcess.call('/api/<script>alert(1)</script>/', { key: inProcess.appKey });
    expectSystemError(b, 504);
    expect(b.text).not.toMatch(/<script/i);
  });
});

describe('505 a higher level of access is required', () => {
  it('refuses the application key for the methods of signin keys', async () => {
    const bed = freshSandbox();
    for (const target of ['/api/sites_list/', '/api/dashboard/', '/api/agency_view/', '/api/site_scan/a.example/']) {
      const a = await bed.call(target, { key: bed.appKey });
      expectSystemError(a, 505);
      expect(a.envelope.keyid).not.toBe('');
    }
  });
});
