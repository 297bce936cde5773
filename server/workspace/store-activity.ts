/**
 * The activity log: every write that passed through the server, newest first,
 * filtered by what the Activity page offers and paged by a cursor (the last
 * entry's time and id), so a page costs the same at any depth; each filter
 * has an index led by the account (./migrations.ts).
 */
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { WorkspaceDb } from './db.ts';
import type { ActivityTable, WorkspaceDatabase } from './schema.ts';
import { chunks } from './store-directory.ts';
import type { ActivityEntry, ActivityFilter, ActivityKind, ActivityPage, NewActivity } from './types.ts';

const MAX_PAGE = 500;

/** `<at>.<id>` of the last entry given: the next page starts below it. */
export function parseCursor(cursor: string): { at: number; id: number } | null {
  const match = /^(\d{1,16})\.(\d{1,16})$/.exec(cursor);
  return match === null ? null : { at: Number(match[1]), id: Number(match[2]) };
}

export function activityStore(db: WorkspaceDb) {
  return {
    async append(accountId: string, entries: readonly NewActivity[]): Promise<void> {
      for (const part of chunks(entries, 200)) {
        await db
          .insertInto('ws_activity')
          .values(
            part.map((e) => ({
              account_id: accountId,
              at: e.at,
              method: e.method,
              kind: e.kind,
              site: e.site,
              unit: e.unit,
              option: e.option,
              value: e.value,
              result: e.result,
              error_name: e.error,
              user_email: e.who.userEmail,
              key_id: e.who.keyId,
              person_name: e.who.personName,
            })),
          )
          .execute();
      }
    },

    /** One page, newest first; `cursor` from the previous page's `next`. */
    async page(accountId: string, filter: ActivityFilter, limit: number, cursor: string | null): Promise<ActivityPage> {
      const size = Math.max(1, Math.min(MAX_PAGE, Math.floor(limit)));
      const after = cursor === null ? null : parseCursor(cursor);
      let query = db
        .selectFrom('ws_activity')
        .selectAll()
        .where('account_id', '=', accountId)
        .where((eb) => filterOf(eb, filter));
      if (after !== null) {
        query = query.where((eb) =>
          eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]),
        );
      }
      const rows = await query
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(size + 1)
        .execute();
      const entries = rows.slice(0, size).map(entryOf);
      const last = entries.at(-1);
      return { entries, next: rows.length > size && last !== undefined ? `${last.at}.${last.id}` : null };
    },

    /** Deletes entries older than `before` across accounts (the retention); returns how many. */
    async prune(before: number): Promise<number> {
      const result = await db.deleteFrom('ws_activity').where('at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ActivityStore = ReturnType<typeof activityStore>;

function filterOf(eb: ExpressionBuilder<WorkspaceDatabase, 'ws_activity'>, filter: ActivityFilter) {
  const conditions = [];
  if (filter.user !== undefined) conditions.push(eb('user_email', '=', filter.user));
  if (filter.key !== undefined) conditions.push(eb('key_id', '=', filter.key));
  if (filter.site !== undefined) conditions.push(eb('site', '=', filter.site));
  if (filter.unit !== undefined) conditions.push(eb('unit', '=', filter.unit));
  if (filter.kind !== undefined) conditions.push(eb('kind', '=', filter.kind));
  if (filter.from !== undefined) conditions.push(eb('at', '>=', filter.from));
  if (filter.to !== undefined) conditions.push(eb('at', '<', filter.to));
  return eb.and(conditions);
}

function entryOf(row: Selectable<ActivityTable>): ActivityEntry {
  return {
    id: row.id,
    at: row.at,
    method: row.method,
    kind: row.kind as ActivityKind,
    site: row.site,
    unit: row.unit,
    option: row.option,
    value: row.value,
    result: row.result,
    error: row.error_name,
    who: { userEmail: row.user_email, keyId: row.key_id, personName: row.person_name },
  };
}
