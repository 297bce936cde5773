/**
 * The read model's tables (docs/workspace.md#the-read-model), the workspace's
 * next migration: the account's fleet as last read from `sites_list`, one row
 * per site, and per account when it was read and visited and the firewall's
 * 30 days already summed. Each sort and filter the sites page offers has an
 * index led by the account and ending in the domain, so a window reads only
 * its rows.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { sortName } from './sort-name.ts';

/** The sort columns with an index of their own (the rest sort by a join: patching, customer). */
const INDEXED_SORTS = [
  'status',
  'threats',
  'report_date',
  'nextscan',
  'firewall',
  'cleanup',
  'scanperiod',
  'permissions',
] as const;

export const readModelMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rm_account')
      .addColumn('account_id', 'text', (col) => col.primaryKey())
      .addColumn('visited_at', 'bigint', (col) => col.notNull())
      .addColumn('refreshed_at', 'bigint')
      .addColumn('refresh_error', 'text')
      .addColumn('days', 'text')
      .execute();
    await db.schema.createIndex('rm_account_visited').on('rm_account').columns(['visited_at']).execute();

    await db.schema
      .createTable('rm_site')
      .addColumn('account_id', 'text', (col) => col.notNull())
      .addColumn('domain', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('host', 'text', (col) => col.notNull())
      .addColumn('search', 'text', (col) => col.notNull())
      .addColumn('site_id', 'bigint', (col) => col.notNull())
      .addColumn('adddate', 'bigint', (col) => col.notNull())
      .addColumn('scanperiod', 'bigint', (col) => col.notNull())
      .addColumn('nextscan', 'bigint', (col) => col.notNull())
      .addColumn('firewall', 'integer', (col) => col.notNull())
      .addColumn('cleanup', 'integer', (col) => col.notNull())
      .addColumn('permissions', 'bigint', (col) => col.notNull())
      .addColumn('status', 'integer', (col) => col.notNull())
      .addColumn('threats', 'bigint', (col) => col.notNull())
      .addColumn('report_date', 'bigint', (col) => col.notNull())
      .addColumn('report', 'text')
      .addColumn('blocked', 'bigint', (col) => col.notNull())
      .addColumn('scanning_at', 'bigint')
      .addColumn('read_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('rm_site_pk', ['account_id', 'domain'])
      .execute();
    for (const column of INDEXED_SORTS) {
      await db.schema
        .createIndex(`rm_site_${column}`)
        .on('rm_site')
        .columns(['account_id', column, 'domain'])
        .execute();
    }
    // The 30 days apart: the scans of the sites table (a search, counters) read narrow rows.
    await db.schema
      .createTable('rm_history')
      .addColumn('account_id', 'text', (col) => col.notNull())
      .addColumn('domain', 'text', (col) => col.notNull())
      .addColumn('fwhistory', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('rm_history_pk', ['account_id', 'domain'])
      .execute();
    // "Most attacked" reads the top of this one.
    await db.schema.createIndex('rm_site_blocked').on('rm_site').columns(['account_id', 'blocked']).execute();
  },
};

/**
 * Narrow indexes for what reads the whole fleet of an account at 100,000
 * sites, whose rows are wide with the report. A search walks the first in
 * the domain's order, matching the search text in the index and reading only
 * the rows it shows (a search matching nothing read all 100,000 rows); the
 * overview's counters and the scans due read the second alone. Both have the
 * domain early, so a read written in the domain's order adds to them in
 * order.
 */
export const readModelScansMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('rm_site_search').on('rm_site').columns(['account_id', 'domain', 'search']).execute();
    await db.schema
      .createIndex('rm_site_state')
      .on('rm_site')
      .columns([
        'account_id',
        'status',
        'firewall',
        'cleanup',
        'scanperiod',
        'domain',
        'report_date',
        'threats',
        'adddate',
        'name',
      ])
      .execute();
  },
};

/**
 * The order by name as readers expect it (./sort-name.ts): `sort_name`, filled for the rows
 * already read, with an index of its own. On PostgreSQL the column compares byte by byte
 * (collation "C") whatever the database's collation, as SQLite's does, so both engines give one order.
 */
export function readModelSortNameMigration(engine: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('rm_site')
        .addColumn('sort_name', 'text', (col) =>
          (engine === 'postgres' ? col.modifyFront(sql`collate "C"`) : col).notNull().defaultTo(''),
        )
        .execute();
      // Most names are their own key (no accent, no digit): one statement; the others one by one, in
      // the migration's transaction.
      await sql`update rm_site set sort_name = domain`.execute(db);
      const { rows } = await sql<{
        account_id: string;
        domain: string;
      }>`select account_id, domain from rm_site`.execute(db);
      for (const { account_id, domain } of rows) {
        const key = sortName(domain);
        if (key === domain) continue;
        await sql`update rm_site set sort_name = ${key} where account_id = ${account_id} and domain = ${domain}`.execute(
          db,
        );
      }
      await db.schema
        .createIndex('rm_site_sort_name')
        .on('rm_site')
        .columns(['account_id', 'sort_name', 'domain'])
        .execute();
    },
  };
}
