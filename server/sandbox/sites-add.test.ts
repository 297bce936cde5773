/**
 * sites_add and sites_list semantics (docs/partner-api.md#lifecycle, docs/partner-api.md#site-methods): short and long forms,
 * IDN names, full URLs, per-site errors keyed by index, duplicates, sharing.
 */
import { describe, expect, it } from 'vitest';
import { enc, freshHttpSandbox, freshSandbox, siteNames } from './testing.ts';

describe('sites_add', () => {
  it('takes short and long forms mixed', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.createAgency(account);
    const before = Math.floor(Date.now() / 1000);
    expect(
      await bed.addSites(account, [
        'short.example',
        { name: 'long.example' },
        { name: 'shared.example', share: 'u@unit.example' },
      ]),
    ).toEqual({});
    const sites = await bed.listSites(account);
    expect(sites.map((s) => s.host)).toEqual(['short.example', 'long.example', 'shared.example']);
    for (const s of sites) {
      expect(s.domain).toBe(s.host);
      expect(s.adddate).toBeGreaterThanOrEqual(before);
      expect(s.nextscan).toBeGreaterThan(s.adddate);
      expect(s).toMatchObject({ scanperiod: 7 * 86400, firewallstatus: 1, autotreatment: 0 });
    }
    expect(new Set(sites.map((s) => s.id)).size).toBe(3);
    expect((await bed.listSites(account, `?unit=${enc('u@unit.example')}`)).map((s) => s.host)).toEqual([
      'shared.example',
    ]);
  });

  it('stores IDN names as punycode host and UTF-8 domain, one site for both spellings', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expect(await bed.addSites(account, ['xn--bcher-kva.example', 'bücher.example', 'BÜCHER.example'])).toEqual({});
    expect(await bed.addSites(account, [{ name: 'bücher.example' }, 'пример.example'])).toEqual({});
    const sites = await bed.listSites(account);
    expect(sites.map((s) => [s.host, s.domain])).toEqual([
      ['xn--bcher-kva.example', 'bücher.example'],
      ['xn--e1afmkfd.example', 'пример.example'],
    ]);
    // Either spelling finds it.
    await bed.ok('/api/site_setoption/xn--bcher-kva.example/scanperiod/day/', { key: account });
    expect(await bed.ok(`/api/site_delete/${enc('bücher.example')}/`, { key: account })).toBe('bücher.example');
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual(['xn--e1afmkfd.example']);
  });

  it('takes a full URL, upper case, a port or a trailing dot as the site name', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expect(
      await bed.addSites(account, [
        'https://Example.com/path',
        'http://www.example.com:8080/?q=1',
        { name: 'HTTPS://Shop.Example.org/' },
        'trailing.example.',
        'plain.example/wp-admin',
      ]),
    ).toEqual({});
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual([
      'example.com',
      'www.example.com',
      'shop.example.org',
      'trailing.example',
      'plain.example',
    ]);
  });

  it('answers one error message per bad site, keyed by index, and adds the good ones', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const body = [
      'good-one.example',
      'not a domain',
      42,
      { name: 5 },
      {},
      '192.0.2.1',
      'ftp://files.example',
      'localhost',
      { name: 'shared.example', share: 'u@unit.example' },
      'good-two.example',
      '',
      ['nested.example'],
      null,
      `${'a'.repeat(64)}.example`,
    ];
    const errors = await bed.addSites(account, body);
    expect(Object.keys(errors).sort((a, b) => Number(a) - Number(b))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '10',
      '11',
      '12',
      '13',
    ]);
    for (const message of Object.values(errors)) expect(message).toMatch(/\w{3}/);
    // Sharing without the agency record is refused for that site (docs/partner-api.md#sites_add).
    expect(errors['8']).toMatch(/agency/i);
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual(['good-one.example', 'good-two.example']);
  });

  it('refuses a share e-mail that is not an e-mail, per site', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.createAgency(account);
    const errors = await bed.addSites(account, [
      { name: 'a.example', share: 'nobody' },
      { name: 'b.example', share: 7 },
      'c.example',
    ]);
    expect(Object.keys(errors)).toEqual(['0', '1']);
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual(['c.example']);
  });

  it('adds duplicates in one call once, the later options winning', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.createAgency(account);
    expect(
      await bed.addSites(account, [
        { name: 'dup.example', share: 'first@unit.example' },
        'other.example',
        'DUP.example',
        { name: 'https://dup.example/', share: 'second@unit.example' },
        { name: 'again.example', share: 'first@unit.example' },
        'again.example',
      ]),
    ).toEqual({});
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual([
      'other.example',
      'dup.example',
      'again.example',
    ]);
    expect((await bed.listSites(account, `?unit=${enc('second@unit.example')}`)).map((s) => s.host)).toEqual([
      'dup.example',
    ]);
    // The later, unshared "again.example" won, and dup.example went to second@: first@ was never made a unit.
    const first = await bed.call(`/api/sites_list/?unit=${enc('first@unit.example')}`, { key: account });
    expect(first.envelope).toMatchObject({ error: 142900, result: null });
  });

  it('re-adding a site keeps it once and shares it when asked', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.createAgency(account);
    await bed.addSites(account, ['a.example']);
    const [before] = await bed.listSites(account);
    await bed.advance(100);
    expect(await bed.addSites(account, [{ name: 'a.example', share: 'u@unit.example' }])).toEqual({});
    const after = await bed.listSites(account, `?unit=${enc('u@unit.example')}`);
    expect(after).toEqual([before]);
  });

  it('makes one unit per unique e-mail, and all its sites go to it', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.createAgency(account);
    await bed.addSites(account, [
      { name: 'a.example', share: 'owner@unit.example' },
      { name: 'b.example', share: 'Owner@Unit.Example' },
    ]);
    await bed.addSites(account, [{ name: 'c.example', share: 'owner@unit.example' }, 'd.example']);
    expect((await bed.listSites(account, `?unit=${enc('owner@unit.example')}`)).map((s) => s.host)).toEqual([
      'a.example',
      'b.example',
      'c.example',
    ]);
    // One unit: deleting it once unshares all three; it is gone afterwards.
    await bed.ok(`/api/unit_delete/${enc('owner@unit.example')}/`, { key: account });
    expect((await bed.call(`/api/unit_delete/${enc('owner@unit.example')}/`, { key: account })).envelope.error).toBe(
      132901,
    );
    expect(await bed.listSites(account)).toHaveLength(4);
  });

  it('keeps accounts apart: the same host in two accounts is two sites', async () => {
    const bed = freshSandbox();
    const one = await bed.signUpAndIn();
    const two = await bed.signUpAndIn();
    await bed.addSites(one, ['same.example', 'only-one.example']);
    await bed.addSites(two, ['same.example']);
    const [mine] = await bed.listSites(one);
    const [theirs] = await bed.listSites(two);
    expect(mine?.host).toBe(theirs?.host);
    expect(mine?.id).not.toBe(theirs?.id);
    await bed.ok('/api/site_delete/same.example/', { key: two });
    expect((await bed.listSites(one)).map((s) => s.host)).toEqual(['same.example', 'only-one.example']);
  });

  it('adds nosync… sites with the firewall off and no firewall history', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.addSites(account, ['nosync-shop.example', 'synced.example']);
    await bed.advance(2 * 86400);
    const nosync = await bed.site(account, 'nosync-shop.example', '?withfwhistory');
    expect(nosync.firewallstatus).toBe(0);
    expect(Object.values(nosync.fwhistory ?? {}).every((d) => d === null)).toBe(true);
    const synced = await bed.site(account, 'synced.example', '?withfwhistory');
    expect(synced.firewallstatus).toBe(1);
    expect(Object.values(synced.fwhistory ?? {}).filter((d) => d !== null).length).toBeGreaterThan(0);
    // Enabling it needs the synchronization file (docs/partner-api.md#site_setoption, 145903); disabling changes nothing.
    expect(
      (await bed.call('/api/site_setoption/nosync-shop.example/firewall/enable/', { key: account })).envelope.error,
    ).toBe(145903);
    await bed.ok('/api/site_setoption/nosync-shop.example/firewall/disable/', { key: account });
    expect((await bed.site(account, 'nosync-shop.example')).firewallstatus).toBe(0);
  });

  it('adds an empty array as nothing', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    expect(await bed.addSites(account, [])).toEqual({});
    expect(await bed.listSites(account)).toEqual([]);
  });
});

describe('sites_add and the plan limit', () => {
  it('refuses 10,000 entries the plan cannot take before any per-entry work, adding nothing', async () => {
    const bed = await freshHttpSandbox();
    const account = await bed.signUpAndIn();
    const answer = await bed.call('/api/sites_add/', { key: account, body: siteNames(10_000, 'flood') });
    expect(answer.envelope.error).toBe(141900);
    // "at least": refused from the entry count alone, before each name was parsed and
    // looked up (an exact count would need that work). Its time: `npm run bench -- sandbox`.
    expect(answer.envelope.errorinfo).toBe(
      'The plan allows 1000 sites; the account has 0 and this call adds at least 1001',
    );
    expect(await bed.listSites(account)).toEqual([]);
  });

  it('does not refuse early what the plan can take: repeated spellings and sites the account has', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.control('plan', { email: account.email, siteLimit: 600 });
    // 1,500 entries, 500 sites: each spelled three ways.
    const names = siteNames(500, 'same');
    const spelled = names.flatMap((n) => [n, `https://${n.toUpperCase()}/path`, { name: `${n}.` }]);
    expect(await bed.addSites(account, spelled)).toEqual({});
    // 600 entries into an account of 500 sites with room for 100: 500 of them it has already.
    expect(await bed.addSites(account, [...names, ...siteNames(100, 'more')])).toEqual({});
    expect(await bed.listSites(account)).toHaveLength(600);
    // Full now: one new site among known ones is refused by the exact count.
    const full = await bed.call('/api/sites_add/', { key: account, body: [...names, 'one-more.example'] });
    expect(full.envelope).toMatchObject({ error: 141900 });
    expect(full.envelope.errorinfo).toBe('The plan allows 600 sites; the account has 600 and this call adds 1');
  });
});

describe('sites_list', () => {
  it('filters by unit and adds scanreport and fwhistory only on request', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.createAgency(account);
    await bed.addSites(account, [
      'a.example',
      { name: 'b.example', share: 'u@unit.example' },
      { name: 'c.example', share: 'v@unit.example' },
    ]);
    const plain = await bed.listSites(account);
    expect(plain).toHaveLength(3);
    for (const s of plain) expect(Object.keys(s)).not.toContain('scanreport');

    const queries: [string, boolean, boolean][] = [
      ['?withscanreport', true, false],
      ['?withscanreport=1', true, false],
      ['?withfwhistory', false, true],
      ['?withfwhistory=1&withscanreport=true', true, true],
      ['?withscanreport&withfwhistory', true, true],
      ['?withscanreport=0&withfwhistory=no', false, false],
      ['?withscanreport&unknownflag&another=x', true, false],
    ];
    for (const [query, report, fw] of queries) {
      const sites = await bed.listSites(account, query);
      expect(sites, query).toHaveLength(3);
      for (const s of sites) {
        expect(Object.keys(s).includes('scanreport'), query).toBe(report);
        expect(Object.keys(s).includes('fwhistory'), query).toBe(fw);
        if (report) expect(s.scanreport).toBeNull();
        if (fw) expect(Object.keys(s.fwhistory ?? {})).toHaveLength(30);
      }
    }
    const unitSites = await bed.listSites(account, `?unit=${enc('u@unit.example')}&withscanreport&withfwhistory`);
    expect(unitSites.map((s) => s.host)).toEqual(['b.example']);
    expect(Object.keys(unitSites[0]?.fwhistory ?? {})).toHaveLength(30);
    // %40 or a literal @, any case.
    expect((await bed.listSites(account, '?unit=V@UNIT.example')).map((s) => s.host)).toEqual(['c.example']);
  });
});
