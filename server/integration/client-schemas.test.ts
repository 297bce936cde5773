/**
 * The fetch layer's result schemas against real sandbox answers: the
 * dashboard's own client, over real HTTP, through the real proxy, in front of
 * the real sandbox. Every method is called; the client parses each answer with
 * its schema (src/api/schemas.ts) and throws on any mismatch.
 *
 * Each test stands alone: it uses the demo account's session made before all
 * of them (and leaves the account as it found it), or signs in itself. Which
 * methods each test covers is stated in COVERAGE and checked against what
 * reached the proxy during that test (its log line per API call).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient, type ApiClient } from '../../src/api/client.ts';
import type { Credentials } from '../../src/api/credentials.ts';
import { ApiError } from '../../src/api/errors.ts';
import { METHOD_NAMES, type MethodName } from '../../src/api/registry.ts';
import { resultSchemas } from '../../src/api/schemas.ts';
import { createSandbox, type Sandbox } from '../sandbox/app.ts';
import { testSandboxConfig } from '../sandbox/config.ts';
import { createProxy } from '../proxy/app.ts';
import { serveApp, type Served } from '../proxy/test-support.ts';

const DEMO_EMAIL = 'demo@partner.example';

/** The methods each test below calls; together, every method of the registry. */
const COVERAGE = {
  signIn: ['signup', 'signin'],
  api: ['api_methodlist', 'api_methoddata', 'api_keyinfo', 'api_userinfo', 'api_test'],
  sitesList: ['sites_list'],
  agency: ['agency_view', 'agency_update', 'agency_delete'],
  sitesAndUnits: [
    'sites_add',
    'site_setoption',
    'site_scan',
    'site_unshare',
    'unit_update',
    'unit_delete',
    'site_delete',
  ],
  fileDashboardSignout: ['syncfile_get', 'dashboard', 'signout'],
} satisfies Record<string, MethodName[]>;

let dir: string;
let sandbox: Sandbox;
let served: Served;
/** The demo account's session, made once; no test signs it out. */
let demo: ApiClient;
const proxyLog: string[] = [];

const outboxSchema = z.array(z.looseObject({ otp: z.string().optional() }));

/** Signs up and in through the proxy, the code read from the sandbox outbox over HTTP. */
async function signIn(email: string): Promise<{ client: ApiClient; keys: Credentials }> {
  const anonymous = createApiClient({ baseUrl: served.origin, getCredentials: () => null });
  await anonymous.signup(email);
  const outbox = await fetch(`${served.origin}/sandbox/outbox?to=${encodeURIComponent(email)}`);
  const code = outboxSchema.parse(await outbox.json()).find((mail) => mail.otp !== undefined)?.otp ?? '';
  const signin = await anonymous.signin(email, code);
  const keys = { apiKey: signin.privatekey.key, macKey: signin.privatekey.hmac };
  return { client: createApiClient({ baseUrl: served.origin, getCredentials: () => keys }), keys };
}

/** Runs a test's calls and checks that each method it claims to cover reached the proxy. */
async function covering(methods: MethodName[], work: () => Promise<void>): Promise<void> {
  const from = proxyLog.length;
  await work();
  const called = new Set(proxyLog.slice(from).map((line) => line.split(' ')[1]));
  expect([...called]).toEqual(expect.arrayContaining(methods));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'client-schemas-'));
  sandbox = createSandbox(testSandboxConfig({ dbPath: join(dir, 'db.sqlite'), seed: 'demo', scanSeconds: 1 }));
  const inProcess = async (req: Request) => sandbox.app.fetch(req);
  const proxy = createProxy({
    upstream: { kind: 'in-process', fetch: inProcess },
    appKey: sandbox.config.appKey,
    sandbox: { fetch: inProcess },
    frameAncestors: "'self'",
    log: (line) => proxyLog.push(line),
  });
  served = await serveApp(proxy);
  demo = (await signIn(DEMO_EMAIL)).client;
});

afterAll(async () => {
  await served.close();
  sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('every result schema accepts what the sandbox answers', () => {
  it('signup and signin (the demo account)', async () => {
    expect(sandbox.demoEmail).toBe(DEMO_EMAIL);
    const anonymous = createApiClient({ baseUrl: served.origin, getCredentials: () => null });
    await covering(COVERAGE.signIn, async () => {
      const up = await anonymous.signup(DEMO_EMAIL);
      expect(up.otp.length).toBe(6);
      expect(up.user.regdate).toBeGreaterThan(0);
      const outbox = await fetch(`${served.origin}/sandbox/outbox?to=${encodeURIComponent(DEMO_EMAIL)}`);
      const code = outboxSchema.parse(await outbox.json())[0]?.otp ?? '';
      const signin = await anonymous.signin(DEMO_EMAIL, code);
      expect(signin.keydata.expires).toBeGreaterThan(signin.keydata.created);
      expect(signin.privatekey.key.length).toBeGreaterThan(0);
    });
  });

  it('api_* methods', async () => {
    await covering(COVERAGE.api, async () => {
      expect(await demo.api_methodlist()).toContain('sites_list');
      const data = await demo.api_methoddata('site_setoption');
      expect(data.errprefix).toBe(145);
      expect((await demo.api_keyinfo()).expires).toBeGreaterThan(0);
      expect((await demo.api_userinfo())?.email).toBe(DEMO_EMAIL);
      const echo = await demo.api_test({ item1: 'abc', item2: '1', item3: 'x y', str: 'é', int: '2', post: '{"a":1}' });
      expect(echo).toMatchObject({ PATH: ['abc', '1', 'x y'] });
      await expect(
        demo.api_test({ item1: 'abc', item2: '1', item3: 'x', str: '', int: '0', err: '2' }),
      ).rejects.toMatchObject({ code: 100901 });
    });
  });

  it('sites_list with reports and firewall history, and the seeded states', async () => {
    await covering(COVERAGE.sitesList, async () => {
      const sites = await demo.sites_list({ withscanreport: true, withfwhistory: true });
      expect(sites.length).toBeGreaterThanOrEqual(55);
      expect(sites.some((s) => s.scanreport === null)).toBe(true);
      expect(sites.some((s) => (s.scanreport?.threats ?? 0) > 0)).toBe(true);
      expect(sites.every((s) => s.fwhistory && Object.keys(s.fwhistory).length === 30)).toBe(true);
      const unit = await demo.sites_list({ unit: 'owner@bakery-rose.example' });
      expect(unit.map((s) => s.domain)).toContain('bakery-rose.example');
    });
  });

  it('agency methods (the agency restored afterwards)', async () => {
    await covering(COVERAGE.agency, async () => {
      const agency = await demo.agency_view();
      expect(agency.title).toBe('Northwind Hosting');
      try {
        expect(await demo.agency_update({ ...agency, phone: '+1 555 0100' })).toMatchObject({ phone: '+1 555 0100' });
        expect(await demo.agency_delete()).toMatchObject({ title: 'Northwind Hosting' });
        expect(await demo.agency_delete({ ignore: true })).toBeNull();
        await expect(demo.agency_view()).rejects.toBeInstanceOf(ApiError);
      } finally {
        await demo.agency_update(agency);
      }
    });
  });

  it('sites and units methods (on sites and a unit of its own, removed afterwards)', async () => {
    await covering(COVERAGE.sitesAndUnits, async () => {
      const errors = await demo.sites_add([
        'schema-check.example',
        { name: 'https://Schéma-Partagé.example/', share: 'schema-unit@client.example' },
        'not a domain',
      ]);
      expect(Object.keys(errors)).toEqual(['2']);
      expect(await demo.site_setoption('schéma-partagé.example', 'scanperiod', 'day')).toEqual([
        'schéma-partagé.example',
        'scanperiod',
        'day',
      ]);
      expect(await demo.site_scan('schema-check.example')).toBe('schema-check.example');
      expect(await demo.site_unshare('schema-unit@client.example', 'schéma-partagé.example')).toBe(
        'schéma-partagé.example',
      );
      await demo.sites_add([{ name: 'schéma-partagé.example', share: 'schema-unit@client.example' }]);
      expect(await demo.unit_update('schema-unit@client.example', 'renamed@client.example')).toBe(
        'renamed@client.example',
      );
      expect(await demo.unit_delete('renamed@client.example', { withsites: true })).toBe('renamed@client.example');
      expect(await demo.unit_delete('renamed@client.example', { ignore: true })).toBeNull();
      expect(await demo.site_delete('schema-check.example')).toBe('schema-check.example');
      expect(await demo.site_delete('schema-check.example', { ignore: true })).toBeNull();
    });
  });

  it('syncfile_get, dashboard and signout (a session of its own)', async () => {
    const { client } = await signIn('schema-signout@client.example');
    await covering(COVERAGE.fileDashboardSignout, async () => {
      const file = await client.syncfile_get();
      expect(file.filename).toMatch(/\.php$/);
      expect(file.content).toContain('<?php');
      const url = await client.dashboard();
      expect(url.startsWith(`${served.origin}/sandbox/dashboard?token=`)).toBe(true);
      expect((await fetch(url)).status).toBe(200);
      const deleted = await client.signout();
      expect(resultSchemas.signout.safeParse(deleted).success).toBe(true);
      await expect(client.api_keyinfo()).rejects.toMatchObject({ code: 502 });
    });
  });

  it('the tests above cover every method of the registry', () => {
    expect(Object.values(COVERAGE).flat().sort()).toEqual([...METHOD_NAMES].sort());
  });
});
