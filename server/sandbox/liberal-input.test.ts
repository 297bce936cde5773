/**
 * Liberal where the spec is loose, as published partner plugins need:
 * POST for GET methods, no trailing slash, flags with values, unknown flags,
 * %40 in e-mails, a site's full URL as its name.
 */
import { describe, expect, it } from 'vitest';
import { enc, freshHttpSandbox, freshSandbox } from './testing.ts';

describe('liberal input', () => {
  it('accepts POST for methods the spec shows as GET', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    await bed.ok('/api/sites_list/', { key: account, method: 'POST' });
    expect(
      await bed.ok('/api/site_setoption/a.example/firewall/disable/', { key: account, method: 'POST', body: {} }),
    ).toEqual(['a.example', 'firewall', 'disable']);
    await bed.ok('/api/signup/p%40partner.example/', { key: bed.appKey, method: 'POST' });
    await bed.ok('/api/api_methodlist/', { key: bed.appKey, method: 'POST', body: 'ignored' });
    expect((await bed.site(account, 'a.example')).firewallstatus).toBe(0);
  });

  it('accepts a missing trailing slash, with and without a query', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.ok('/api/sites_add', { key: account, body: ['a.example'] });
    await bed.ok('/api/site_setoption/a.example/permissions/5', { key: account });
    const sites = await bed.ok('/api/sites_list?withscanreport', { key: account });
    expect(sites).toEqual([expect.objectContaining({ host: 'a.example', permissions: 5, scanreport: null })]);
    await bed.ok('/api/api_methodlist', { key: bed.appKey });
    expect(await bed.ok('/api/site_delete/a.example?ignore', { key: account })).toBe('a.example');
  });

  it('takes flags with values and ignores flags the spec does not list', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    const sites = await bed.listSites(account, '?withscanreport=1&withfwhistory=true&lang=en&_=1700000000&debug');
    expect(sites[0]).toHaveProperty('scanreport');
    expect(sites[0]).toHaveProperty('fwhistory');
    expect(await bed.ok('/api/site_delete/none.example/?ignore=1&force=yes&v=2', { key: account })).toBeNull();
    expect(await bed.ok('/api/agency_delete/?ignore=yes', { key: account })).toBeNull();
  });

  it('decodes %40 and a literal @ in e-mails in paths and arguments', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.createAgency(account);
    await bed.addSites(account, [{ name: 'a.example', share: 'Owner@Unit.example' }]);
    expect(await bed.listSites(account, '?unit=owner%40unit.example')).toHaveLength(1);
    expect(await bed.listSites(account, '?unit=owner@unit.example')).toHaveLength(1);
    expect(await bed.ok('/api/unit_update/owner%40unit.example/new@unit.example/', { key: account })).toBe(
      'new@unit.example',
    );
    expect(await bed.ok('/api/site_unshare/new%40unit.example/a.example/', { key: account })).toBe('a.example');
    expect(await bed.ok('/api/unit_delete/NEW%40UNIT.EXAMPLE/', { key: account })).toBe('NEW@UNIT.EXAMPLE');
  });

  it("takes a site's full URL as a path entry", async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example', 'bücher.example', 'c.example', 'd.example']);
    expect(await bed.ok(`/api/site_setoption/${enc('https://a.example/')}/permissions/9/`, { key: account })).toEqual([
      'a.example',
      'permissions',
      '9',
    ]);
    expect((await bed.site(account, 'a.example')).permissions).toBe(9);
    await bed.ok(`/api/site_setoption/${enc('https://Bücher.example/shop?x=1')}/firewall/remove/`, { key: account });
    expect((await bed.site(account, 'xn--bcher-kva.example')).firewallstatus).toBe(0);
    await bed.ok(`/api/site_scan/${enc('http://c.example')}/`, { key: account });
    await bed.ok('/api/site_delete/d.example./', { key: account });
    await bed.ok(`/api/site_delete/${enc('HTTPS://C.EXAMPLE/')}/`, { key: account });
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual(['a.example', 'xn--bcher-kva.example']);
  });

  it('reads a JSON body whatever its declared content type, as curl sends it by default', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(await bed.ok('/api/sites_add/', { key: account, body: '["a.example"]', headers: form })).toEqual({});
    expect(
      await bed.ok('/api/sites_add/', {
        key: account,
        body: '["b.example"]',
        headers: { 'content-type': 'text/plain' },
      }),
    ).toEqual({});
    const agency = { title: 'Plugin Agency', email: 'plugin@partner.example' };
    expect(await bed.ok('/api/agency_update/', { key: account, body: JSON.stringify(agency), headers: form })).toEqual(
      agency,
    );
    expect(await bed.ok('/api/agency_view/', { key: account })).toEqual(agency);
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual(['a.example', 'b.example']);
  });

  it('ignores a JSON body on GET methods, as a published plugin sends one', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['a.example']);
    const listed = await bed.call('/api/sites_list/', { key: account, method: 'GET', body: '[]' });
    expect(listed.envelope.error).toBe(0);
    expect(listed.envelope.result).toHaveLength(1);
    const deleted = await bed.call('/api/site_delete/a.example/', { key: account, method: 'GET', body: '["x"]' });
    expect(deleted.envelope).toMatchObject({ error: 0, result: 'a.example' });
  });

  it('reads a JSON body sent without a content type or with a charset', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    expect(await bed.ok('/api/sites_add/', { key: account, body: '["a.example"]' })).toEqual({});
    expect(
      await bed.ok('/api/sites_add/', {
        key: account,
        body: '["b.example"]',
        headers: { 'content-type': 'Application/JSON;charset=utf-8' },
      }),
    ).toEqual({});
    expect(
      (
        await bed.call('/api/sites_add/', {
          key: account,
          body: '["c.example"]',
          headers: { 'content-type': 'application/json; charset=latin1' },
        })
      ).envelope.error,
    ).toBe(503);
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual(['a.example', 'b.example']);
  });
});
