/** The workspace's settings as server/config.ts reads them: DATABASE_URL, WORKSPACE_DB, WORKSPACE_ACTIVITY_DAYS. */
import { describe, expect, it } from 'vitest';
import { ConfigError, serverConfigFromEnv } from '../config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    serverConfigFromEnv(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('workspace configuration', () => {
  it('keeps the workspace beside the sandbox, or in .data/ in front of the real service, for 90 days', () => {
    expect(serverConfigFromEnv({ SANDBOX_DB: '/tmp/x/sandbox.sqlite' }).workspace).toEqual({
      location: { kind: 'sqlite', path: '/tmp/x/workspace.sqlite' },
      retentionDays: 90,
      readModel: { retentionDays: 30, refreshSeconds: 60 },
    });
    expect(serverConfigFromEnv({ SANDBOX_DB: ':memory:' }).workspace.location).toEqual({
      kind: 'sqlite',
      path: ':memory:',
    });
    expect(serverConfigFromEnv({ PARTNER_API_URL: 'https://api.example' }).workspace.location).toEqual({
      kind: 'sqlite',
      path: '.data/workspace.sqlite',
    });
  });

  it('takes PostgreSQL from DATABASE_URL and a retention in days', () => {
    const config = serverConfigFromEnv({
      PARTNER_API_URL: 'https://api.example',
      DATABASE_URL: 'postgres://dash:secret@db.internal:5432/dash',
      WORKSPACE_ACTIVITY_DAYS: '30',
      READMODEL_DAYS: '7',
      READMODEL_REFRESH_SECONDS: '300',
    });
    expect(config.workspace).toEqual({
      location: { kind: 'postgres', url: 'postgres://dash:secret@db.internal:5432/dash' },
      retentionDays: 30,
      readModel: { retentionDays: 7, refreshSeconds: 300 },
    });
  });

  it('refuses a bad value in the operator terms, never echoing a password', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://dash:hunter2@db/dash',
      WORKSPACE_ACTIVITY_DAYS: '0',
    });
    expect(problems).toEqual([
      'DATABASE_URL must be a postgres:// or postgresql:// URL, e.g. postgres://user:password@host:5432/db',
      'WORKSPACE_ACTIVITY_DAYS must be a whole number of days from 1 to 3650 (got "0")',
    ]);
    const both = problemsOf({ DATABASE_URL: 'postgres://dash:hunter2@db/dash', WORKSPACE_DB: 'ws.sqlite' });
    expect(both).toEqual([
      'Set DATABASE_URL (PostgreSQL, postgres://***@db/dash) or WORKSPACE_DB (a SQLite file), not both',
    ]);
    expect(JSON.stringify(both)).not.toContain('hunter2');
  });
});
