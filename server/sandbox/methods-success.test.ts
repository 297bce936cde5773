/**
 * Every JSON method of the registry succeeds with the docs/partner-api.md#envelope and
 * HTTP 200. The case table is typed by the registry's method names, so a method
 * added to the registry without a case here fails the type check.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { METHOD_NAMES, METHODS, type MethodName } from '../../src/api/registry.ts';
import { API_VERSION } from './http/envelope.ts';
import { enc, freshSandbox, uniqueEmail, type Account, type CallOptions, type TestBed } from './testing.ts';
import { signinResultSchema, sitesSchema } from './testing-schemas.ts';

interface Case {
  target: string;
  opts: CallOptions;
  /** Which key's id the envelope must carry. */
  keyid: string;
  check(result: unknown): void | Promise<void>;
}

type Setup = (bed: TestBed, account: Account, appKeyId: string) => Promise<Case>;

const stringResult = (want: string) => (result: unknown) => expect(result).toBe(want);

const AGENCY = {
  title: 'Acme Hosting',
  email: 'ops@acme.example',
  website: 'acme.example',
  logourl: 'https://acme.example/logo.png',
  phone: '+1 555 0100',
  country: 'US',
  zipcode: '10001',
  address: '1 Main St',
  bank_currency: 'USD',
  bank_swift: 'ACMEUS33',
  bank_account: '123456789',
  bank_routing: '021000021',
  bank_country: 'US',
  bank_invoicemail: 'billing@acme.example',
};

/** syncfile_get answers raw content, never the envelope (syncfile.test.ts). */
type JsonMethod = Exclude<MethodName, 'syncfile_get'>;

const CASES: Record<JsonMethod, Setup> = {
  signup: async (bed, _account, appKeyId) => {
    const email = uniqueEmail('new');
    return {
      target: `/api/signup/${enc(email)}/`,
      opts: { key: bed.appKey },
      keyid: appKeyId,
      check(result) {
        const r = z
          .strictObject({
            user: z.strictObject({ login: z.string(), email: z.string() }),
            otp: z.strictObject({
              length: z.number().int(),
              expires_in: z.number().int(),
              expires_at: z.number().int(),
            }),
          })
          .parse(result);
        expect(r.user.email).toBe(email);
        expect(r.otp.length).toBe(6);
        expect(r.otp.expires_in).toBe(600);
        expect(r.otp.expires_at).toBeGreaterThan(Date.now() / 1000 + 590);
      },
    };
  },
  signin: async (bed, _account, appKeyId) => {
    const email = uniqueEmail('new');
    const otp = await bed.requestOtp(email);
    return {
      target: `/api/signin/${enc(email)}/${otp}/`,
      opts: { key: bed.appKey },
      keyid: appKeyId,
      check(result) {
        const r = signinResultSchema.parse(result);
        expect(r.user.email).toBe(email);
        expect(r.user.regdate).toBeUndefined();
        expect(r.keydata.uid).toBe(email);
        expect(r.keydata.expires).toBeGreaterThan(Date.now() / 1000 + 86400);
        expect(r.keydata.pid).toBe(appKeyId);
        expect(r.privatekey.key).not.toBe(bed.appKey.key);
        expect(r.syncfile.filename).toMatch(/\.php$/);
      },
    };
  },
  signout: async (_bed, account) => ({
    target: '/api/signout/',
    opts: { key: account },
    keyid: account.keyId,
    check(result) {
      const r = z.object({ id: z.string(), uid: z.string(), expires: z.number() }).parse(result);
      expect(r.id).toBe(account.keyId);
      expect(r.uid).toBe(account.email);
    },
  }),
  dashboard: async (_bed, account) => ({
    target: '/api/dashboard/',
    opts: { key: account },
    keyid: account.keyId,
    check(result) {
      expect(result).toMatch(/^http:\/\/localhost\/sandbox\/dashboard\?token=[\w-]+\.[\w-]+$/);
    },
  }),
  agency_update: async (_bed, account) => ({
    target: '/api/agency_update/',
    opts: { key: account, body: AGENCY },
    keyid: account.keyId,
    check: (result) => expect(result).toEqual(AGENCY),
  }),
  agency_delete: async (bed, account) => {
    await bed.createAgency(account, { title: 'Gone Soon' });
    return {
      target: '/api/agency_delete/',
      opts: { key: account },
      keyid: account.keyId,
      check: (result) => expect(result).toEqual({ title: 'Gone Soon', email: 'agency@partner.example' }),
    };
  },
  agency_view: async (bed, account) => {
    await bed.ok('/api/agency_update/', { key: account, body: AGENCY });
    return {
      target: '/api/agency_view/',
      opts: { key: account },
      keyid: account.keyId,
      check: (r) => expect(r).toEqual(AGENCY),
    };
  },
  unit_update: async (bed, account) => {
    await bed.createAgency(account);
    await bed.addSites(account, [{ name: 'a.example', share: 'old@unit.example' }]);
    return {
      target: `/api/unit_update/${enc('old@unit.example')}/${enc('new@unit.example')}/`,
      opts: { key: account },
      keyid: account.keyId,
      check: stringResult('new@unit.example'),
    };
  },
  unit_delete: async (bed, account) => {
    await bed.createAgency(account);
    await bed.addSites(account, [{ name: 'a.example', share: 'u@unit.example' }]);
    return {
      target: `/api/unit_delete/${enc('u@unit.example')}/`,
      opts: { key: account },
      keyid: account.keyId,
      check: stringResult('u@unit.example'),
    };
  },
  sites_add: async (_bed, account) => ({
    target: '/api/sites_add/',
    opts: { key: account, body: ['one.example', { name: 'two.example' }] },
    keyid: account.keyId,
    check: (result) => expect(result).toEqual({}),
  }),
  sites_list: async (bed, account) => {
    await bed.addSites(account, ['one.example', 'two.example']);
    return {
      target: '/api/sites_list/',
      opts: { key: account },
      keyid: account.keyId,
      check(result) {
        const sites = sitesSchema.parse(result);
        expect(sites.map((s) => s.host)).toEqual(['one.example', 'two.example']);
        for (const s of sites) {
          expect(s).not.toHaveProperty('scanreport');
          expect(s).not.toHaveProperty('fwhistory');
        }
      },
    };
  },
  site_delete: async (bed, account) => {
    await bed.addSites(account, ['gone.example']);
    return {
      target: '/api/site_delete/gone.example/',
      opts: { key: account },
      keyid: account.keyId,
      check: stringResult('gone.example'),
    };
  },
  site_unshare: async (bed, account) => {
    await bed.createAgency(account);
    await bed.addSites(account, [{ name: 'shared.example', share: 'u@unit.example' }]);
    return {
      target: `/api/site_unshare/${enc('u@unit.example')}/shared.example/`,
      opts: { key: account },
      keyid: account.keyId,
      check: stringResult('shared.example'),
    };
  },
  site_setoption: async (bed, account) => {
    await bed.addSites(account, ['opt.example']);
    return {
      target: '/api/site_setoption/opt.example/firewall/disable/',
      opts: { key: account },
      keyid: account.keyId,
      check: (result) => expect(result).toEqual(['opt.example', 'firewall', 'disable']),
    };
  },
  site_scan: async (bed, account) => {
    await bed.addSites(account, ['scan.example']);
    return {
      target: '/api/site_scan/scan.example/',
      opts: { key: account },
      keyid: account.keyId,
      check: stringResult('scan.example'),
    };
  },
  api_methodlist: async (_bed, account) => ({
    target: '/api/api_methodlist/',
    opts: { key: account },
    keyid: account.keyId,
    check: (result) => expect(result).toEqual(METHOD_NAMES),
  }),
  api_methoddata: async (_bed, account) => ({
    target: '/api/api_methoddata/site_scan/',
    opts: { key: account },
    keyid: account.keyId,
    check: (result) => expect(result).toMatchObject({ errprefix: 146 }),
  }),
  api_keyinfo: async (_bed, account) => ({
    target: '/api/api_keyinfo/',
    opts: { key: account },
    keyid: account.keyId,
    check(result) {
      const r = z.object({ id: z.string(), uid: z.string(), expires: z.number(), type: z.string() }).parse(result);
      expect(r).toMatchObject({ id: account.keyId, uid: account.email, type: 'signin' });
    },
  }),
  api_userinfo: async (_bed, account) => ({
    target: '/api/api_userinfo/',
    opts: { key: account },
    keyid: account.keyId,
    check: (result) => expect(result).toMatchObject({ email: account.email, login: account.email }),
  }),
  api_test: async (_bed, account) => ({
    target: '/api/api_test/abc/12/anything/?str=hello&int=7',
    opts: { key: account },
    keyid: account.keyId,
    check: (result) =>
      expect(result).toMatchObject({
        REQUEST_URI: '/api/api_test/abc/12/anything/?str=hello&int=7',
        PATH: ['abc', '12', 'anything'],
        QUERY: { str: 'hello', int: 7, nullint: null },
      }),
  }),
};

describe('every method succeeds with the spec envelope', () => {
  it('has a case for every JSON method of the registry', () => {
    const json = METHODS.filter((m) => !('alwaysRaw' in m && m.alwaysRaw)).map((m) => m.name);
    expect(Object.keys(CASES).sort()).toEqual([...json].sort());
  });

  it.each(Object.keys(CASES) as JsonMethod[])('%s', async (name) => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const appKeyId = z
      .object({ id: z.string().min(1) })
      .parse(await bed.ok('/api/api_keyinfo/', { key: bed.appKey })).id;
    const c = await CASES[name](bed, account, appKeyId);
    const answer = await bed.call(c.target, c.opts);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.envelope).toMatchObject({
      version: API_VERSION,
      keyid: c.keyid,
      method: name,
      error: 0,
      message: '',
      errorinfo: '',
    });
    expect(Number.isInteger(answer.envelope.timewait)).toBe(true);
    await c.check(answer.envelope.result);
  });
});
