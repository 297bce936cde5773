/**
 * The workspace over real HTTP, on each engine (./test-engines.ts): the real
 * proxy in front of a stand-in partner service (the sandbox over HTTP,
 * test-support/real-stack.ts), the SPA's own clients (src/api/client.ts,
 * src/api/workspace.ts). Identity is proved through that upstream; writes
 * are recorded as they pass.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspaceClient, WorkspaceError } from '../../src/api/workspace.ts';
import type { Credentials } from '../../src/api/credentials.ts';
import { startRemoteStack, type RealStack, type RemoteStack } from '../../test-support/real-stack.ts';
import { openWorkspaceDb } from './db.ts';
import { ENGINES, type TestPlace } from './test-engines.ts';

const AGENCY = { title: 'Agency & Co', email: 'office@agency.example' };

describe.each(ENGINES)('the workspace over HTTP on $title', ({ available, name, place: makePlace }) => {
  let place: TestPlace;
  let stack: RemoteStack;

  beforeEach(async () => {
    if (!available) return;
    place = await makePlace();
    stack = await startRemoteStack(place.settings);
  });
  afterEach(async () => {
    if (!available) return;
    await stack.close();
    await place.drop();
  });

  const workspace = (at: RealStack, credentials: Credentials | null) =>
    createWorkspaceClient({ baseUrl: at.origin, getCredentials: () => credentials });

  // The HTTP layer's, the same on either engine.
  it.skipIf(!available || name !== 'SQLite')('compresses its JSON answers when asked, as the API’s are', async () => {
    const ana = await stack.signIn('ana@agency.example');
    const encodings: (string | null)[] = [];
    const client = createWorkspaceClient({
      baseUrl: stack.origin,
      getCredentials: () => ana,
      fetch: async (input, init) => {
        const answer = await globalThis.fetch(input, {
          ...init,
          headers: { ...Object.fromEntries(new Headers(init?.headers)), 'Accept-Encoding': 'gzip' },
        });
        encodings.push(answer.headers.get('content-encoding'));
        return answer;
      },
    });
    const emails = Array.from({ length: 60 }, (_, i) => `customer${i}@business${i}.example`);
    await client.addUnits(emails, 'import');
    encodings.length = 0;
    // A directory of 60 customers is several kilobytes: compressed. Who one is, a few hundred bytes: as it is.
    expect((await client.units()).map((u) => u.email).sort()).toEqual([...emails].sort());
    expect((await client.me()).account.email).toBe('ana@agency.example');
    expect(encodings).toEqual(['gzip', null]);
  });

  it.skipIf(!available)("answers only the key's own account; another account's key reads nothing", async () => {
    const ana = await stack.signIn('ana@agency.example');
    const other = await stack.signIn('eve@elsewhere.example');
    const anas = workspace(stack, ana);
    const me = await anas.me();
    expect(me.account.email).toBe('ana@agency.example');
    await anas.addUnits(['Customer@A.example'], 'import');
    await stack.client(ana).agency_update(AGENCY);
    await stack.client(ana).sites_add([{ name: 'one.example', share: 'customer@a.example' }]);
    await expect.poll(async () => (await anas.activity()).entries.length).toBe(2);

    const eves = workspace(stack, other);
    const state = await eves.state();
    expect(state.account.id).not.toBe(me.account.id);
    expect(state).toMatchObject({ unitCount: 0, refusedOptions: [] });
    expect(await eves.units()).toEqual([]);
    expect(await eves.syncEvidence()).toEqual([]);
    expect(await eves.customerOf('one.example')).toBeNull();
    expect((await eves.customers()).sites).toEqual([]);
    expect(await eves.patching(['one.example'])).toEqual([]);
    expect((await eves.activity()).entries).toEqual([]);
    expect(await eves.activityCsv()).not.toContain('one.example');
    // Nor can it reach the other account's key to name it.
    await eves.setName('Mallory');
    expect((await anas.keys()).map((k) => k.name)).toEqual([null]);
  });

  it.skipIf(!available)('refuses a request the upstream does not vouch for', async () => {
    const ana = await stack.signIn('ana@agency.example');
    const refusal = (credentials: Credentials | null) =>
      workspace(stack, credentials)
        .me()
        .then(
          () => null,
          (err: unknown) => (err instanceof WorkspaceError ? [err.status, err.code] : err),
        );
    expect(await refusal(null)).toEqual([401, 'no-key']);
    expect(await refusal({ apiKey: ana.apiKey, macKey: 'not-the-mac-key' })).toEqual([401, 'key-refused']);
    expect(await refusal({ apiKey: 'made-up-key', macKey: ana.macKey ?? '' })).toEqual([401, 'key-refused']);
    const anonymous = await fetch(`${stack.origin}/workspace/units`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    // The proxy's security headers apply to the workspace's answers too.
    expect(anonymous.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  it.skipIf(!available)('asks the upstream once a minute per key, side-by-side requests included', async () => {
    const ana = await stack.signIn('ana@agency.example');
    const anas = workspace(stack, ana);
    const before = stack.reached('api_userinfo');
    await Promise.all(Array.from({ length: 5 }, () => anas.units()));
    for (let i = 0; i < 5; i += 1) await anas.me();
    expect(stack.reached('api_userinfo') - before).toBe(1);
    // A wrong signature is not the proved one: it is asked about, and refused.
    await expect(workspace(stack, { apiKey: ana.apiKey, macKey: 'wrong' }).me()).rejects.toMatchObject({ status: 401 });
    expect(stack.reached('api_userinfo') - before).toBe(2);
  });

  it.skipIf(!available)('records the writes that pass through, with who, and keeps what the API does not', async () => {
    const ana = await stack.signIn('partner@agency.example');
    const ben = await stack.signIn('partner@agency.example');
    const anas = workspace(stack, ana);
    const bens = workspace(stack, ben);
    await anas.setName('Ana');
    await bens.me();
    await stack.control('plan', { email: 'partner@agency.example', features: ['autopatching'] });

    const api = stack.client(ana);
    await api.agency_update(AGENCY);
    await api.sites_add([{ name: 'one.example', share: 'cust@a.example' }, 'two.example', 'nosync.example']);
    await api.site_setoption('one.example', 'autopatching', '1');
    await api.site_setoption('one.example', 'autocleanup', '1').catch(() => undefined);
    await api.site_scan('nosync.example').catch(() => undefined);
    await stack.client(ben).unit_update('cust@a.example', 'cust@b.example');
    await expect.poll(async () => (await bens.activity()).entries.length).toBe(8);

    // Ben, on another key of the same account, sees what Ana did.
    const state = await bens.state();
    const anaKey = (await anas.me()).key.id;
    expect(state.unitCount).toBe(1);
    expect((await bens.units()).map((u) => u.email)).toEqual(['cust@b.example']);
    // Searched, as the Customer filter of a large directory asks: the same units, with how many match.
    expect(await bens.findUnits('CUST@', 10)).toMatchObject({
      units: [{ email: 'cust@b.example', siteCount: 1 }],
      total: 1,
    });
    await expect(bens.findUnits('cust', 201)).rejects.toMatchObject({ status: 400, code: 'bad-request' });
    expect((await bens.customers()).sites.map((c) => [c.domain, c.unit])).toEqual([['one.example', 'cust@b.example']]);
    // One site's customer alone, as a site page asks for it; none known for another.
    expect(await bens.customerOf('One.Example.')).toBe('cust@b.example');
    expect(await bens.customerOf('nosync.example')).toBeNull();
    await expect(bens.customerOf('not a domain')).rejects.toMatchObject({ status: 400, code: 'bad-request' });
    // The state a page reads at once does not grow with the fleet: nothing kept per site in it.
    expect(state).not.toHaveProperty('customers');
    expect(state).not.toHaveProperty('patching');
    expect(Object.keys(state).sort()).toEqual(['account', 'key', 'reconciledAt', 'refusedOptions', 'unitCount']);
    // Patching as last set, asked for some sites: those with a record only.
    await expect(bens.patching([])).rejects.toMatchObject({ status: 400, code: 'bad-request' });
    await expect(bens.patching(Array.from({ length: 501 }, (_, i) => `s${i}.example`))).rejects.toMatchObject({
      status: 400,
    });
    expect(await bens.patching(['ONE.example', 'nosync.example'])).toEqual([
      expect.objectContaining({
        domain: 'one.example',
        enabled: true,
        setBy: { userEmail: 'partner@agency.example', keyId: anaKey, personName: 'Ana' },
      }),
    ]);
    expect(state.refusedOptions.map((o) => o.option)).toEqual(['autocleanup']);
    expect((await bens.syncEvidence()).map((s) => s.domain)).toEqual(['nosync.example']);

    const log = (await bens.activity()).entries;
    expect(log.map((e) => [e.method, e.site, e.unit, e.option, e.value, e.error, e.who.personName])).toEqual([
      ['unit_update', null, 'cust@a.example', null, 'cust@b.example', null, null],
      ['site_scan', 'nosync.example', null, null, null, 'notAvailable', 'Ana'],
      ['site_setoption', 'one.example', 'cust@a.example', 'autocleanup', '1', 'permissionDenied', 'Ana'],
      ['site_setoption', 'one.example', 'cust@a.example', 'autopatching', '1', null, 'Ana'],
      ['sites_add', 'nosync.example', null, null, null, null, 'Ana'],
      ['sites_add', 'two.example', null, null, null, null, 'Ana'],
      ['sites_add', 'one.example', 'cust@a.example', null, null, null, 'Ana'],
      ['agency_update', null, null, null, null, null, 'Ana'],
    ]);
    const bensOwn = await anas.activity({ key: (await bens.me()).key.id });
    expect(bensOwn.entries.map((e) => e.method)).toEqual(['unit_update']);
    const options = await anas.activity({ kind: 'options', site: 'one.example' }, { limit: 1 });
    expect(options.entries.map((e) => e.option)).toEqual(['autocleanup']);
    expect((await anas.activity({ kind: 'options' }, { before: options.next })).entries[0]?.option).toBe(
      'autopatching',
    );
    const csv = await anas.activityCsv({ unit: 'cust@a.example' });
    expect(csv.split('\r\n')[0]).toBe('time,user,key,person,method,kind,site,customer,option,value,result,error');
    expect(csv.trim().split('\r\n')).toHaveLength(5);

    // Keys, mac keys and signatures are never stored: only ids, accounts and users.
    const { db } = await openWorkspaceDb(place.location);
    const everything = [];
    for (const table of ['ws_key', 'ws_unit', 'ws_site_unit', 'ws_patching', 'ws_activity'] as const) {
      everything.push(await db.selectFrom(table).selectAll().execute());
    }
    await db.destroy();
    const stored = JSON.stringify(everything);
    expect(stored).toContain(anaKey);
    for (const secret of [ana.apiKey, ana.macKey, ben.apiKey, ben.macKey]) expect(stored).not.toContain(secret);
  });

  it.skipIf(!available)('keeps everything across a restart', async () => {
    const ana = await stack.signIn('ana@agency.example');
    await workspace(stack, ana).setName('Ana');
    await workspace(stack, ana).addUnits(['cust@a.example'], 'lookup');
    await workspace(stack, ana).reportUnitCheck('cust@a.example', ['one.example']);
    await stack.client(ana).sites_add(['two.example']);
    await expect.poll(async () => (await workspace(stack, ana).activity()).entries.length).toBe(1);

    // The server stops; a new one on the same store sees it all.
    await stack.stopServer();
    const later = workspace(await stack.addCopy(), ana);
    const state = await later.state();
    expect(state.key.name).toBe('Ana');
    expect(await later.units()).toEqual([expect.objectContaining({ email: 'cust@a.example', siteCount: 1 })]);
    expect((await later.customers()).sites.map((c) => c.domain)).toEqual(['one.example']);
    expect((await later.activity()).entries.map((e) => e.site)).toEqual(['two.example']);
  });
});
