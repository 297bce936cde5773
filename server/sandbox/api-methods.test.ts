/**
 * The common methods (docs/partner-api.md#common-methods, docs/partner-api.md#method-metadata): api_methodlist per key, api_methoddata
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

/**
 * What api_methoddata must say of each method, written from the spec by hand
 * (docs/partner-api.md#methods: path entries, verbs, named arguments; docs/partner-api.md#method-errors: codes and messages in order;
 * docs/partner-api.md#method-metadata: alwaysRaw), not read from the registry: a registry that drifts from
 * the spec fails here. `prefix` for methods without codes is the sandbox's own
 * choice (docs/sandbox.md, "Error prefixes the spec does not give").
 */
interface SpecMethod {
  prefix: number;
  errors: string[];
  path: number;
  argv?: string[];
  httpMethods?: 'POST';
  alwaysRaw?: true;
}

const DB = 'Database error';
const NO_AGENCY = 'No agency is associated with the account';
const NO_UNIT = 'Unit not found';
const NO_SITE = 'Site not found';

const SPEC: Record<string, SpecMethod> = {
  signup: {
    prefix: 111,
    errors: ['Failed to send the one-time password by e-mail', 'Registration is not allowed'],
    path: 1,
  },
  signin: {
    prefix: 112,
    errors: [
      'The e-mail or password is unknown',
      'Failed to create the new user',
      'Failed to send the registration e-mail',
      'Failed to generate the new API key',
      'Incompatible account type',
    ],
    path: 2,
  },
  // 113900 is listed twice in docs/partner-api.md#method-errors with one code: one message.
  signout: { prefix: 113, errors: [DB], path: 0 },
  dashboard: { prefix: 114, errors: [], path: 0 },
  agency_update: { prefix: 121, errors: [DB], path: 0, httpMethods: 'POST' },
  agency_delete: { prefix: 122, errors: [DB, NO_AGENCY], path: 0, argv: ['ignore'] },
  agency_view: { prefix: 123, errors: [NO_AGENCY], path: 0 },
  unit_update: { prefix: 131, errors: [DB, NO_UNIT], path: 2 },
  unit_delete: { prefix: 132, errors: [DB, NO_UNIT], path: 1, argv: ['withsites', 'ignore'] },
  sites_add: {
    prefix: 141,
    errors: ['Upgrade required: the subscription plan must be upgraded to add more sites'],
    path: 0,
    httpMethods: 'POST',
  },
  sites_list: { prefix: 142, errors: [NO_UNIT], path: 0, argv: ['unit', 'withscanreport', 'withfwhistory'] },
  site_delete: { prefix: 143, errors: [DB, NO_SITE], path: 1, argv: ['ignore'] },
  site_unshare: { prefix: 144, errors: [DB, NO_UNIT, NO_SITE, 'This site is not shared with this unit'], path: 2 },
  site_setoption: {
    prefix: 145,
    errors: [DB, NO_SITE, 'Invalid option or value', 'Operation failed', 'Permission denied'],
    path: 3,
  },
  site_scan: {
    prefix: 146,
    errors: [NO_SITE, 'Not available for this site', 'Scanner initialization failed'],
    path: 1,
  },
  syncfile_get: { prefix: 150, errors: [], path: 0, alwaysRaw: true },
  api_methodlist: { prefix: 101, errors: ['Error getting the method list on the server'], path: 0 },
  api_methoddata: { prefix: 102, errors: ['Unknown or inaccessible method named in methodname'], path: 1 },
  api_keyinfo: { prefix: 103, errors: [], path: 0 },
  api_userinfo: { prefix: 104, errors: [], path: 0 },
  api_test: {
    prefix: 100,
    errors: ['Test error message 0', 'Test error message 1'],
    path: 3,
    argv: ['str', 'int', 'nullint', 'err', 'raw'],
  },
};

const methodDataSchema = z.object({
  description: z.string().min(1),
  errprefix: z.number().int(),
  errors: z.array(z.string()),
  path: z.array(z.string()),
  argv: z.record(z.string(), z.string()),
  post: z.record(z.string(), z.string()).optional(),
  httpMethods: z.string().optional(),
  alwaysRaw: z.literal(1).optional(),
});

describe('api_methoddata', () => {
  it('describes every method of the spec as the spec states it (docs/partner-api.md#method-metadata, docs/partner-api.md#methods, docs/partner-api.md#method-errors)', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const listed = z.array(z.string()).parse(await bed.ok('/api/api_methodlist/', { key: account }));
    expect([...listed].sort()).toEqual(Object.keys(SPEC).sort());
    for (const [name, spec] of Object.entries(SPEC)) {
      const data = methodDataSchema.parse(await bed.ok(`/api/api_methoddata/${name}/`, { key: account }));
      expect(data.errprefix, name).toBe(spec.prefix);
      expect(data.errors, name).toEqual(spec.errors);
      expect(data.path, name).toHaveLength(spec.path);
      expect(Object.keys(data.argv).sort(), name).toEqual([...(spec.argv ?? [])].sort());
      expect(data.httpMethods, name).toBe(spec.httpMethods);
      expect(data.alwaysRaw, name).toBe(spec.alwaysRaw ? 1 : undefined);
      // docs/partner-api.md#method-metadata: path, argv and post hold regular expressions.
      for (const re of [...data.path, ...Object.values(data.argv), ...Object.values(data.post ?? {})]) {
        expect(() => regex(re), `${name} ${re}`).not.toThrow();
      }
    }
    // The agency body's fields are those of docs/partner-api.md#agency-record.
    const agency = methodDataSchema.parse(await bed.ok('/api/api_methoddata/agency_update/', { key: account }));
    expect(Object.keys(agency.post ?? {}).sort()).toEqual(
      [
        'title',
        'email',
        'website',
        'logourl',
        'phone',
        'country',
        'zipcode',
        'address',
        'bank_currency',
        'bank_swift',
        'bank_account',
        'bank_routing',
        'bank_country',
        'bank_invoicemail',
      ].sort(),
    );
  });

  it('answers the codes it publishes: errprefix·1000 + 900 + the position of the message (docs/partner-api.md#error-rules rule 5)', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.control('fail-next', { method: 'site_setoption', code: 145904 });
    const answer = await bed.call('/api/site_setoption/a.example/permissions/1/', { key: account });
    expect(answer.envelope).toMatchObject({ error: 145904, message: 'Permission denied' });
    await bed.control('fail-next', { method: 'site_delete' });
    expect((await bed.call('/api/site_delete/a.example/', { key: account })).envelope).toMatchObject({
      error: 143900,
      message: DB,
    });
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

describe('api_userinfo postpaid and subscription', () => {
  const userInfo = z.object({ postpaid: z.number(), subscription: z.number() }).loose();

  it('are integers 0/1 from the plan: both 1 for a new account and the demo, changed by the plan', async () => {
    const bed = await freshHttpSandbox({ seed: 'demo' });
    const demo = await bed.signUpAndIn('demo@partner.example');
    expect(userInfo.parse(await bed.ok('/api/api_userinfo/', { key: demo }))).toMatchObject({
      postpaid: 1,
      subscription: 1,
      email: 'demo@partner.example',
    });
    const account = await bed.signUpAndIn();
    expect(userInfo.parse(await bed.ok('/api/api_userinfo/', { key: account }))).toMatchObject({
      postpaid: 1,
      subscription: 1,
    });
    await bed.control('plan', { email: account.email, postpaid: false });
    expect(await bed.ok('/api/api_userinfo/', { key: account })).toMatchObject({ postpaid: 0, subscription: 1 });
    await bed.control('plan', { email: account.email, subscription: false, postpaid: true });
    expect(await bed.ok('/api/api_userinfo/', { key: account })).toMatchObject({ postpaid: 1, subscription: 0 });
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

  it('takes any value in item3 and str, line breaks included (docs/partner-api.md#api_test)', async () => {
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

  it('takes binary POST data: the byte count as LENGTH, what decodes as DATA (docs/partner-api.md#api_test "any POST data")', async () => {
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
