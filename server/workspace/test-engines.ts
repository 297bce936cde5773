/**
 * The engines the workspace's tests run on: SQLite always, PostgreSQL when a
 * test database is given (WORKSPACE_TEST_DATABASE_URL, or DATABASE_URL;
 * scripts/ci-postgres.sh makes one). Each PostgreSQL store gets a schema of
 * its own, dropped afterwards, so tests never see each other's rows. Only
 * tests and the workspace bench import this.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { WorkspaceLocation } from './db.ts';

export const TEST_DATABASE_URL = process.env.WORKSPACE_TEST_DATABASE_URL || process.env.DATABASE_URL || null;

// Said once in the output of the run (npm test prints it), not only as skipped tests.
if (TEST_DATABASE_URL === null && process.env.VITEST !== undefined) {
  console.info(
    'Workspace tests on PostgreSQL skipped: no test database (set WORKSPACE_TEST_DATABASE_URL; scripts/ci-postgres.sh makes one). SQLite ran.',
  );
}

/** A describe title that says when PostgreSQL is skipped, and why. */
export const POSTGRES_TITLE =
  TEST_DATABASE_URL === null
    ? 'PostgreSQL (skipped: no test database; set WORKSPACE_TEST_DATABASE_URL, e.g. from scripts/ci-postgres.sh)'
    : 'PostgreSQL';

/** A place for one test's workspace: a location, and how to remove it. */
export interface TestPlace {
  location: WorkspaceLocation;
  /** The setting server/config.ts reads for it. */
  settings: Record<string, string>;
  drop(): Promise<void>;
}

export async function sqlitePlace(): Promise<TestPlace> {
  const dir = mkdtempSync(join(tmpdir(), 'workspace-'));
  const path = join(dir, 'workspace.sqlite');
  return {
    location: { kind: 'sqlite', path },
    settings: { WORKSPACE_DB: path },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function postgresPlace(): Promise<TestPlace> {
  if (TEST_DATABASE_URL === null) throw new Error('no test database');
  const schema = `ws_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    location: { kind: 'postgres', url: url.href },
    settings: { DATABASE_URL: url.href },
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL ?? '' });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

export const ENGINES = [
  { name: 'SQLite', title: 'SQLite', available: true, place: sqlitePlace },
  { name: 'PostgreSQL', title: POSTGRES_TITLE, available: TEST_DATABASE_URL !== null, place: postgresPlace },
] as const;
