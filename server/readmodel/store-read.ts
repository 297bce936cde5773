/**
 * What the page endpoints read: a window of the sites table (sorted,
 * filtered and searched in SQL, each sort on an index led by the account),
 * the overview's figures (counted in SQL; the chart summed when the fleet was
 * read), and one site. The rules are the sites page's and the overview's
 * (src/data/site-model, src/features/overview/fleet-summary.ts), held to the
 * same answers by ./readmodel-model.test.ts.
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { STATUSES, type SortColumn } from '../../src/api/fleet-views.ts';
import type { FleetQuery, FleetRow } from '../../src/api/fleet.ts';
import { SCAN_PERIODS } from '../../src/api/registry/sites.ts';
import type { WorkspaceDb } from '../workspace/db.ts';
import type { WorkspaceDatabase } from '../workspace/schema.ts';
import type { SummedDay } from './day-sums.ts';
import { siteOf, type JoinedRow } from './site-row.ts';

/** How late a scheduled scan may be before it is overdue (src/lib/scan-schedule.ts). */
export const SCAN_GRACE_SECONDS = 86_400;
const UNSCHEDULED_RECENT_SECONDS = 30 * 86_400;
const NEVER = STATUSES.indexOf('never');

const SORT_COLUMN: Record<Exclude<SortColumn, 'patching' | 'customer'>, keyof WorkspaceDatabase['rm_site']> = {
  // By name as readers file it (./sort-name.ts), not by code point.
  domain: 'sort_name',
  status: 'status',
  threats: 'threats',
  lastScan: 'report_date',
  nextScan: 'nextscan',
  firewall: 'firewall',
  cleanup: 'cleanup',
  period: 'scanperiod',
  permissions: 'permissions',
};

type Eb = ExpressionBuilder<WorkspaceDatabase & { s: WorkspaceDatabase['rm_site'] }, 's'>;

/** Never scanned, or scheduled scans overdue (src/lib/scan-schedule.ts scanDue), at `now` (UNIX seconds). */
const scanDue = (now: number) =>
  sql<boolean>`(s.report_date = 0 or (s.scanperiod > 0 and s.report_date < ${now} - s.scanperiod - ${SCAN_GRACE_SECONDS}))`;

/** The search as typed, compared as the sites page does (src/data/site-model/site-filters.ts normalQuery). */
export function normalQuery(q: string): string {
  return q
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '');
}

/** The customer (the workspace's map) of the row `s`, as a subquery. */
const customerOf = (eb: Eb) =>
  eb
    .selectFrom('ws_site_unit as c')
    .select('c.unit_email')
    .whereRef('c.account_id', '=', 's.account_id')
    .whereRef('c.domain', '=', 's.domain');

function filtered(eb: Eb, query: FleetQuery, now: number) {
  const where = [];
  const q = normalQuery(query.q ?? '');
  if (q !== '') {
    const like = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
    // The names, or the customer's e-mail (src/data/site-model/site-filters.ts searchText).
    where.push(
      eb.or([
        sql<boolean>`s.search like ${like} escape '\\'`,
        eb.exists(customerOf(eb).where(sql<boolean>`c.unit_email like ${like} escape '\\'`)),
      ]),
    );
  }
  if (query.customer === 'known') where.push(eb.exists(customerOf(eb)));
  if (query.customer === 'none') where.push(eb.not(eb.exists(customerOf(eb))));
  if (query.status !== undefined && query.status !== 'any') {
    where.push(eb('s.status', '=', STATUSES.indexOf(query.status)));
  }
  for (const [filter, column] of [
    [query.firewall, 's.firewall'],
    [query.cleanup, 's.cleanup'],
  ] as const) {
    if (filter === 'on') where.push(eb(column, '=', 1));
    if (filter === 'off') where.push(eb(column, '<>', 1));
  }
  if (query.period !== undefined && query.period !== 'any') {
    where.push(eb('s.scanperiod', '=', SCAN_PERIODS[query.period === 'off' ? '0' : query.period]));
  }
  if (query.scan === 'due') where.push(scanDue(now));
  // Sites just changed stay in the view whatever its filters (src/features/sites/components/site-columns.tsx).
  const keep = query.keep ?? [];
  return keep.length === 0 || where.length === 0 ? eb.and(where) : eb.or([eb.and(where), eb('s.domain', 'in', keep)]);
}

export function readStore(db: WorkspaceDb) {
  const base = (accountId: string, query: FleetQuery, now: number) => {
    let q = db.selectFrom('rm_site as s').where('s.account_id', '=', accountId);
    // Shared with the customer, or not (the Share dialog's), as the team's map says.
    const shared = (eb: Eb, email: string) =>
      eb.exists(
        eb
          .selectFrom('ws_site_unit as u')
          .select('u.domain')
          .whereRef('u.account_id', '=', 's.account_id')
          .whereRef('u.domain', '=', 's.domain')
          .where('u.unit_email', '=', email),
      );
    const { unit, except } = query;
    if (unit !== undefined) q = q.where((eb) => shared(eb as Eb, unit));
    if (except !== undefined) q = q.where((eb) => eb.not(shared(eb as Eb, except)));
    return q.where((eb) => filtered(eb as Eb, query, now));
  };

  const joined = <O>(q: SelectQueryBuilder<WorkspaceDatabase & { s: WorkspaceDatabase['rm_site'] }, 's', O>) =>
    q
      .leftJoin('ws_site_unit as u', (j) =>
        j.onRef('u.account_id', '=', 's.account_id').onRef('u.domain', '=', 's.domain'),
      )
      .leftJoin('ws_patching as p', (j) =>
        j.onRef('p.account_id', '=', 's.account_id').onRef('p.domain', '=', 's.domain'),
      )
      .select([
        's.account_id',
        's.domain',
        's.name',
        's.host',
        's.site_id',
        's.adddate',
        's.scanperiod',
        's.nextscan',
        's.firewall',
        's.cleanup',
        's.permissions',
        's.status',
        's.threats',
        's.report_date',
        's.report',
        's.blocked',
        's.scanning_at',
        's.read_at',
        'u.unit_email as unit',
        'p.enabled as patching',
        'p.set_at as patching_set_at',
        'p.set_by_email as patching_set_by_email',
        'p.set_by_key as patching_set_by_key',
        'p.set_by_name as patching_set_by_name',
      ]);

  /** The rows in the view's order: the sort column, the domain breaking ties (both turned round for `desc`). */
  const ordered = (accountId: string, query: FleetQuery, now: number) => {
    const dir = query.dir === 'desc' ? 'desc' : 'asc';
    const sort = query.sort ?? 'domain';
    let rows = joined(base(accountId, query, now));
    if (sort === 'patching') rows = rows.orderBy(sql`coalesce(p.enabled, -1)`, dir);
    // By the customer's e-mail, the sites with none after every customer (table-model.ts comparators).
    else if (sort === 'customer')
      rows = rows.orderBy(sql`case when u.unit_email is null then 1 else 0 end`, dir).orderBy('u.unit_email', dir);
    else rows = rows.orderBy(`s.${SORT_COLUMN[sort]}`, dir);
    return rows.orderBy('s.domain', dir);
  };

  const count = async (accountId: string, query: FleetQuery, now: number) => {
    const row = await base(accountId, query, now)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };

  return {
    async freshness(accountId: string) {
      const row = await db
        .selectFrom('rm_account')
        .select(['refreshed_at', 'refresh_error', 'days'])
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return { asOf: row?.refreshed_at ?? null, error: row?.refresh_error ?? null, days: row?.days ?? null };
    },

    /** A window of rows in the view's order (the domain breaks ties) and how many match. */
    async window(accountId: string, query: FleetQuery, now: number): Promise<{ total: number; rows: FleetRow[] }> {
      const [rows, total] = await Promise.all([
        ordered(accountId, query, now)
          .limit(query.limit ?? 50)
          .offset(query.offset ?? 0)
          .execute(),
        count(accountId, query, now),
      ]);
      return { total, rows: rows.map((r) => siteOf(r as JoinedRow)) };
    },

    /** Every matching site's domain (the UTF-8 name, as rows give it) in the view's order, at most `limit`. */
    async domains(accountId: string, query: FleetQuery, now: number, limit: number) {
      const [rows, total] = await Promise.all([
        ordered(accountId, query, now).limit(limit).execute(),
        count(accountId, query, now),
      ]);
      return { total, domains: rows.map((r) => r.name) };
    },

    async site(accountId: string, domain: string): Promise<(FleetRow & { fwhistory: unknown }) | null> {
      const row = await joined(db.selectFrom('rm_site as s'))
        .leftJoin('rm_history as h', (j) =>
          j.onRef('h.account_id', '=', 's.account_id').onRef('h.domain', '=', 's.domain'),
        )
        .select('h.fwhistory')
        .where('s.account_id', '=', accountId)
        .where('s.domain', '=', domain)
        .executeTakeFirst();
      if (row === undefined) return null;
      return { ...siteOf(row as JoinedRow), fwhistory: row.fwhistory === null ? null : JSON.parse(row.fwhistory) };
    },

    /** The overview's counters, at `now` (UNIX seconds). */
    async counts(accountId: string, now: number) {
      const count = (condition: ReturnType<typeof sql<boolean>>) =>
        sql<number>`sum(case when ${condition} then 1 else 0 end)`;
      const row = await db
        .selectFrom('rm_site as s')
        .where('s.account_id', '=', accountId)
        .select((eb) => [
          eb.fn.countAll<number>().as('sites'),
          ...STATUSES.map((status, rank) => count(sql<boolean>`s.status = ${rank}`).as(status)),
          count(scanDue(now)).as('scanDue'),
          count(sql<boolean>`s.firewall = 1`).as('firewallOn'),
          count(sql<boolean>`s.cleanup = 1`).as('cleanupOn'),
          count(
            sql<boolean>`s.report_date > 0 and s.report_date >= ${now} - (case when s.scanperiod > 0 then s.scanperiod + ${SCAN_GRACE_SECONDS} else ${UNSCHEDULED_RECENT_SECONDS} end)`,
          ).as('scannedRecently'),
        ])
        .executeTakeFirstOrThrow();
      const n = (v: unknown) => Number(v ?? 0);
      const sites = n(row.sites);
      const counts = Object.fromEntries(
        [...STATUSES, 'scanDue', 'scannedRecently'].map((k) => [k, n((row as Record<string, unknown>)[k])]),
      ) as Record<(typeof STATUSES)[number] | 'scanDue' | 'scannedRecently', number>;
      const firewallOn = n(row.firewallOn);
      const cleanupOn = n(row.cleanupOn);
      return {
        sites,
        ...counts,
        firewallOn,
        firewallOff: sites - firewallOn,
        cleanupOn,
        cleanupOff: sites - cleanupOn,
      };
    },

    /**
     * The sites to act on first, worst first (fleet-summary.ts byUrgency):
     * the first problem's rank, more threats, more problems, the name.
     */
    async attention(accountId: string, now: number, shown: number) {
      const first = sql<
        number | null
      >`case when s.status <= 3 then s.status when s.status = ${NEVER} then 4 when ${scanDue(now)} then 5 when s.firewall <> 1 then 6 else null end`;
      const problems = sql<number>`(case when s.status <= 3 then 1 else 0 end) + (case when ${scanDue(now)} then 1 else 0 end) + (case when s.firewall <> 1 then 1 else 0 end)`;
      const withProblem = db
        .selectFrom('rm_site as s')
        .where('s.account_id', '=', accountId)
        .where(sql<boolean>`(s.status <= 3 or ${scanDue(now)} or s.firewall <> 1)`);
      const [rows, total] = await Promise.all([
        withProblem
          .select([
            's.name',
            's.status',
            's.threats',
            's.report_date',
            's.scanperiod',
            's.firewall',
            's.cleanup',
            's.adddate',
          ])
          .orderBy(first)
          .orderBy(sql`case when s.threats < 0 then 0 else s.threats end`, 'desc')
          .orderBy(problems, 'desc')
          .orderBy('s.domain')
          .limit(shown)
          .execute(),
        withProblem.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async topAttacked(accountId: string, shown: number) {
      return db
        .selectFrom('rm_site')
        .select(['name as domain', 'blocked'])
        .where('account_id', '=', accountId)
        .where('blocked', '>', 0)
        .orderBy('blocked', 'desc')
        .orderBy('domain')
        .limit(shown)
        .execute();
    },

    parseDays: (days: string | null): SummedDay[] => (days === null ? [] : (JSON.parse(days) as SummedDay[])),
  };
}
