/**
 * The demo accounts' workspaces, through `npm start`'s server on each engine
 * (server/workspace/test-engines.ts): the shared demo account's is seeded at
 * start-up, a visitor's copy ("Try the demo") is seeded before its session is
 * answered and read over HTTP with the copy's own key, as the dashboard reads
 * it, and is forgotten when the copy is removed; a restart seeds nothing twice.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createWorkspaceClient } from '../src/api/workspace.ts';
import { serverConfigFromEnv } from './config.ts';
import { send } from './proxy/test-support.ts';
import { findUserByEmail } from './sandbox/store/users.ts';
import { DEMO_EMAIL, UNITS } from './sandbox/demo/fixtures.ts';
import { createServerApp, type ServerApp } from './server-app.ts';
import { DEMO_COLLEAGUES } from './workspace/demo-seed.ts';
import { ENGINES, type TestPlace } from './workspace/test-engines.ts';

const sessionSchema = z.looseObject({ email: z.string(), key: z.string(), hmac: z.string() });

describe.each(ENGINES)('demo workspaces on $title', ({ available, place: makePlace }) => {
  let place: TestPlace;
  let dir: string;
  let server: ServerApp;
  let port: number;

  const start = async () => {
    server = await createServerApp(
      serverConfigFromEnv({
        ...place.settings,
        SANDBOX_DB: path.join(dir, 'sandbox.sqlite'),
        SANDBOX_SEED: 'demo',
        SANDBOX_QUIET: '1',
        SANDBOX_CONTROL: '1',
        SANDBOX_DEMO_HOURS: '1',
      }),
      { log: () => {} },
    );
    const http = server.listen(0, '127.0.0.1');
    await once(http, 'listening');
    port = (http.address() as AddressInfo).port;
    return http;
  };
  let http: Awaited<ReturnType<typeof start>>;
  const stop = async () => {
    if ('closeAllConnections' in http) http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await server.close();
  };

  beforeEach(async () => {
    if (!available) return;
    place = await makePlace();
    dir = mkdtempSync(path.join(tmpdir(), 'demo-workspace-'));
    http = await start();
  });
  afterEach(async () => {
    if (!available) return;
    await stop();
    await place.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!available)("seeds the shared demo account's workspace at start-up, once", async () => {
    const store = server.workspace.store;
    const sandboxDb = new Database(path.join(dir, 'sandbox.sqlite'), { readonly: true });
    const account = String(findUserByEmail(sandboxDb, DEMO_EMAIL)?.id);
    // Each customer's sites as the API has them.
    const shared = sandboxDb
      .prepare(
        'SELECT u.email AS email, COUNT(s.id) AS n FROM units u JOIN sites s ON s.unit_id = u.id WHERE u.user_id = ? GROUP BY u.email',
      )
      .all(Number(account)) as Array<{ email: string; n: number }>;
    sandboxDb.close();
    const units = await store.units(account);
    expect(units.map((u) => u.email)).toEqual([...UNITS].sort());
    expect(units.map((u) => [u.email, u.siteCount, u.source])).toEqual(
      shared.sort((a, b) => a.email.localeCompare(b.email)).map((u) => [u.email, u.n, 'write']),
    );
    expect(units.every((u) => u.checkedAt !== null)).toBe(true);
    const customers = await store.siteCustomers(account);
    expect(customers).toContainEqual(
      expect.objectContaining({ domain: 'bücher-café.example', unit: 'web@stadtwerke-muehlental.example' }),
    );
    expect(customers.some((c) => c.domain === 'oldblog.example')).toBe(false);
    expect(await store.reconciledAt(account)).not.toBeNull();

    // Colleagues' changes kept: an entry of the log, then a restart seeds nothing again.
    const first = await store.activity.page(account, {}, 500, null);
    await store.activity.append(account, [{ ...first.entries[0]!, at: Date.now(), site: 'northwind-hosting.example' }]);
    await stop();
    http = await start();
    const again = await server.workspace.store.activity.page(account, {}, 500, null);
    expect(again.entries).toHaveLength(first.entries.length + 1);
  });

  it.skipIf(!available)("seeds a visitor's demo copy before answering, and forgets it when the copy goes", async () => {
    const answer = await send(port, '/sandbox/demo-session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(answer.status, answer.text).toBe(200);
    const session = sessionSchema.parse(JSON.parse(answer.text));
    const workspace = createWorkspaceClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getCredentials: () => ({ apiKey: session.key, macKey: session.hmac }),
    });

    const state = await workspace.state();
    expect(state.account.email).toBe(session.email);
    expect(state.unitCount).toBe(UNITS.length);
    expect(await workspace.units()).toHaveLength(UNITS.length);
    expect((await workspace.customers()).sites).toContainEqual(
      expect.objectContaining({ domain: 'studio-kowalska.example', unit: 'anna@studio-kowalska.example' }),
    );
    expect(await workspace.patching(['nordic-outdoor.example', 'studio-kowalska.example'])).toContainEqual(
      expect.objectContaining({
        domain: 'nordic-outdoor.example',
        enabled: true,
        setBy: expect.objectContaining({ personName: 'Ben Fischer', userEmail: session.email }),
      }),
    );
    expect((await workspace.syncEvidence()).map((s) => s.domain)).toEqual(['menu.casa-lucia.example']);

    const keys = await workspace.keys();
    expect(
      keys
        .map((k) => k.name)
        .filter(Boolean)
        .sort(),
    ).toEqual([...DEMO_COLLEAGUES].sort());
    const log = await workspace.activity({}, { limit: 100 });
    expect(log.entries.length).toBeGreaterThan(10);
    expect(new Set(log.entries.map((e) => e.who.personName))).toEqual(new Set(DEMO_COLLEAGUES));
    expect(log.entries.every((e) => e.who.userEmail === session.email && e.at <= Date.now())).toBe(true);
    const ana = keys.find((k) => k.name === 'Ana Costa')!;
    const anas = await workspace.activity({ key: ana.id, kind: 'scans' });
    expect(anas.entries.length).toBeGreaterThan(0);
    expect(anas.entries.every((e) => e.who.personName === 'Ana Costa' && e.kind === 'scans')).toBe(true);
    const csv = await workspace.activityCsv({ site: 'menu.casa-lucia.example' });
    expect(csv).toContain('notAvailable');

    // The copy's time comes (the sandbox clock moves past SANDBOX_DEMO_HOURS): its workspace goes with it.
    const account = state.account.id;
    const clock = await send(port, '/sandbox/control/clock', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advance: 2 * 3600 }),
    });
    expect(clock.status, clock.text).toBe(200);
    await send(port, '/sandbox/health');
    await expect.poll(() => server.workspace.store.knowsAccount(account), { timeout: 10_000 }).toBe(false);
  });
});
