/**
 * Sign-in events counted per subject over a sliding window, in the shared
 * store: what ../proxy/sliding-window.ts does in one process's memory, for
 * several copies of the server on one database (./shared-login-gate.ts).
 */
import type { WorkspaceDb } from './db.ts';

export function loginEventStore(db: WorkspaceDb) {
  return {
    /** Counts an event; returns its id, with which `forget` takes it back. */
    async count(bucket: string, subject: string, at: number): Promise<number> {
      const row = await db
        .insertInto('ws_login_event')
        .values({ bucket, subject, at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async forget(id: number): Promise<void> {
      await db.deleteFrom('ws_login_event').where('id', '=', id).execute();
    },

    /**
     * The times of the subject's events after `since`, newest first, at most
     * `limit` of them, leaving out the event `except` (the caller's own).
     */
    async recent(bucket: string, subject: string, since: number, limit: number, except: number): Promise<number[]> {
      const rows = await db
        .selectFrom('ws_login_event')
        .select('at')
        .where('bucket', '=', bucket)
        .where('subject', '=', subject)
        .where('at', '>', since)
        .where('id', '!=', except)
        .orderBy('at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.at);
    },

    /** The subject's event with the latest time, or null. */
    async latest(bucket: string, subject: string): Promise<{ id: number; at: number } | null> {
      const row = await db
        .selectFrom('ws_login_event')
        .select(['id', 'at'])
        .where('bucket', '=', bucket)
        .where('subject', '=', subject)
        .orderBy('at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Takes back every event of the subject in the bucket. */
    async forgetAll(bucket: string, subject: string): Promise<void> {
      await db.deleteFrom('ws_login_event').where('bucket', '=', bucket).where('subject', '=', subject).execute();
    },

    /** Deletes events older than `before`: none of them counts any more. */
    async prune(before: number): Promise<void> {
      await db.deleteFrom('ws_login_event').where('at', '<', before).execute();
    },
  };
}

export type LoginEventStore = ReturnType<typeof loginEventStore>;
