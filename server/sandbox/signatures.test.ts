/**
 * Keys and signatures (docs/partner-api.md#authentication): apimac is HMAC-MD5 over the request target
 * exactly as received, still percent-encoded, with the query when there is one.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handleApi } from './http/handle-api.ts';
import { HANDLERS } from './methods/handlers.ts';
import { enc, freshHttpSandbox, freshSandbox, sign, type Account, type TestBed } from './testing.ts';
import { envelopeSchema } from './testing-schemas.ts';

const IDN = 'bücher-café.example';

async function errorOf(bed: TestBed, target: string, opts: Parameters<TestBed['call']>[1]): Promise<number> {
  return (await bed.call(target, opts)).envelope.error;
}

describe('signed calls', () => {
  it.each(['in-process', 'over HTTP'])('signs a UTF-8 domain percent-encoded in the path (%s)', async (how) => {
    const bed = how === 'in-process' ? freshSandbox() : await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    expect(await bed.addSites(account, [IDN])).toEqual({});
    const target = `/api/site_setoption/${enc(IDN)}/firewall/disable/`;
    expect(target).toContain('b%C3%BCcher-caf%C3%A9.example');
    expect(await bed.ok(target, { key: account })).toEqual([IDN, 'firewall', 'disable']);
    expect(await bed.site(account, 'xn--bcher-caf-j4a4r.example')).toMatchObject({ domain: IDN, firewallstatus: 0 });
    // A signature over the decoded target does not match what was received, and the answer says why.
    const decoded = `/api/site_setoption/${IDN}/firewall/enable/`;
    const unencoded = await bed.call(`/api/site_setoption/${enc(IDN)}/firewall/enable/`, {
      key: account,
      signTarget: decoded,
    });
    expect(unencoded.envelope).toMatchObject({
      error: 502,
      keyid: account.keyId,
      errorinfo:
        'The signature does not match: the request target has characters that are not percent-encoded; percent-encode them (UTF-8) and sign the encoded target',
    });
    // Any other wrong signature of that target gets the plain message.
    const other = await bed.call(`/api/site_setoption/${enc(IDN)}/firewall/enable/`, {
      key: account,
      mac: '0'.repeat(32),
    });
    expect(other.envelope.errorinfo).toBe('The signature (apimac) does not match the request');
    // Lower-case percent-encoding is another target, signed as such.
    const lower = `/api/site_setoption/${enc(IDN).toLowerCase()}/firewall/enable/`;
    expect(await bed.ok(lower, { key: account })).toEqual([IDN, 'firewall', 'enable']);
  });

  it('signs the query when there is one, and the bare path when there is none', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.createAgency(account);
    await bed.addSites(account, [{ name: 'a.example', share: 'u@unit.example' }]);
    await bed.ok('/api/sites_list/', { key: account });
    await bed.ok('/api/sites_list/?withscanreport', { key: account });
    await bed.ok(`/api/sites_list/?unit=${enc('u@unit.example')}&withfwhistory=1`, { key: account });
    // The query is part of the signed target.
    expect(
      await errorOf(bed, '/api/sites_list/?withscanreport', { key: account, signTarget: '/api/sites_list/' }),
    ).toBe(502);
    expect(await errorOf(bed, '/api/sites_list/', { key: account, signTarget: '/api/sites_list/?' })).toBe(502);
    // An empty query is still a query: "?" is part of the target.
    await bed.ok('/api/sites_list/?', { key: account });
  });

  it('refuses a missing mac, a wrong mac and a mac over another target', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const target = '/api/sites_list/';
    expect(await errorOf(bed, target, { key: account, mac: null })).toBe(502);
    expect(await errorOf(bed, target, { key: account, mac: '' })).toBe(502);
    expect(await errorOf(bed, target, { key: account, mac: 'x' })).toBe(502);
    expect(await errorOf(bed, target, { key: account, mac: sign(target, 'another-hmac-key') })).toBe(502);
    expect(await errorOf(bed, target, { key: account, signTarget: '/api/api_keyinfo/' })).toBe(502);
    expect(await errorOf(bed, target, { key: account, signTarget: `http://localhost${target}` })).toBe(502);
    expect(await errorOf(bed, target, { key: account, signTarget: '/api/sites_list' })).toBe(502);
    // The public key's hmac is not the signing key.
    expect(await errorOf(bed, target, { key: { key: account.key, hmac: account.signin.publickey.hmac } })).toBe(502);
    expect(await errorOf(bed, target, { key: account })).toBe(0);
  });

  it('says to percent-encode when a raw target itself holds characters outside printable ASCII', async () => {
    // Node's HTTP parser refuses such a request line, so this reaches handleApi only from an embedding.
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const target = '/api/sites_list/?unit=bü@unit.example';
    const answer = handleApi(bed.sandbox.state, HANDLERS, {
      target,
      httpMethod: 'GET',
      headers: new Headers({ cookie: `apikey=${account.key}; apimac=${sign(encodeURI(target), account.hmac)}` }),
      body: new Uint8Array(0),
      origin: 'http://localhost',
      ip: '127.0.0.1',
    });
    const envelope = envelopeSchema.parse(JSON.parse(answer.body));
    expect(envelope).toMatchObject({ error: 502, keyid: account.keyId });
    expect(envelope.errorinfo).toMatch(
      /not percent-encoded; percent-encode them \(UTF-8\) and sign the encoded target$/,
    );
  });

  it('checks a signature sent with the application key', async () => {
    const bed = freshSandbox();
    expect(await errorOf(bed, '/api/api_keyinfo/', { key: bed.appKey })).toBe(0);
    expect(await errorOf(bed, '/api/api_keyinfo/', { key: bed.appKey, mac: '0'.repeat(32) })).toBe(502);
  });

  it('signs byte for byte over real HTTP, with characters fetch would re-encode', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    const target = "/api/api_test/abc/7/it's%20a%7Bb%7D/?str=a'b%2Bc+d&int=3";
    const result = await bed.ok(target, { key: account });
    expect(result).toMatchObject({
      REQUEST_URI: target,
      PATH: ['abc', '7', "it's a{b}"],
      QUERY: { str: "a'b+c d", int: 3 },
    });
  });
});

describe('signature settings and key lifetime', () => {
  it('with SANDBOX_SIGNIN_DS=disabled a key works without apimac, but a wrong one still fails', async () => {
    const bed = freshSandbox({ signinDs: 'disabled' });
    const account = await bed.signUpAndIn();
    const keyOnly = { key: account.key };
    expect(await errorOf(bed, '/api/sites_list/', { key: keyOnly })).toBe(0);
    expect(await bed.addSites(keyOnly, ['a.example'])).toEqual({});
    expect(await errorOf(bed, '/api/sites_list/', { key: account })).toBe(0);
    expect(await errorOf(bed, '/api/sites_list/', { key: account, mac: '0'.repeat(32) })).toBe(502);
    expect(await errorOf(bed, '/api/sites_list/', { key: account, signTarget: '/api/other/' })).toBe(502);
  });

  it('a signed-out key never works again, while other keys of the user do', async () => {
    const bed = freshSandbox();
    const first = await bed.signUpAndIn('twice@partner.example');
    const second: Account = await bed.signUpAndIn('twice@partner.example');
    expect(second.key).not.toBe(first.key);
    expect(second.signin.user.regdate).toBeTypeOf('number');
    await bed.addSites(first, ['a.example']);
    // docs/partner-api.md#signout: signout answers the key metadata as api_keyinfo does, type included.
    const info = z.record(z.string(), z.unknown()).parse(await bed.ok('/api/api_keyinfo/', { key: first }));
    const out = z.record(z.string(), z.unknown()).parse(await bed.ok('/api/signout/', { key: first }));
    expect(out).toEqual({ ...info, modified: expect.any(Number) });
    expect(out).toMatchObject({ id: first.keyId, type: 'signin' });
    for (const target of ['/api/api_keyinfo/', '/api/sites_list/', '/api/signout/', '/api/api_methodlist/']) {
      expect(await errorOf(bed, target, { key: first })).toBe(502);
    }
    await bed.advance(3600);
    expect(await errorOf(bed, '/api/api_keyinfo/', { key: first })).toBe(502);
    // The account and its sites are untouched; the other key sees them.
    expect((await bed.listSites(second)).map((s) => s.host)).toEqual(['a.example']);
    // signout affects only the key in use.
    await bed.ok('/api/signout/', { key: second });
    expect(await errorOf(bed, '/api/sites_list/', { key: second })).toBe(502);
  });

  it('keys made by signin expire after SANDBOX_KEY_DAYS; the application key never does', async () => {
    const bed = freshSandbox({ keyDays: 2 });
    const account = await bed.signUpAndIn();
    const now = account.signin.keydata.created;
    expect(account.signin.keydata.expires).toBe(now + 2 * 86400);
    const appInfo = await bed.ok('/api/api_keyinfo/', { key: bed.appKey });
    expect(appInfo).toMatchObject({ expires: 0, type: 'app' });
    await bed.advance(2 * 86400 + 1);
    expect(await errorOf(bed, '/api/api_keyinfo/', { key: account })).toBe(502);
    expect(await errorOf(bed, '/api/api_keyinfo/', { key: bed.appKey })).toBe(0);
  });
});
