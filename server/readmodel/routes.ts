/**
 * The read model's page endpoints under /workspace/fleet/ (docs/workspace.md#the-read-model),
 * on the workspace's app: proved like every workspace request, answered from
 * the key's account only, at once from what is known, with `asOf`; a read
 * from the API starts when what is known is older than the refresh age.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import {
  FLEET_MAC_HEADER,
  FLEET_MAX_DOMAINS,
  FLEET_MAX_KEEP,
  FLEET_MAX_LIMIT,
  FLEET_MAX_SCANS,
  type FleetQuery,
} from '../../src/api/fleet.ts';
import {
  CUSTOMER_FILTERS,
  ON_OFF_FILTERS,
  PERIOD_FILTERS,
  SCAN_FILTERS,
  SORT_COLUMNS,
  STATUSES,
} from '../../src/api/fleet-views.ts';
import { problems, readJson } from '../workspace/http-input.ts';
import { siteKey, unitKey } from '../workspace/names.ts';
import type { KeyRecord } from '../workspace/types.ts';
import { afterWrites } from '../workspace/writes-seen.ts';
import type { ReadModel } from './readmodel.ts';

type Env = { Bindings: { clientAddress: string | null; origin: string }; Variables: { key: KeyRecord } };

const ATTENTION_SHOWN = 10;
/** `attention=all`: every site that needs attention, up to the largest fleet the read model is sized for. */
const ATTENTION_ALL = 100_000;
const TOP_ATTACKED = 10;

const choice = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { message: `${name} must be one of ${values.join(', ')}` }).optional();
const whole = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n <= max, `${name} must be at most ${max}`)
    .optional();

/** A customer's e-mail, as the workspace keys it. */
const email = (name: string) =>
  z
    .string()
    .transform((v, ctx) => {
      const key = unitKey(v);
      if (key === null) ctx.addIssue({ code: 'custom', message: `${name} must be an e-mail address` });
      return key ?? z.NEVER;
    })
    .optional();

/** Domains as the rows name them, comma-separated (a domain has no comma). */
const keepList = z
  .string()
  .transform((v) => [...new Set(v.split(',').flatMap((d) => siteKey(d) ?? []))])
  .refine((list) => list.length <= FLEET_MAX_KEEP, `keep names at most ${FLEET_MAX_KEEP} sites`)
  .optional();

const windowQuery = z.object({
  sort: choice('sort', SORT_COLUMNS),
  dir: choice('dir', ['asc', 'desc'] as const),
  offset: whole('offset', 100_000_000),
  limit: whole('limit', FLEET_MAX_LIMIT).refine((n) => n !== 0, 'limit must be at least 1'),
  q: z.string().max(200, 'q is at most 200 characters').optional(),
  status: choice('status', ['any', ...STATUSES] as const),
  firewall: choice('firewall', ON_OFF_FILTERS),
  cleanup: choice('cleanup', ON_OFF_FILTERS),
  period: choice('period', PERIOD_FILTERS),
  scan: choice('scan', SCAN_FILTERS),
  customer: choice('customer', CUSTOMER_FILTERS),
  keep: keepList,
  unit: email('unit'),
  except: email('except'),
});

/** Hosts the Add sites dialog asks about at most: a whole `sites_add` (docs/partner-api.md#sites_add). */
const KNOWN_MAX = 10_000;
const knownBody = z.object({
  hosts: z
    .array(z.string().max(2048, 'a host is at most 2,048 characters'))
    .max(KNOWN_MAX, `hosts names at most ${KNOWN_MAX} sites`),
});

const scansBody = z.object({
  domains: z
    .array(z.string().max(2048, 'a domain is at most 2,048 characters'))
    .max(FLEET_MAX_SCANS, `domains names at most ${FLEET_MAX_SCANS} sites`),
  follow: z.boolean({ message: 'follow must be true or false' }).optional(),
});

const scanHealthQuery = z.object({
  now: z
    .string()
    .regex(/^\d{1,12}$/, 'now must be a whole number of seconds (UNIX time)')
    .transform(Number)
    .optional(),
  q: z.string().max(253, 'q is at most 253 characters').optional(),
  /** The first this many of each list (100 when left out), or `all` (a bulk re-check's). */
  limit: z
    .string()
    .regex(/^(all|\d{1,9})$/, 'limit must be a whole number or all')
    .transform((v) => (v === 'all' ? 'all' : Number(v)))
    .refine((n) => n === 'all' || n <= FLEET_MAX_LIMIT, `limit must be at most ${FLEET_MAX_LIMIT}, or all`)
    .optional(),
  /** Only this list's sites (the other's count alone): a bulk re-check reads the one it checks. */
  list: choice('list', ['stopped', 'never'] as const),
});

/**
 * `writesSeen` resolves once the writes answered so far have changed the read
 * model (the recorder's queue): a read right after a write sees it.
 */
export function fleetRoutes(app: Hono<Env>, model: ReadModel, writesSeen: () => Promise<void> = async () => {}): void {
  const queryOf = (data: z.output<typeof windowQuery>) =>
    Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as FleetQuery;

  /** Once the writes answered before it are in: counts the visit, starts a read when due; says how fresh the answer is. */
  /** The key's own credentials for a read (a key with a mac key signs its proof; its read needs its own signature). */
  const credentialsOf = (c: Context<Env>) => {
    const apiKey = c.req.header('x-apikey') ?? '';
    const signed = (c.req.header('x-apimac') ?? '') !== '';
    const fleetMac = c.req.header(FLEET_MAC_HEADER) ?? '';
    return signed && fleetMac === ''
      ? null
      : { apiKey, mac: signed ? fleetMac : null, client: c.env.clientAddress, origin: c.env.origin };
  };

  const visit = async (c: Context<Env>, force = false) => {
    await afterWrites(writesSeen);
    return model.visit(c.get('key').accountId, credentialsOf(c), { force });
  };

  app.get('/workspace/fleet/sites', async (c) => {
    const parsed = windowQuery.safeParse(c.req.query());
    if (!parsed.success) return c.json({ error: 'bad-request', message: problems(parsed.error) }, 400);
    const freshness = await visit(c);
    const query = queryOf(parsed.data);
    const window = await model.read.window(c.get('key').accountId, query, model.nowSeconds());
    return c.json({ ...freshness, offset: query.offset ?? 0, ...window });
  });

  /** Every matching site's domain in the view's order (a selection of all of them): `offset` and `limit` do not apply. */
  app.get('/workspace/fleet/domains', async (c) => {
    const parsed = windowQuery.safeParse(c.req.query());
    if (!parsed.success) return c.json({ error: 'bad-request', message: problems(parsed.error) }, 400);
    const freshness = await visit(c);
    const { offset: _offset, limit: _limit, ...query } = queryOf(parsed.data);
    const answer = await model.read.domains(c.get('key').accountId, query, model.nowSeconds(), FLEET_MAX_DOMAINS);
    return c.json({ ...freshness, ...answer });
  });

  app.get('/workspace/fleet/summary', async (c) => {
    const shown = c.req.query('attention');
    if (shown !== undefined && shown !== 'all') {
      return c.json({ error: 'bad-request', message: 'attention must be all or left out' }, 400);
    }
    const freshness = await visit(c);
    const account = c.get('key').accountId;
    const now = model.nowSeconds();
    const [counts, attention, topAttacked, known] = await Promise.all([
      model.read.counts(account, now),
      model.read.attention(account, now, shown === 'all' ? ATTENTION_ALL : ATTENTION_SHOWN),
      model.read.topAttacked(account, TOP_ATTACKED),
      model.read.freshness(account),
    ]);
    return c.json({
      ...freshness,
      now,
      counts,
      attention: attention.rows.map((r) => model.attentionOf(r, now)),
      attentionTotal: attention.total,
      days: model.read.parseDays(known.days),
      topAttacked: topAttacked.map((t) => ({ domain: t.domain, blocked: Number(t.blocked) })),
    });
  });

  /**
   * The sync file page's lists (docs/workspace.md#the-read-model): the sites whose scheduled scans
   * stopped and those never scanned at `now` (UNIX seconds, the page's clock; the server's when left
   * out), the first `limit` of each whose domain contains `q`, and how many there are.
   */
  app.get('/workspace/fleet/scan-health', async (c) => {
    const parsed = scanHealthQuery.safeParse(c.req.query());
    if (!parsed.success) return c.json({ error: 'bad-request', message: problems(parsed.error) }, 400);
    const freshness = await visit(c);
    const now = parsed.data.now ?? model.nowSeconds();
    const { q, limit, list } = parsed.data;
    const health = await model.read.scanHealth(c.get('key').accountId, now, { q, limit, list });
    return c.json({ ...freshness, now, ...health });
  });

  /**
   * Which of these hosts are sites of the account as last read (the Add sites dialog's "already
   * there"), in the form given; none before the first read.
   */
  app.post('/workspace/fleet/known', async (c) => {
    const body = await readJson(c, knownBody);
    if (!body.ok) return body.response;
    const freshness = await visit(c);
    const known = await model.read.known(c.get('key').accountId, body.value.hosts);
    return c.json({ ...freshness, known });
  });

  /**
   * How the scans of these sites stand (the scan watcher's look for sites without a customer's list):
   * each site's latest report date and threats, and whether a scan started through the dashboard
   * still waits for a newer report. `follow`: the watcher's look while scans wait, which a read
   * follows. A site not in the fleet as last read is left out.
   */
  app.post('/workspace/fleet/scans', async (c) => {
    const body = await readJson(c, scansBody);
    if (!body.ok) return body.response;
    const freshness = await visit(c);
    const account = c.get('key').accountId;
    const scans = await model.read.scans(account, body.value.domains);
    if (body.value.follow !== true) return c.json({ ...freshness, scans });
    // A look while scans wait for their reports: a read follows (now, or after the one under way,
    // which may have asked the service before the reports were there), so the next look may find them.
    const credentials = credentialsOf(c);
    model.follow(account, credentials);
    return c.json({ ...freshness, refreshing: freshness.refreshing || credentials !== null, scans });
  });

  /**
   * The page's refresh: a read starts now; if one is under way (one per account at a time), a read
   * follows it, as that one may have asked the service before the change the page looks for.
   */
  app.post('/workspace/fleet/refresh', async (c) => {
    await afterWrites(writesSeen);
    model.follow(c.get('key').accountId, credentialsOf(c));
    return c.json(await visit(c, true));
  });

  app.get('/workspace/fleet/site/:domain', async (c) => {
    const domain = siteKey(c.req.param('domain'));
    if (domain === null) return c.json({ error: 'bad-request', message: 'The site is not a domain name' }, 400);
    const freshness = await visit(c);
    const site = await model.read.site(c.get('key').accountId, domain);
    if (site === null) return c.json({ error: 'not-found', message: 'No such site in the fleet as last read' }, 404);
    return c.json({ ...freshness, site });
  });
}
