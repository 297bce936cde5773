/**
 * The workspace's schema, one versioned migration at a time, for SQLite and
 * PostgreSQL alike (Kysely's Migrator records what ran in `kysely_migration`
 * and takes a lock, so copies starting together apply each once). Never edit a
 * migration that has shipped: add the next one.
 */
import type { Kysely, Migration } from 'kysely';
import { readModelMigration, readModelScansMigration, readModelSortNameMigration } from '../readmodel/migration.ts';

export type Engine = 'sqlite' | 'postgres';

/** The migrations by name; Kysely runs them in the names' order. */
export function migrations(engine: Engine): Record<string, Migration> {
  // An auto-incrementing 64-bit id: SQLite's rowid, PostgreSQL's identity.
  const serial = engine === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  const idColumn = (db: Kysely<unknown>, table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', serial, (col) =>
        engine === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedAlwaysAsIdentity(),
      );

  return {
    '001_workspace': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('ws_key')
          .addColumn('key_id', 'text', (col) => col.primaryKey())
          .addColumn('account_id', 'text', (col) => col.notNull())
          .addColumn('user_email', 'text', (col) => col.notNull())
          .addColumn('person_name', 'text')
          .addColumn('first_seen', 'bigint', (col) => col.notNull())
          .addColumn('last_seen', 'bigint', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('ws_key_account').on('ws_key').columns(['account_id']).execute();

        await db.schema
          .createTable('ws_unit')
          .addColumn('account_id', 'text', (col) => col.notNull())
          .addColumn('email', 'text', (col) => col.notNull())
          .addColumn('added_at', 'bigint', (col) => col.notNull())
          .addColumn('source', 'text', (col) => col.notNull())
          .addColumn('checked_at', 'bigint')
          .addPrimaryKeyConstraint('ws_unit_pk', ['account_id', 'email'])
          .execute();

        await db.schema
          .createTable('ws_site_unit')
          .addColumn('account_id', 'text', (col) => col.notNull())
          .addColumn('domain', 'text', (col) => col.notNull())
          .addColumn('unit_email', 'text', (col) => col.notNull())
          .addColumn('set_at', 'bigint', (col) => col.notNull())
          .addPrimaryKeyConstraint('ws_site_unit_pk', ['account_id', 'domain'])
          .execute();
        await db.schema
          .createIndex('ws_site_unit_unit')
          .on('ws_site_unit')
          .columns(['account_id', 'unit_email'])
          .execute();

        await db.schema
          .createTable('ws_patching')
          .addColumn('account_id', 'text', (col) => col.notNull())
          .addColumn('domain', 'text', (col) => col.notNull())
          .addColumn('enabled', 'integer', (col) => col.notNull())
          .addColumn('set_at', 'bigint', (col) => col.notNull())
          .addColumn('set_by_email', 'text', (col) => col.notNull())
          .addColumn('set_by_key', 'text', (col) => col.notNull())
          .addColumn('set_by_name', 'text')
          .addPrimaryKeyConstraint('ws_patching_pk', ['account_id', 'domain'])
          .execute();

        await db.schema
          .createTable('ws_refused_option')
          .addColumn('account_id', 'text', (col) => col.notNull())
          .addColumn('option', 'text', (col) => col.notNull())
          .addColumn('refused_at', 'bigint', (col) => col.notNull())
          .addPrimaryKeyConstraint('ws_refused_option_pk', ['account_id', 'option'])
          .execute();

        await db.schema
          .createTable('ws_sync_evidence')
          .addColumn('account_id', 'text', (col) => col.notNull())
          .addColumn('domain', 'text', (col) => col.notNull())
          .addColumn('refused_at', 'bigint', (col) => col.notNull())
          .addPrimaryKeyConstraint('ws_sync_evidence_pk', ['account_id', 'domain'])
          .execute();

        await db.schema
          .createTable('ws_account')
          .addColumn('account_id', 'text', (col) => col.primaryKey())
          .addColumn('reconciled_at', 'bigint')
          .execute();

        await idColumn(db, 'ws_activity')
          .addColumn('account_id', 'text', (col) => col.notNull())
          .addColumn('at', 'bigint', (col) => col.notNull())
          .addColumn('method', 'text', (col) => col.notNull())
          .addColumn('kind', 'text', (col) => col.notNull())
          .addColumn('site', 'text')
          .addColumn('unit', 'text')
          .addColumn('option', 'text')
          .addColumn('value', 'text')
          .addColumn('result', 'integer', (col) => col.notNull())
          .addColumn('error_name', 'text')
          .addColumn('user_email', 'text', (col) => col.notNull())
          .addColumn('key_id', 'text', (col) => col.notNull())
          .addColumn('person_name', 'text')
          .execute();
        // The page's order (newest first) and each filter the Activity page offers, each led by the account.
        for (const [name, columns] of [
          ['ws_activity_at', ['account_id', 'at', 'id']],
          ['ws_activity_site', ['account_id', 'site', 'at', 'id']],
          ['ws_activity_unit', ['account_id', 'unit', 'at', 'id']],
          ['ws_activity_kind', ['account_id', 'kind', 'at', 'id']],
          ['ws_activity_user', ['account_id', 'user_email', 'at', 'id']],
          ['ws_activity_key', ['account_id', 'key_id', 'at', 'id']],
        ] as const) {
          await db.schema
            .createIndex(name)
            .on('ws_activity')
            .columns([...columns])
            .execute();
        }
        // Retention deletes by time across accounts.
        await db.schema.createIndex('ws_activity_time').on('ws_activity').columns(['at']).execute();

        await idColumn(db, 'ws_login_event')
          .addColumn('bucket', 'text', (col) => col.notNull())
          .addColumn('subject', 'text', (col) => col.notNull())
          .addColumn('at', 'bigint', (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex('ws_login_event_subject')
          .on('ws_login_event')
          .columns(['bucket', 'subject', 'at'])
          .execute();
        await db.schema.createIndex('ws_login_event_time').on('ws_login_event').columns(['at']).execute();
      },
    },
    // The fleet as last read from the API (docs/workspace.md#the-read-model).
    '002_readmodel': readModelMigration,
    '003_readmodel_scans': readModelScansMigration,
    // When a site's scan period was last set through the dashboard (docs/workspace.md#what-it-keeps).
    '004_period_set': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('ws_period_set')
          .addColumn('account_id', 'text', (col) => col.notNull())
          .addColumn('domain', 'text', (col) => col.notNull())
          .addColumn('set_at', 'bigint', (col) => col.notNull())
          .addPrimaryKeyConstraint('ws_period_set_pk', ['account_id', 'domain'])
          .execute();
        // The sweep deletes by time across accounts.
        await db.schema.createIndex('ws_period_set_time').on('ws_period_set').columns(['set_at']).execute();
      },
    },
    // The order by name: accents, case and the digits' values as the sites page's collator has them.
    '005_readmodel_sort_name': readModelSortNameMigration(engine),
  };
}
