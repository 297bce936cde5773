/**
 * Units (docs/partner-api.md#unit-methods) and the agency record (docs/partner-api.md#agency-record, docs/partner-api.md#agency-methods).
 */
import { describe, expect, it } from 'vitest';
import { enc, freshSandbox, type Account, type TestBed } from './testing.ts';

async function withUnits(bed: TestBed, account: Account): Promise<void> {
  await bed.createAgency(account);
  await bed.addSites(account, [
    { name: 'a.example', share: 'old@unit.example' },
    { name: 'b.example', share: 'old@unit.example' },
    { name: 'c.example', share: 'other@unit.example' },
    'd.example',
  ]);
}

const hostsOf = async (bed: TestBed, account: Account, unit: string) =>
  (await bed.listSites(account, `?unit=${enc(unit)}`)).map((s) => s.host);

describe('unit_update', () => {
  it('renames a unit; its sites follow', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await withUnits(bed, account);
    expect(
      await bed.ok(`/api/unit_update/${enc('old@unit.example')}/${enc('new@unit.example')}/`, { key: account }),
    ).toBe('new@unit.example');
    expect(await hostsOf(bed, account, 'new@unit.example')).toEqual(['a.example', 'b.example']);
    expect((await bed.call(`/api/sites_list/?unit=${enc('old@unit.example')}`, { key: account })).envelope.error).toBe(
      142900,
    );
    expect(await hostsOf(bed, account, 'other@unit.example')).toEqual(['c.example']);
    // New shares with the new e-mail join the same unit.
    await bed.addSites(account, [{ name: 'e.example', share: 'new@unit.example' }]);
    expect(await hostsOf(bed, account, 'new@unit.example')).toEqual(['a.example', 'b.example', 'e.example']);
  });

  it('renaming onto an existing unit keeps one unit per e-mail', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await withUnits(bed, account);
    await bed.ok(`/api/unit_update/${enc('old@unit.example')}/${enc('other@unit.example')}/`, { key: account });
    expect(await hostsOf(bed, account, 'other@unit.example')).toEqual(['a.example', 'b.example', 'c.example']);
    await bed.ok(`/api/unit_delete/${enc('other@unit.example')}/`, { key: account });
    expect((await bed.call(`/api/unit_delete/${enc('other@unit.example')}/`, { key: account })).envelope.error).toBe(
      132901,
    );
  });
});

describe('unit_delete', () => {
  it('without withsites: the sites stay, unshared', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await withUnits(bed, account);
    expect(await bed.ok(`/api/unit_delete/${enc('old@unit.example')}/`, { key: account })).toBe('old@unit.example');
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual([
      'a.example',
      'b.example',
      'c.example',
      'd.example',
    ]);
    expect((await bed.call(`/api/sites_list/?unit=${enc('old@unit.example')}`, { key: account })).envelope.error).toBe(
      142900,
    );
    // The former sites can be shared afresh.
    await bed.addSites(account, [{ name: 'a.example', share: 'fresh@unit.example' }]);
    expect(await hostsOf(bed, account, 'fresh@unit.example')).toEqual(['a.example']);
  });

  it.each(['withsites', 'withsites=1'])('with %s: its sites are deleted, the others stay', async (flag) => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await withUnits(bed, account);
    await bed.ok(`/api/unit_delete/${enc('old@unit.example')}/?${flag}`, { key: account });
    expect((await bed.listSites(account)).map((s) => s.host)).toEqual(['c.example', 'd.example']);
    expect(await hostsOf(bed, account, 'other@unit.example')).toEqual(['c.example']);
  });
});

describe('agency', () => {
  it('is created, viewed, updated and deleted', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const first = { title: 'First', email: 'first@agency.example', phone: '+1 555 0100' };
    expect(await bed.ok('/api/agency_update/', { key: account, body: first })).toEqual(first);
    expect(await bed.ok('/api/agency_view/', { key: account })).toEqual(first);
    // An update replaces the record.
    const second = {
      title: 'Second',
      email: 'second@agency.example',
      logourl: 'http://agency.example/logo.svg',
      bank_currency: 'EUR',
    };
    expect(await bed.ok('/api/agency_update/', { key: account, body: second })).toEqual(second);
    expect(await bed.ok('/api/agency_view/', { key: account })).toEqual(second);
    expect(await bed.ok('/api/agency_delete/', { key: account })).toEqual(second);
    expect((await bed.call('/api/agency_view/', { key: account })).envelope.error).toBe(123900);
  });

  it('belongs to one account', async () => {
    const bed = freshSandbox();
    const one = await bed.signUpAndIn();
    const two = await bed.signUpAndIn();
    await bed.createAgency(one);
    expect((await bed.call('/api/agency_view/', { key: two })).envelope.error).toBe(123900);
    // Sharing needs the agency of the account that shares.
    const errors = await bed.addSites(two, [{ name: 'a.example', share: 'u@unit.example' }]);
    expect(Object.keys(errors)).toEqual(['0']);
  });

  it.each([
    ['no title', { email: 'a@agency.example' }],
    ['no email', { title: 'A' }],
    ['an empty title', { title: '  ', email: 'a@agency.example' }],
    ['a bad email', { title: 'A', email: 'not-an-email' }],
    ['an ftp logourl', { title: 'A', email: 'a@agency.example', logourl: 'ftp://agency.example/logo.png' }],
    ['a javascript logourl', { title: 'A', email: 'a@agency.example', logourl: 'javascript:alert(1)' }],
    ['a relative logourl', { title: 'A', email: 'a@agency.example', logourl: '/logo.png' }],
    ['a 4-letter currency', { title: 'A', email: 'a@agency.example', bank_currency: 'EURO' }],
    ['a number for a string', { title: 'A', email: 'a@agency.example', phone: 5550100 }],
    ['a bad invoice e-mail', { title: 'A', email: 'a@agency.example', bank_invoicemail: 'billing' }],
  ])('refuses %s with 503 and keeps the old record', async (_what, body) => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    await bed.createAgency(account, { title: 'Kept' });
    const answer = await bed.call('/api/agency_update/', { key: account, body });
    expect(answer.envelope).toMatchObject({ error: 503, result: null });
    expect(answer.envelope.errorinfo).not.toBe('');
    expect(await bed.ok('/api/agency_view/', { key: account })).toMatchObject({ title: 'Kept' });
  });

  it('takes line breaks in the address and the other free-text fields, but keeps the title to one line', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const record = {
      title: 'Multi-line Ltd',
      email: 'a@agency.example',
      address: '1 Long Lane\nLondon\r\nEC1A 1BB',
      bank_account: 'GB29 NWBK\n6016 1331 9268 19',
    };
    expect(await bed.ok('/api/agency_update/', { key: account, body: record })).toEqual(record);
    expect(await bed.ok('/api/agency_view/', { key: account })).toEqual(record);
    const title = await bed.call('/api/agency_update/', { key: account, body: { ...record, title: 'Two\nlines' } });
    expect(title.envelope).toMatchObject({ error: 503, errorinfo: 'title must be one line of at most 200 characters' });
  });

  it('reports one problem per field: a bad e-mail is not also "required"', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const bad = await bed.call('/api/agency_update/', { key: account, body: { email: 'notanemail' } });
    expect(bad.envelope).toMatchObject({ error: 503, errorinfo: 'email is not valid; title is required' });
    const typed = await bed.call('/api/agency_update/', {
      key: account,
      body: { title: 7, email: 'a@agency.example' },
    });
    expect(typed.envelope.errorinfo).toBe('title must be a string');
  });

  it('ignores fields named like Object.prototype members', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    const text = '{"title":"A","email":"a@agency.example","constructor":"x","toString":"y","__proto__":"z"}';
    const answer = await bed.call('/api/agency_update/', {
      key: account,
      body: text,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.envelope.error).toBe(0);
    expect(await bed.ok('/api/agency_view/', { key: account })).toEqual({ title: 'A', email: 'a@agency.example' });
  });

  it('accepts http and https logo URLs and stores only the fields of docs/partner-api.md#agency-record', async () => {
    const bed = freshSandbox();
    const account = await bed.signUpAndIn();
    for (const logourl of ['https://agency.example/logo.png', 'http://agency.example/l.gif', '']) {
      await bed.ok('/api/agency_update/', { key: account, body: { title: 'A', email: 'a@agency.example', logourl } });
    }
    await bed.ok('/api/agency_update/', {
      key: account,
      body: { title: 'A', email: 'a@agency.example', unknown_field: 'x' },
    });
    expect(await bed.ok('/api/agency_view/', { key: account })).toEqual({ title: 'A', email: 'a@agency.example' });
  });
});
