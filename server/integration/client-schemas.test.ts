/**
 * The fetch layer's result schemas against real sandbox answers (issue 3): the
 * dashboard's own client, over real HTTP, through the real proxy, in front of
 * the real sandbox. Every method is called; the client parses each answer with
 * its schema (src/api/schemas.ts) and throws on any mismatch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/api/client.ts';
import type { Credentials } from '../../src/api/credentials.ts';
import { ApiError } from '../../src/api/errors.ts';
import { METHOD_NAMES, type MethodName } from '../../src/api/registry.ts';
import { resultSchemas } from '../../src/api/schemas.ts';
import { createSandbox, type Sandbox } from '../sandbox/app.ts';
import { testSandboxConfig } from '../sandbox/config.ts';
import { readOutbox } from '../sandbox/outbox.ts';
import { createProxy } from '../proxy/app.ts';
import { serveApp, type Served } from '../proxy/test-support.ts';

let dir: string;
let sandbox: Sandbox;
let served: Served;
let anonymous: ApiClient;
let client: ApiClient;
let keys: Credentials | null = null;
const called = new Set<MethodName>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'client-schemas-'));
  sandbox = createSandbox(testSandboxConfig({ dbPath: join(dir, 'db.sqlite'), seed: 'demo', scanSeconds: 1 }));
  const inProcess = async (req: Request) => sandbox.app.fetch(req);
  const proxy = createProxy({
    upstream: { kind: 'in-process', fetch: inProcess },
    appKey: sandbox.config.appKey,
    sandbox: { fetch: inProcess },
    frameAncestors: "'self'",
    log: () => {},
  });
  served = await serveApp(proxy);
  anonymous = createApiClient({ baseUrl: served.origin, getCredentials: () => null });
  client = createApiClient({ baseUrl: served.origin, getCredentials: () => keys });
});

afterAll(async () => {
  await served.close();
  sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('every result schema accepts what the sandbox answers', () => {
  it('signup and signin (the demo account)', async () => {
    const email = sandbox.demoEmail ?? '';
    expect(email).toBe('demo@partner.example');
    const up = await anonymous.signup(email);
    expect(up.otp.length).toBe(6);
    expect(up.user.regdate).toBeGreaterThan(0);
    const code = readOutbox(sandbox.state, email)[0]?.otp ?? '';
    const signin = await anonymous.signin(email, code);
    expect(signin.keydata.expires).toBeGreaterThan(signin.keydata.created);
    keys = { apiKey: signin.privatekey.key, macKey: signin.privatekey.hmac };
    called.add('signup').add('signin');
  });

  it('api_* methods', async () => {
    expect(await client.api_methodlist()).toContain('sites_list');
    const data = await client.api_methoddata('site_setoption');
    expect(data.errprefix).toBe(145);
    expect((await client.api_keyinfo()).expires).toBeGreaterThan(0);
    expect((await client.api_userinfo())?.email).toBe('demo@partner.example');
    const echo = await client.api_test({ item1: 'abc', item2: '1', item3: 'x y', str: 'é', int: '2', post: '{"a":1}' });
    expect(echo).toMatchObject({ PATH: ['abc', '1', 'x y'] });
    await expect(
      client.api_test({ item1: 'abc', item2: '1', item3: 'x', str: '', int: '0', err: '2' }),
    ).rejects.toMatchObject({ code: 100901 });
    called.add('api_methodlist').add('api_methoddata').add('api_keyinfo').add('api_userinfo').add('api_test');
  });

  it('sites_list with reports and firewall history, and the seeded states', async () => {
    const sites = await client.sites_list({ withscanreport: true, withfwhistory: true });
    expect(sites.length).toBeGreaterThanOrEqual(55);
    expect(sites.some((s) => s.scanreport === null)).toBe(true);
    expect(sites.some((s) => (s.scanreport?.threats ?? 0) > 0)).toBe(true);
    expect(sites.every((s) => s.fwhistory && Object.keys(s.fwhistory).length === 30)).toBe(true);
    const unit = await client.sites_list({ unit: 'owner@bakery-rose.example' });
    expect(unit.map((s) => s.domain)).toContain('bakery-rose.example');
    called.add('sites_list');
  });

  it('agency methods', async () => {
    const agency = await client.agency_view();
    expect(agency.title).toBe('Northwind Hosting');
    expect(await client.agency_update({ ...agency, phone: '+1 555 0100' })).toMatchObject({ phone: '+1 555 0100' });
    expect(await client.agency_delete()).toMatchObject({ title: 'Northwind Hosting' });
    expect(await client.agency_delete({ ignore: true })).toBeNull();
    await expect(client.agency_view()).rejects.toBeInstanceOf(ApiError);
    await client.agency_update(agency);
    called.add('agency_view').add('agency_update').add('agency_delete');
  });

  it('sites and units methods', async () => {
    const errors = await client.sites_add([
      'schema-check.example',
      { name: 'https://Schéma-Partagé.example/', share: 'schema-unit@client.example' },
      'not a domain',
    ]);
    expect(Object.keys(errors)).toEqual(['2']);
    expect(await client.site_setoption('schéma-partagé.example', 'scanperiod', 'day')).toEqual([
      'schéma-partagé.example',
      'scanperiod',
      'day',
    ]);
    expect(await client.site_scan('schema-check.example')).toBe('schema-check.example');
    expect(await client.site_unshare('schema-unit@client.example', 'schéma-partagé.example')).toBe(
      'schéma-partagé.example',
    );
    await client.sites_add([{ name: 'schéma-partagé.example', share: 'schema-unit@client.example' }]);
    expect(await client.unit_update('schema-unit@client.example', 'renamed@client.example')).toBe(
      'renamed@client.example',
    );
    expect(await client.unit_delete('renamed@client.example', { withsites: true })).toBe('renamed@client.example');
    expect(await client.unit_delete('renamed@client.example', { ignore: true })).toBeNull();
    expect(await client.site_delete('schema-check.example')).toBe('schema-check.example');
    expect(await client.site_delete('schema-check.example', { ignore: true })).toBeNull();
    called.add('sites_add').add('site_setoption').add('site_scan').add('site_unshare');
    called.add('unit_update').add('unit_delete').add('site_delete');
  });

  it('syncfile_get, dashboard and signout', async () => {
    const file = await client.syncfile_get();
    expect(file.filename).toMatch(/\.php$/);
    expect(file.content).toContain('<?php');
    const url = await client.dashboard();
    expect(url.startsWith(`${served.origin}/sandbox/dashboard?token=`)).toBe(true);
    expect((await fetch(url)).status).toBe(200);
    const deleted = await client.signout();
    expect(resultSchemas.signout.safeParse(deleted).success).toBe(true);
    await expect(client.api_keyinfo()).rejects.toMatchObject({ code: 502 });
    called.add('syncfile_get').add('dashboard').add('signout');
  });

  it('covered every method of the registry', () => {
    expect([...called].sort()).toEqual([...METHOD_NAMES].sort());
  });
});
