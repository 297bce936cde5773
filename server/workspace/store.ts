/**
 * The workspace's store: one interface over SQLite (the default) and
 * PostgreSQL (DATABASE_URL), the same SQL through Kysely on either engine.
 */
import { openWorkspaceDb, type WorkspaceDb, type WorkspaceLocation } from './db.ts';
import type { Engine } from './migrations.ts';
import { accountStore, type AccountStore } from './store-accounts.ts';
import { activityStore, type ActivityStore } from './store-activity.ts';
import { directoryStore, type DirectoryStore } from './store-directory.ts';
import { loginEventStore, type LoginEventStore } from './store-login-events.ts';
import { memoryStore, type MemoryStore } from './store-memory.ts';

export type { WorkspaceLocation } from './db.ts';

export interface WorkspaceStore extends DirectoryStore, MemoryStore, AccountStore {
  engine: Engine;
  /** The database itself, for the read model beside the store (server/readmodel/). */
  db: WorkspaceDb;
  activity: ActivityStore;
  loginEvents: LoginEventStore;
  close(): Promise<void>;
}

export async function openWorkspaceStore(location: WorkspaceLocation): Promise<WorkspaceStore> {
  const { db, engine } = await openWorkspaceDb(location);
  let closed: Promise<void> | null = null;
  return {
    engine,
    db,
    ...directoryStore(db),
    ...memoryStore(db),
    ...accountStore(db),
    activity: activityStore(db),
    loginEvents: loginEventStore(db),
    close: () => (closed ??= db.destroy()),
  };
}
