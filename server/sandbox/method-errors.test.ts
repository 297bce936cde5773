/**
 * Method error codes of docs/partner-api.md#method-errors, each met the way a real account meets it, or
 * through the control surface's "fail next" for database and delivery failures.
 * Messages come from the registry (errprefix·900 + index).
 */
import { describe, expect, it } from 'vitest';
import { getMethod } from '../../src/api/registry.ts';
import { enc, freshSandbox, type Account, type Answer, type TestBed } from './testing.ts';

function expectMethodError(answer: Answer, method: string, code: number): void {
  const def = getMethod(method);
  if (!def) throw new Error(`no method ${method}`);
  expect(answer.status).toBe(200);
  expect(answer.envelope.method).toBe(method);
  expect(answer.envelope.error).toBe(code);
  expect(answer.envelope.message).toBe(def.errors[code - def.errprefix * 1000 - 900]?.message);
  expect(answer.envelope.result).toBeNull();
}

async function sharedSite(bed: TestBed, account: Account, host: string, unit: string): Promise<void> {
  await bed.createAgency(account);
  expect(await bed.addSites(account, [{ name: host, share: unit }])).toEqual({});
}

describe('errors met through the control surface (fail-next)', () => {
  it('111900: the one-time password e-mail cannot be sent', async () => {
    const bed = freshSandbox();
    expect(await bed.control('fail-next', { method: 'signup', code: 111900 })).toEqual({
      armed: { method: 'signup', code: 111900 },
    });
    const email = 'nobody@partner.example';
    expectMethodError(await bed.call(`/api/signup/${enc(email)}/`, { key: bed.appKey }), 'signup', 111900);
    expect(await bed.outbox(email)).toEqual([]);
    // One failure only.
    await bed.ok(`/api/signup/${enc(email)}/`, { key: bed.appKey });
  });

  it.each([112901, 112902, 112903])('%i: signin fails and the code still works afterwards', async (code) => {
    const bed = freshSandbox();
    const email = 'p@partner.example';
    const otp = await bed.requestOtp(email);
    await bed.control('fail-next', { method: 'signin', code });
    expectMethodError(await bed.call(`/api/signin/${enc(email)}/${otp}/`, { key: bed.appKey }), 'signin', code);
    // Nothing was half done: no user, no registration e-mail, the code is still pending.
    expect((await bed.outbox(email)).map((m) => m.subject)).toEqual([expect.stringMatching(/one-time password/i)]);
    await bed.ok(`/api/signin/${enc(email)}/${otp}/`, { key: bed.appKey });
  });

  it('101900 and armed system errors', async () => {
    const bed = freshSandbox();
    expect(await bed.control('fail-next', { method: 'api_methodlist', code: 101900 })).toEqual({
      armed: { method: 'api_methodlist', code: 101900 },
    });
    expectMethodError(await bed.call('/api/api_methodlist/', { key: bed.appKey }), 'api_methodlist', 101900);
    await bed.control('fail-next', { method: 'api_keyinfo', code: 500 });
    const a = await bed.call('/api/api_keyinfo/', { key: bed.appKey });
    expect(a.envelope).toMatchObject({ error: 500, message: 'Service is temporarily unavailable', result: null });
    // Without a code, only methods that have a database error (or site_scan) can be armed.
    await expect(bed.control('fail-next', { method: 'dashboard' })).rejects.toThrow(/HTTP 400.*no database error/);
    await expect(bed.control('fail-next', { method: 'sites_list' })).rejects.toThrow(/HTTP 400/);
    expect(await bed.control('fail-next', { method: 'site_delete' })).toEqual({
      armed: { method: 'site_delete', code: 143900 },
    });
    await bed.ok('/api/api_keyinfo/', { key: bed.appKey });
  });

  it('refuses to arm a code of another method', async () => {
    const bed = freshSandbox();
    await expect(bed.control('fail-next', { method: 'signin', code: 146902 })).rejects.toThrow(/HTTP 400/);
    await expect(bed.control('fail-next', { method: 'nope' })).rejects.toThrow(/HTTP 400/);
  });

  it('database errors roll the change back', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await sharedSite(bed, account, 'a.example', 'u@unit.example');

    const cases: [string, string, number, { body?: unknown }?][] = [
      ['agency_update', '/api/agency_update/', 121900, { body: { title: 'Changed', email: 'c@c.example' } }],
      ['agency_delete', '/api/agency_delete/', 122900],
      ['unit_update', `/api/unit_update/${enc('u@unit.example')}/${enc('v@unit.example')}/`, 131900],
      ['unit_delete', `/api/unit_delete/${enc('u@unit.example')}/?withsites`, 132900],
      ['site_delete', '/api/site_delete/a.example/', 143900],
      ['site_unshare', `/api/site_unshare/${enc('u@unit.example')}/a.example/`, 144900],
      ['site_setoption', '/api/site_setoption/a.example/firewall/remove/', 145900],
      ['signout', '/api/signout/', 113900],
    ];
    for (const [method, target, code, extra] of cases) {
      expect(await bed.control('fail-next', { method })).toEqual({ armed: { method, code } });
      expectMethodError(await bed.call(target, { key: account, ...extra }), method, code);
    }
    // Everything is as before: agency, unit, site, share, firewall, key.
    expect(await bed.ok('/api/agency_view/', { key: account })).toEqual({
      title: 'Test Agency',
      email: 'agency@partner.example',
    });
    const [site] = await bed.listSites(account, `?unit=${enc('u@unit.example')}`);
    expect(site).toMatchObject({ host: 'a.example', firewallstatus: 1 });
    await bed.ok('/api/api_keyinfo/', { key: account });
  });

  it('146902: the scanner fails to start, and no scan runs', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    expect(await bed.control('fail-next', { method: 'site_scan' })).toEqual({
      armed: { method: 'site_scan', code: 146902 },
    });
    expectMethodError(await bed.call('/api/site_scan/a.example/', { key: account }), 'site_scan', 146902);
    await bed.advance(5);
    expect((await bed.site(account, 'a.example', '?withscanreport')).scanreport).toBeNull();
  });
});

describe('account errors', () => {
  it('111901: registration is refused for .invalid addresses', async () => {
    const bed = freshSandbox();
    const email = 'someone@blocked.invalid';
    const a = await bed.call(`/api/signup/${enc(email)}/`, { key: bed.appKey });
    expectMethodError(a, 'signup', 111901);
    expect(a.envelope.errorinfo).not.toBe('');
    expect(await bed.outbox(email)).toEqual([]);
  });

  it('112900: signin for an e-mail that never signed up', async () => {
    const bed = freshSandbox();
    expectMethodError(
      await bed.call('/api/signin/never%40partner.example/123456/', { key: bed.appKey }),
      'signin',
      112900,
    );
  });

  it('112904: signin with an e-mail that is a unit and not a user', async () => {
    const bed = freshSandbox();
    const partner = await bed.signUpAndIn();
    await sharedSite(bed, partner, 'a.example', 'customer@unit.example');
    const otp = await bed.requestOtp('customer@unit.example');
    expectMethodError(
      await bed.call(`/api/signin/${enc('customer@unit.example')}/${otp}/`, { key: bed.appKey }),
      'signin',
      112904,
    );
    // No account was created for the unit.
    expect((await bed.outbox('customer@unit.example')).some((m) => /welcome/i.test(m.subject))).toBe(false);
  });

  it('113900: the application key cannot sign out', async () => {
    const bed = freshSandbox();
    expectMethodError(await bed.call('/api/signout/', { key: bed.appKey }), 'signout', 113900);
    await bed.ok('/api/api_keyinfo/', { key: bed.appKey });
  });

  it('102900: api_methoddata for an unknown or inaccessible method', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expectMethodError(await bed.call('/api/api_methoddata/no_such/', { key: account }), 'api_methoddata', 102900);
    expectMethodError(await bed.call('/api/api_methoddata/sites_list/', { key: bed.appKey }), 'api_methoddata', 102900);
    await bed.ok('/api/api_methoddata/sites_list/', { key: account });
  });

  it('100900 and 100901: api_test with err', async () => {
    const bed = freshSandbox();
    const base = '/api/api_test/abc/1/x/?str=s&int=1';
    expectMethodError(await bed.call(`${base}&err=1`, { key: bed.appKey }), 'api_test', 100900);
    expectMethodError(await bed.call(`${base}&err=2`, { key: bed.appKey }), 'api_test', 100901);
    expectMethodError(await bed.call(`${base}&err=-4`, { key: bed.appKey }), 'api_test', 100900);
    // err wins over raw: the error comes as the envelope.
    expectMethodError(await bed.call(`${base}&err=2&raw=1`, { key: bed.appKey }), 'api_test', 100901);
    const ok = await bed.call(`${base}&err=0`, { key: bed.appKey });
    expect(ok.envelope.error).toBe(0);
  });
});

describe('agency and unit errors', () => {
  it('122901: agency_delete without an agency, null with ignore', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expectMethodError(await bed.call('/api/agency_delete/', { key: account }), 'agency_delete', 122901);
    const a = await bed.call('/api/agency_delete/?ignore', { key: account });
    expect(a.envelope).toMatchObject({ error: 0, result: null });
    expect((await bed.call('/api/agency_delete/?ignore=1', { key: account })).envelope).toMatchObject({
      error: 0,
      result: null,
    });
    // ignore=0 switches the flag off.
    expectMethodError(await bed.call('/api/agency_delete/?ignore=0', { key: account }), 'agency_delete', 122901);
  });

  it('123900: agency_view without an agency', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expectMethodError(await bed.call('/api/agency_view/', { key: account }), 'agency_view', 123900);
    await bed.createAgency(account);
    await bed.ok('/api/agency_delete/', { key: account });
    expectMethodError(await bed.call('/api/agency_view/', { key: account }), 'agency_view', 123900);
  });

  it('131901: unit_update of an unknown unit', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expectMethodError(
      await bed.call(`/api/unit_update/${enc('no@unit.example')}/${enc('new@unit.example')}/`, { key: account }),
      'unit_update',
      131901,
    );
  });

  it('132901: unit_delete of an unknown unit, null with ignore', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const target = `/api/unit_delete/${enc('no@unit.example')}/`;
    expectMethodError(await bed.call(target, { key: account }), 'unit_delete', 132901);
    expect((await bed.call(`${target}?ignore`, { key: account })).envelope).toMatchObject({ error: 0, result: null });
    expect((await bed.call(`${target}?withsites&ignore=1`, { key: account })).envelope).toMatchObject({
      error: 0,
      result: null,
    });
  });

  it('a unit of another account is unknown to this one', async () => {
    const bed = freshSandbox();
    const one = await bed.signUpAndIn();
    const two = await bed.signUpAndIn();
    await sharedSite(bed, one, 'a.example', 'u@unit.example');
    expectMethodError(
      await bed.call(`/api/unit_delete/${enc('u@unit.example')}/`, { key: two }),
      'unit_delete',
      132901,
    );
    expectMethodError(
      await bed.call(`/api/sites_list/?unit=${enc('u@unit.example')}`, { key: two }),
      'sites_list',
      142900,
    );
  });
});

describe('site errors', () => {
  it('141900: the plan limit, counted exactly', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.control('plan', { email: account.email, siteLimit: 3 });
    expect(await bed.addSites(account, ['a.example', 'b.example'])).toEqual({});
    const a = await bed.call('/api/sites_add/', { key: account, body: ['c.example', 'd.example'] });
    expectMethodError(a, 'sites_add', 141900);
    expect(a.envelope.errorinfo).toMatch(/3/);
    // Nothing of the refused call was added.
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual(['a.example', 'b.example']);
    // Sites already there and duplicates do not count; the last free place can be used.
    expect(await bed.addSites(account, ['a.example', 'c.example', 'C.example', 'b.example'])).toEqual({});
    expect(await bed.listSites(account)).toHaveLength(3);
    expectMethodError(await bed.call('/api/sites_add/', { key: account, body: ['e.example'] }), 'sites_add', 141900);
  });

  it('142900: sites_list for an unknown unit', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expectMethodError(
      await bed.call(`/api/sites_list/?unit=${enc('no@unit.example')}`, { key: account }),
      'sites_list',
      142900,
    );
  });

  it('143901: site_delete of an unknown site, null with ignore', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expectMethodError(await bed.call('/api/site_delete/no.example/', { key: account }), 'site_delete', 143901);
    expect((await bed.call('/api/site_delete/no.example/?ignore', { key: account })).envelope).toMatchObject({
      error: 0,
      result: null,
    });
  });

  it('144901, 144902, 144903: site_unshare', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await sharedSite(bed, account, 'a.example', 'u@unit.example');
    await bed.addSites(account, ['plain.example', { name: 'other.example', share: 'v@unit.example' }]);
    const unshare = (unit: string, site: string) =>
      bed.call(`/api/site_unshare/${enc(unit)}/${site}/`, { key: account });
    expectMethodError(await unshare('no@unit.example', 'a.example'), 'site_unshare', 144901);
    expectMethodError(await unshare('u@unit.example', 'no.example'), 'site_unshare', 144902);
    expectMethodError(await unshare('u@unit.example', 'plain.example'), 'site_unshare', 144903);
    expectMethodError(await unshare('u@unit.example', 'other.example'), 'site_unshare', 144903);
    expect((await unshare('u@unit.example', 'a.example')).envelope.result).toBe('a.example');
    expectMethodError(await unshare('u@unit.example', 'a.example'), 'site_unshare', 144903);
  });

  it('145901, 145902: site_setoption for an unknown site or a bad option or value', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    const set = (path: string) => bed.call(`/api/site_setoption/${path}/`, { key: account });
    expectMethodError(await set('no.example/firewall/enable'), 'site_setoption', 145901);
    for (const bad of [
      'colour/red',
      'firewall/on',
      'autocleanup/2',
      'autopatching/yes',
      'scanperiod/hour',
      'permissions/abc',
      'permissions/9999999999',
    ]) {
      const a = await set(`a.example/${bad}`);
      expectMethodError(a, 'site_setoption', 145902);
    }
    expect(await bed.site(account, 'a.example')).toMatchObject({ firewallstatus: 1, permissions: 0, autotreatment: 0 });
  });

  it('145903: the firewall cannot be enabled on a site without the synchronization file', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['nosync-shop.example', 'fine.example']);
    expectMethodError(
      await bed.call('/api/site_setoption/nosync-shop.example/firewall/enable/', { key: account }),
      'site_setoption',
      145903,
    );
    // After the file is installed it works; without it again it fails again.
    await bed.ok('/api/site_setoption/fine.example/firewall/remove/', { key: account });
    await bed.control('syncfile', { email: account.email, domain: 'fine.example', installed: false });
    expectMethodError(
      await bed.call('/api/site_setoption/fine.example/firewall/enable/', { key: account }),
      'site_setoption',
      145903,
    );
    await bed.control('syncfile', { email: account.email, domain: 'fine.example', installed: true });
    await bed.ok('/api/site_setoption/fine.example/firewall/enable/', { key: account });
    expect(await bed.site(account, 'fine.example')).toMatchObject({ firewallstatus: 1 });
  });

  it('145904: the (!) options outside the plan', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    await bed.control('plan', { email: account.email, features: [] });
    for (const option of ['autocleanup', 'autopatching']) {
      expectMethodError(
        await bed.call(`/api/site_setoption/a.example/${option}/1/`, { key: account }),
        'site_setoption',
        145904,
      );
    }
    // Options not marked (!) still work.
    await bed.ok('/api/site_setoption/a.example/scanperiod/day/', { key: account });
    await bed.control('plan', { email: account.email, features: ['autopatching'] });
    await bed.ok('/api/site_setoption/a.example/autopatching/1/', { key: account });
    expectMethodError(
      await bed.call('/api/site_setoption/a.example/autocleanup/1/', { key: account }),
      'site_setoption',
      145904,
    );
  });

  it('146900, 146901: site_scan of an unknown site or one without the synchronization file', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['nosync.example', 'nosyncstore.example']);
    expectMethodError(await bed.call('/api/site_scan/no.example/', { key: account }), 'site_scan', 146900);
    expectMethodError(await bed.call('/api/site_scan/nosync.example/', { key: account }), 'site_scan', 146901);
    expectMethodError(await bed.call('/api/site_scan/nosyncstore.example/', { key: account }), 'site_scan', 146901);
  });

  it("another account's site is not found", async () => {
    const bed = freshSandbox();
    const one = await bed.signUpAndIn();
    const two = await bed.signUpAndIn();
    await bed.addSites(one, ['mine.example']);
    expectMethodError(await bed.call('/api/site_scan/mine.example/', { key: two }), 'site_scan', 146900);
    expectMethodError(await bed.call('/api/site_delete/mine.example/', { key: two }), 'site_delete', 143901);
    expectMethodError(
      await bed.call('/api/site_setoption/mine.example/firewall/remove/', { key: two }),
      'site_setoption',
      145901,
    );
    expect(await bed.listSites(one)).toHaveLength(1);
  });
});
