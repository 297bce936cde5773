/**
 * The common methods (spec §4.6, §2.11): api_methodlist per key, api_methoddata
 * derived from the registry, api_keyinfo, api_userinfo, and api_test to the letter.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { METHODS } from '../../src/api/registry.ts';
import { RE, regex } from '../../src/api/registry/define.ts';
import { freshHttpSandbox, freshSandbox } from './testing.ts';

const apiTestResult = z.strictObject({
  REQUEST_URI: z.string(),
  PATH: z.array(z.string()),
  QUERY: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  HEADERS: z.record(z.string(), z.string()),
  POST: z.strictObject({ TYPE: z.string(), LENGTH: z.number().int(), DATA: z.string() }),
  FILES: z.array(z.unknown()),
});

describe('api_methodlist', () => {
  it('lists what each key may call', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const app = await bed.ok('/api/api_methodlist/', { key: bed.appKey });
    const signin = await bed.ok('/api/api_methodlist/', { key: account });
    expect(app).toEqual([
      'signup',
      'signin',
      'signout',
      'api_methodlist',
      'api_methoddata',
      'api_keyinfo',
      'api_userinfo',
      'api_test',
    ]);
    expect(signin).toEqual(METHODS.map((m) => m.name));
    expect(signin).toHaveLength(21);
    // Every listed method is callable by that key (no 505), every other one is refused with 505.
    for (const m of METHODS) {
      if (m.name === 'syncfile_get') continue; // raw: syncfile.test.ts
      const answer = await bed.call(`/api/${m.name}/`, { key: bed.appKey });
      const listed = z.array(z.string()).parse(app).includes(m.name);
      expect(answer.envelope.error === 505, m.name).toBe(!listed);
    }
  });
});

describe('api_methoddata', () => {
  it('publishes each method as the registry states it', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    for (const def of METHODS) {
      const data = z
        .object({
          description: z.string().min(1),
          errprefix: z.number().int(),
          errors: z.array(z.string()),
          path: z.array(z.string()),
          argv: z.record(z.string(), z.string()),
          post: z.record(z.string(), z.string()).optional(),
          httpMethods: z.string().optional(),
          alwaysRaw: z.literal(1).optional(),
        })
        .parse(await bed.ok(`/api/api_methoddata/${def.name}/`, { key: account }));
      expect(data.errprefix, def.name).toBe(def.errprefix);
      expect(String(data.errprefix)).toMatch(/^\d{3}$/);
      expect(data.errors, def.name).toEqual(def.errors.map((e) => e.message));
      expect(data.description).toBe(def.description);
      expect(data.path, def.name).toEqual(def.path.map((p) => p.re));
      for (const re of [...data.path, ...Object.values(data.argv), ...Object.values(data.post ?? {})]) {
        expect(() => regex(re), re).not.toThrow();
      }
      for (const [name, re] of Object.entries(def.argv)) expect(data.argv[name], `${def.name} ${name}`).toBe(re);
      for (const flag of def.flags) expect(data.argv[flag], `${def.name} ${flag}`).toBe(RE.flag);
      expect(data.post, def.name).toEqual('post' in def ? def.post : undefined);
      expect(data.httpMethods, def.name).toBe('httpMethods' in def ? def.httpMethods.join(',') : undefined);
      expect(data.alwaysRaw, def.name).toBe('alwaysRaw' in def ? 1 : undefined);
    }
    // The POST-only methods say so.
    const postOnly = METHODS.filter((m) => 'httpMethods' in m).map((m) => m.name);
    expect(postOnly.sort()).toEqual(['agency_update', 'sites_add']);
    expect(await bed.ok('/api/api_methoddata/sites_add/', { key: account })).toMatchObject({ httpMethods: 'POST' });
    expect(await bed.ok('/api/api_methoddata/syncfile_get/', { key: account })).toMatchObject({ alwaysRaw: 1 });
  });

  it('describes only the methods the key may call', async () => {
    const bed = freshSandbox();
    expect(await bed.ok('/api/api_methoddata/api_test/', { key: bed.appKey })).toMatchObject({ errprefix: 100 });
    expect((await bed.call('/api/api_methoddata/site_scan/', { key: bed.appKey })).envelope.error).toBe(102900);
    expect((await bed.call('/api/api_methoddata/Bad-Name/', { key: bed.appKey })).envelope.error).toBe(503);
  });
});

describe('api_keyinfo and api_userinfo', () => {
  it('describe the key and its user; the application key has none', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expect(await bed.ok('/api/api_userinfo/', { key: bed.appKey })).toBeNull();
    expect(await bed.ok('/api/api_userinfo/', { key: account })).toMatchObject({ email: account.email });
    const info = await bed.ok('/api/api_keyinfo/', { key: account });
    expect(info).toMatchObject({ ...account.signin.keydata, id: account.keyId });
    // Key metadata never contains the secret parts.
    expect(JSON.stringify(info)).not.toContain(account.key);
    expect(JSON.stringify(info)).not.toContain(account.hmac);
  });
});

describe('api_test', () => {
  it('echoes REQUEST_URI byte for byte, PATH, QUERY and headers without the cookies', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    const target = "/api/api_test/abc/0042/caf%C3%A9%2Fx%20y'~/?str=h%C3%A9llo+w%26rld&int=5&nullint=7&extra=1&flag";
    const answer = await bed.call(target, { key: account, headers: { 'x-custom': 'yes' } });
    expect(answer.envelope.error).toBe(0);
    const r = apiTestResult.parse(answer.envelope.result);
    expect(r.REQUEST_URI).toBe(target);
    expect(r.PATH).toEqual(['abc', '0042', "café/x y'~"]);
    expect(r.QUERY).toEqual({ str: 'héllo w&rld', int: 5, nullint: 7, extra: '1', flag: '' });
    expect(r.HEADERS['x-custom']).toBe('yes');
    expect(r.HEADERS.cookie).toContain('apikey=<hidden>');
    expect(r.HEADERS.cookie).toContain('apimac=<hidden>');
    expect(answer.text).not.toContain(account.key);
    expect(r.POST).toEqual({ TYPE: '', LENGTH: 0, DATA: '' });
    expect(r.FILES).toEqual([]);
  });

  it('reports nullint as null when absent', async () => {
    const bed = freshSandbox();
    const r = apiTestResult.parse(await bed.ok('/api/api_test/x/1/y/?str=&int=0', { key: bed.appKey }));
    expect(r.QUERY).toEqual({ str: '', int: 0, nullint: null });
  });

  it('echoes the numeric arguments (int, nullint, err, raw) as numbers and the others as strings', async () => {
    const bed = freshSandbox();
    const r = apiTestResult.parse(
      await bed.ok('/api/api_test/x/1/y/?str=12&int=007&nullint=3&err=0&raw=0&extra=5', { key: bed.appKey }),
    );
    expect(r.QUERY).toEqual({ str: '12', int: 7, nullint: 3, err: 0, raw: 0, extra: '5' });
    // raw prints the same echo.
    const res = await bed.raw('/api/api_test/x/1/y/?str=s&int=1&raw=2', { key: bed.appKey });
    expect(apiTestResult.parse(JSON.parse(await res.text())).QUERY).toEqual({
      str: 's',
      int: 1,
      raw: 2,
      nullint: null,
    });
  });

  it('takes any value in item3 and str, line breaks included (spec §4.6)', async () => {
    const bed = freshSandbox();
    const r = apiTestResult.parse(
      await bed.ok('/api/api_test/x/1/line%0Abreak%0D%0A/?str=one%0Atwo%E2%80%A8&int=1', { key: bed.appKey }),
    );
    expect(r.PATH[2]).toBe('line\nbreak\r\n');
    expect(r.QUERY.str).toBe('one\ntwo\u2028');
    expect(regex(RE.any).test('a\nb')).toBe(true);
  });

  it('echoes POST data with its type and byte length', async () => {
    const bed = await freshHttpSandbox();
    const body = '{"name":"café"}';
    const r = apiTestResult.parse(
      await bed.ok('/api/api_test/x/1/y/?str=s&int=1', {
        key: bed.appKey,
        body,
        headers: { 'content-type': 'application/json; charset=UTF-8' },
      }),
    );
    expect(r.POST).toEqual({ TYPE: 'application/json; charset=UTF-8', LENGTH: 16, DATA: body });
    // Any POST data is accepted, even what is not JSON.
    const form = apiTestResult.parse(
      await bed.ok('/api/api_test/x/1/y/?str=s&int=1', {
        key: bed.appKey,
        body: 'a=1&b=2',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(form.POST).toEqual({ TYPE: 'application/x-www-form-urlencoded', LENGTH: 7, DATA: 'a=1&b=2' });
  });

  it('takes binary POST data: the byte count as LENGTH, what decodes as DATA (spec §4.6 "any POST data")', async () => {
    const bed = await freshHttpSandbox();
    const bytes = new Uint8Array([0x00, 0xff, 0xfe, 0x41, 0xc3, 0xa9, 0x80]);
    const answer = await bed.call('/api/api_test/x/1/y/?str=s&int=1', {
      key: bed.appKey,
      body: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(answer.envelope.error).toBe(0);
    const r = apiTestResult.parse(answer.envelope.result);
    expect(r.POST).toEqual({ TYPE: 'application/octet-stream', LENGTH: 7, DATA: '\u0000\ufffd\ufffdAé\ufffd' });
    // The JSON methods still refuse a body that is not UTF-8 (system-errors.test.ts).
  });

  it('with raw set prints only the result, as text', async () => {
    const bed = freshSandbox();
    const res = await bed.raw('/api/api_test/x/1/y/?str=s&int=1&raw=1', { key: bed.appKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const r = apiTestResult.parse(JSON.parse(await res.text()));
    expect(r.REQUEST_URI).toBe('/api/api_test/x/1/y/?str=s&int=1&raw=1');
    // raw=0 is the envelope.
    const envelope = await bed.call('/api/api_test/x/1/y/?str=s&int=1&raw=0', { key: bed.appKey });
    expect(envelope.envelope.method).toBe('api_test');
  });

  it('answers err with system errors 500–505 too', async () => {
    const bed = freshSandbox();
    for (const code of [500, 501, 502, 503, 504, 505]) {
      const a = await bed.call(`/api/api_test/x/1/y/?str=s&int=1&err=${code}`, { key: bed.appKey });
      expect(a.envelope.error).toBe(code);
      expect(a.status).toBe(200);
    }
  });
});
