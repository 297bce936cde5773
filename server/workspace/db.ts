/**
 * Opens the workspace's database: PostgreSQL when a URL is given
 * (DATABASE_URL), else a SQLite file (WORKSPACE_DB, WAL like the sandbox's),
 * and applies the migrations that have not run (./migrations.ts).
 */
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { migrations, type Engine } from './migrations.ts';
import type { WorkspaceDatabase } from './schema.ts';

export type WorkspaceDb = Kysely<WorkspaceDatabase>;

export type WorkspaceLocation = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

export interface OpenedDb {
  db: WorkspaceDb;
  engine: Engine;
}

/** PostgreSQL's 64-bit integers (ids, times, counts) as numbers: ours stay far below 2^53. */
const INT8_OID = 20;

/** The SQLite handle under each SQLite workspace, for the read model's bulk writes (prepared once, run in one transaction). */
const sqliteHandles = new WeakMap<WorkspaceDb, Database.Database>();

/** The better-sqlite3 handle of a SQLite workspace; undefined on PostgreSQL. */
export function sqliteHandleOf(db: WorkspaceDb): Database.Database | undefined {
  return sqliteHandles.get(db);
}

export async function openWorkspaceDb(location: WorkspaceLocation): Promise<OpenedDb> {
  const opened = location.kind === 'postgres' ? openPostgres(location.url) : openSqlite(location.path);
  try {
    await migrate(opened);
  } catch (err) {
    await opened.db.destroy();
    throw err;
  }
  return opened;
}

function openSqlite(path: string): OpenedDb {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new Database(path);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  // Another process (a second copy on one file) may hold the write lock for a moment.
  database.pragma('busy_timeout = 5000');
  // The read model's scans (a search, the overview's counters) read an account's whole fleet: 128 MiB of pages held.
  database.pragma('cache_size = -131072');
  const db = new Kysely<WorkspaceDatabase>({ dialect: new SqliteDialect({ database }) });
  sqliteHandles.set(db, database);
  return { db, engine: 'sqlite' };
}

function openPostgres(url: string): OpenedDb {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client's error (the server restarted) must not end the process; the next query reconnects.
  pool.on('error', () => undefined);
  return { db: new Kysely<WorkspaceDatabase>({ dialect: new PostgresDialect({ pool }) }), engine: 'postgres' };
}

/**
 * Tries at migrating a database that another process is migrating, or changing, too: each catalog
 * read races every schema dropped meanwhile, so a busy database may fail several in a row.
 */
const MIGRATE_TRIES = 10;

/**
 * A name or object read from PostgreSQL's catalog was dropped before it was looked up:
 * invalid_schema_name, undefined_table, or an internal "cache lookup failed" on its id.
 */
function isDroppedMeanwhile(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  if (error.code === '3F000' || error.code === '42P01') return true;
  return (
    error.code === 'XX000' &&
    error instanceof Error &&
    /cache lookup failed|could not open relation/.test(error.message)
  );
}

async function migrate({ db, engine }: OpenedDb): Promise<void> {
  // Kysely looks for its migration tables in every schema unless told which: on a database
  // with another schema's workspace (a second deployment, the tests' schemas side by side)
  // it would find that one's tables and skip creating its own. Ours are in the schema the
  // connection works in (its search_path).
  const schema =
    engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations(engine)) },
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  let outcome = await migrator.migrateToLatest();
  // Kysely locks migrations on PostgreSQL only; two processes opening one new SQLite file
  // at once: the one that lost the race (busy, or "table already exists") tries again, and
  // finds the work done. On PostgreSQL, Kysely first reads every schema's tables by name: a
  // schema or table another deployment drops meanwhile (the tests' schemas, side by side)
  // fails that read with "does not exist", and a second read does not see it. A migration
  // that fails for itself fails every try.
  const retried = (error: unknown) => engine === 'sqlite' || isDroppedMeanwhile(error);
  for (let tries = 1; outcome.error !== undefined && retried(outcome.error) && tries < MIGRATE_TRIES; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50 * tries));
    outcome = await migrator.migrateToLatest();
  }
  const { error, results } = outcome;
  if (error !== undefined) {
    const name = results?.find((r) => r.status === 'Error')?.migrationName;
    const failed = name === undefined ? '' : ` (migration ${name})`;
    const where = engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'SQLite (WORKSPACE_DB)';
    throw new Error(`The workspace database on ${where} could not be prepared${failed}: ${messageOf(error)}`);
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
