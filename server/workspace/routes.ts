/**
 * The workspace's HTTP API under /workspace/ (docs/workspace.md): JSON, never
 * cached, every request proved through the upstream first (./identity.ts) and
 * answered from that key's account only.
 */
import { Hono, type Context } from 'hono';
import { CSV_HEADER, csvLine, csvRow } from './csv.ts';
import {
  checkBody,
  domainParam,
  domainsQuery,
  nameBody,
  parseActivityQuery,
  periodSetBody,
  problems,
  readJson,
  unitParam,
  unitsFindQuery,
  unitsBody,
} from './http-input.ts';
import type { IdentityProver } from './identity.ts';
import { PERIOD_SET_KEPT_MS } from './store-memory.ts';
import type { WorkspaceStore } from './store.ts';
import type { KeyRecord } from './types.ts';
import { afterWrites } from './writes-seen.ts';

export interface WorkspaceBindings {
  clientAddress: string | null;
  /** The origin the browser addressed (PUBLIC_URL's when set). */
  origin: string;
}

type WorkspaceEnv = { Bindings: WorkspaceBindings; Variables: { key: KeyRecord } };
type Env = WorkspaceEnv;
type Ctx = Context<Env>;

/** Rows a CSV export reads from the store at a time. */
const CSV_BATCH = 1000;

const failure = (c: Ctx, status: 400 | 401 | 403 | 404 | 413 | 502, error: string, message: string) =>
  c.json({ error, message }, status);

export function workspaceRoutes(
  store: WorkspaceStore,
  prover: IdentityProver,
  log: (line: string) => void,
  now: () => number = Date.now,
  /** More proved routes (the read model's, server/readmodel/routes.ts). */
  extend: (app: Hono<Env>) => void = () => undefined,
  /** Resolves once the writes answered so far are recorded (./writes-seen.ts). */
  writesSeen: () => Promise<void> = async () => {},
) {
  const app = new Hono<Env>();

  // The store failed (PostgreSQL unreachable, say): the error's name to the log, never its message (it may quote data).
  app.onError((err, c) => {
    log(`workspace: ${c.req.method} failed: ${err.name}`);
    c.header('Cache-Control', 'no-store');
    return c.json({ error: 'workspace-failed', message: 'The workspace could not answer; try again' }, 500);
  });

  app.use('/workspace/*', async (c, next) => {
    const proof = await prover.prove(
      c.req.header('x-apikey') ?? null,
      c.req.header('x-apimac') ?? null,
      c.env.clientAddress,
      c.env.origin,
    );
    if (!proof.ok) {
      c.header('Cache-Control', 'no-store');
      return failure(c, proof.status, proof.error, proof.message);
    }
    c.set('key', proof.key);
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });

  const me = (key: KeyRecord) => ({
    account: { id: key.accountId, email: key.userEmail },
    key: { id: key.keyId, name: key.personName },
  });

  app.get('/workspace/me', (c) => c.json(me(c.get('key'))));

  app.put('/workspace/me', async (c) => {
    const body = await readJson(c, nameBody);
    if (!body.ok) return body.response;
    const key = c.get('key');
    await store.setPersonName(key.accountId, key.keyId, body.value.name);
    return c.json(me({ ...key, personName: body.value.name }));
  });

  app.get('/workspace/keys', async (c) => {
    const keys = await store.keys(c.get('key').accountId);
    return c.json({
      keys: keys.map((k) => ({ id: k.keyId, email: k.userEmail, name: k.personName, lastSeen: k.lastSeen })),
    });
  });

  /**
   * What every page needs at once, small whatever the fleet: who is asking, how many units the directory has and
   * when they were last reconciled, the options refused for the key. What grows with the fleet or the directory
   * is asked apart, by the pages that show it: the directory (/workspace/units), the sync-file evidence
   * (/workspace/sync-evidence), a site's customer and patching (the read model's rows carry both).
   */
  app.get('/workspace/state', async (c) => {
    // A unit deleted just now is not counted again by the read its page makes after the answer.
    await afterWrites(writesSeen);
    const key = c.get('key');
    const account = key.accountId;
    const [unitCount, reconciledAt, refusedOptions] = await Promise.all([
      store.unitCount(account),
      store.reconciledAt(account),
      store.refusedOptions(account),
    ]);
    return c.json({ ...me(key), unitCount, reconciledAt, refusedOptions });
  });

  /** The sites whose scan was refused for a missing synchronization file (146901), until a scan starts. */
  app.get('/workspace/sync-evidence', async (c) => {
    await afterWrites(writesSeen);
    return c.json({ syncEvidence: await store.syncEvidence(c.get('key').accountId) });
  });

  /** The directory; with `q`, only the units whose e-mail contains it (the first `limit`) and how many match. */
  app.get('/workspace/units', async (c) => {
    await afterWrites(writesSeen);
    const account = c.get('key').accountId;
    if (c.req.query('q') === undefined) return c.json({ units: await store.units(account) });
    const query = unitsFindQuery.safeParse(c.req.query());
    if (!query.success) return failure(c, 400, 'bad-request', problems(query.error));
    return c.json(await store.findUnits(account, query.data.q, query.data.limit));
  });

  app.post('/workspace/units', async (c) => {
    const body = await readJson(c, unitsBody);
    if (!body.ok) return body.response;
    const account = c.get('key').accountId;
    await store.addUnits(account, body.value.emails, now(), body.value.source);
    return c.json({ units: await store.units(account) });
  });

  app.put('/workspace/units/:email/sites', async (c) => {
    const email = unitParam.safeParse(c.req.param('email'));
    if (!email.success) return failure(c, 400, 'bad-request', problems(email.error));
    const body = await readJson(c, checkBody);
    if (!body.ok) return body.response;
    await store.recordUnitCheck(c.get('key').accountId, email.data, body.value.sites, now());
    return c.json({ ok: true });
  });

  app.delete('/workspace/units/:email', async (c) => {
    const email = unitParam.safeParse(c.req.param('email'));
    if (!email.success) return failure(c, 400, 'bad-request', problems(email.error));
    await store.removeUnit(c.get('key').accountId, email.data);
    return c.json({ ok: true });
  });

  app.get('/workspace/customers', async (c) => {
    const account = c.get('key').accountId;
    const [sites, reconciledAt] = await Promise.all([store.siteCustomers(account), store.reconciledAt(account)]);
    return c.json({ sites, reconciledAt });
  });

  /** Patching as last set for some sites (a unit's list, a site the read model does not have yet). */
  app.get('/workspace/patching', async (c) => {
    const domains = domainsQuery.safeParse(c.req.query('domains') ?? '');
    if (!domains.success) return failure(c, 400, 'bad-request', problems(domains.error));
    await afterWrites(writesSeen);
    return c.json({ patching: await store.patching(c.get('key').accountId, domains.data) });
  });

  /** The customer one site is shared with, as the workspace knows it (null: none known). */
  app.get('/workspace/customers/:domain', async (c) => {
    const domain = domainParam.safeParse(c.req.param('domain'));
    if (!domain.success) return failure(c, 400, 'bad-request', problems(domain.error));
    await afterWrites(writesSeen);
    return c.json({ domain: domain.data, unit: await store.customerOf(c.get('key').accountId, domain.data) });
  });

  /** Says a reconcile of every unit (sites_list?unit=, each reported above) has finished now. */
  app.put('/workspace/customers/reconciled', async (c) => {
    const at = now();
    await store.setReconciledAt(c.get('key').accountId, at);
    return c.json({ reconciledAt: at });
  });

  /** The sites whose scan period was set lately: only the sync file page reads it, so not in the state. */
  app.get('/workspace/period-set', async (c) => {
    await afterWrites(writesSeen);
    return c.json({ sites: await store.periodsSetSince(c.get('key').accountId, now() - PERIOD_SET_KEPT_MS) });
  });

  /** What a browser kept before the workspace did (an import): times still of use, none later than now. */
  app.post('/workspace/period-set', async (c) => {
    const body = await readJson(c, periodSetBody);
    if (!body.ok) return body.response;
    const at = now();
    const sites = body.value.sites
      .filter((s) => s.setAt >= at - PERIOD_SET_KEPT_MS)
      .map((s) => ({ domain: s.domain, setAt: Math.min(s.setAt, at) }));
    await store.periodSet(c.get('key').accountId, sites);
    return c.json({ ok: true });
  });

  app.get('/workspace/activity', async (c) => {
    const query = parseActivityQuery(c.req.query());
    if (!query.ok) return failure(c, 400, 'bad-request', query.message);
    const { filter, limit, before } = query.value;
    return c.json(await store.activity.page(c.get('key').accountId, filter, limit, before));
  });

  app.get('/workspace/activity.csv', (c) => {
    const query = parseActivityQuery(c.req.query());
    if (!query.ok) return failure(c, 400, 'bad-request', query.message);
    const account = c.get('key').accountId;
    const { filter } = query.value;
    let cursor: string | null = null;
    let started = false;
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(csvLine(CSV_HEADER)));
        }
        const page = await store.activity.page(account, filter, CSV_BATCH, cursor);
        if (page.entries.length > 0) controller.enqueue(encoder.encode(page.entries.map(csvRow).join('')));
        cursor = page.next;
        if (cursor === null) controller.close();
      },
    });
    return new Response(stream, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="activity.csv"',
      },
    });
  });

  extend(app);

  app.all('/workspace/*', (c) => failure(c, 404, 'not-found', 'No such workspace resource'));

  return app;
}
