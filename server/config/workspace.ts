/**
 * The team's workspace store (README "Configuration", docs/workspace.md):
 * DATABASE_URL (PostgreSQL, shared by every copy of the server), else
 * WORKSPACE_DB (a SQLite file); WORKSPACE_ACTIVITY_DAYS, how long the
 * activity log keeps an entry.
 */
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { WorkspaceConfig } from '../workspace/workspace.ts';
import { redactUrl, unsetIfEmpty, wholeNumberSetting } from './values.ts';

const DEFAULT_WORKSPACE_DB = '.data/workspace.sqlite';
const DEFAULT_ACTIVITY_DAYS = 90;
const MAX_ACTIVITY_DAYS = 3650;
const DEFAULT_READMODEL_DAYS = 30;
const DEFAULT_REFRESH_SECONDS = 60;

export const workspaceSettings = {
  DATABASE_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .optional()
      .refine((value) => value === undefined || isPostgresUrl(value), {
        // The URL may hold a password: it is never echoed.
        message: 'DATABASE_URL must be a postgres:// or postgresql:// URL, e.g. postgres://user:password@host:5432/db',
      }),
  ),
  WORKSPACE_DB: z.preprocess(unsetIfEmpty, z.string().optional()),
  WORKSPACE_ACTIVITY_DAYS: wholeNumberSetting(
    DEFAULT_ACTIVITY_DAYS,
    1,
    MAX_ACTIVITY_DAYS,
    (got) =>
      `WORKSPACE_ACTIVITY_DAYS must be a whole number of days from 1 to ${MAX_ACTIVITY_DAYS} (got "${got.slice(0, 20)}")`,
  ),
};

/** The read model (server/readmodel/): how long an unvisited account is kept, how old a fleet is read again. */
export const readModelSettings = {
  READMODEL_DAYS: wholeNumberSetting(
    DEFAULT_READMODEL_DAYS,
    1,
    MAX_ACTIVITY_DAYS,
    (got) => `READMODEL_DAYS must be a whole number of days from 1 to ${MAX_ACTIVITY_DAYS} (got "${got.slice(0, 20)}")`,
  ),
  READMODEL_REFRESH_SECONDS: wholeNumberSetting(
    DEFAULT_REFRESH_SECONDS,
    1,
    86_400,
    (got) => `READMODEL_REFRESH_SECONDS must be a whole number of seconds from 1 to 86400 (got "${got.slice(0, 20)}")`,
  ),
};

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The workspace's configuration. Without WORKSPACE_DB the SQLite file is
 * beside the sandbox's database in sandbox mode (in memory when that is),
 * else `.data/workspace.sqlite`.
 * @returns the configuration, or the problem in the operator's terms.
 */
export function workspaceConfigOf(
  settings: {
    DATABASE_URL?: string;
    WORKSPACE_DB?: string;
    WORKSPACE_ACTIVITY_DAYS: number;
    READMODEL_DAYS?: number;
    READMODEL_REFRESH_SECONDS?: number;
  },
  sandboxDbPath: string | undefined,
): WorkspaceConfig | string {
  const { DATABASE_URL, WORKSPACE_DB, WORKSPACE_ACTIVITY_DAYS } = settings;
  const readModel = {
    retentionDays: settings.READMODEL_DAYS ?? DEFAULT_READMODEL_DAYS,
    refreshSeconds: settings.READMODEL_REFRESH_SECONDS ?? DEFAULT_REFRESH_SECONDS,
  };
  if (DATABASE_URL !== undefined && WORKSPACE_DB !== undefined) {
    return `Set DATABASE_URL (PostgreSQL, ${redactUrl(DATABASE_URL)}) or WORKSPACE_DB (a SQLite file), not both`;
  }
  if (DATABASE_URL !== undefined) {
    return { location: { kind: 'postgres', url: DATABASE_URL }, retentionDays: WORKSPACE_ACTIVITY_DAYS, readModel };
  }
  const path =
    WORKSPACE_DB ??
    (sandboxDbPath === undefined
      ? DEFAULT_WORKSPACE_DB
      : sandboxDbPath === ':memory:'
        ? ':memory:'
        : join(dirname(sandboxDbPath), 'workspace.sqlite'));
  return { location: { kind: 'sqlite', path }, retentionDays: WORKSPACE_ACTIVITY_DAYS, readModel };
}
