/** The agency (hoster) record, one per account (docs/partner-api.md#agency-record). */
import { prepared, type Db } from '../db.ts';

export type AgencyRecord = Record<string, string>;

export function getAgency(db: Db, userId: number): AgencyRecord | null {
  const row = prepared(db, 'SELECT data FROM agencies WHERE user_id = ?').get(userId) as { data: string } | undefined;
  return row ? (JSON.parse(row.data) as AgencyRecord) : null;
}

export function hasAgency(db: Db, userId: number): boolean {
  return prepared(db, 'SELECT 1 FROM agencies WHERE user_id = ?').get(userId) !== undefined;
}

/** Creates or replaces the record (fields not given are cleared). */
export function saveAgency(db: Db, userId: number, record: AgencyRecord, now: number): void {
  prepared(
    db,
    `INSERT INTO agencies (user_id, data, modified) VALUES (?, ?, ?)
       ON CONFLICT(user_id) DO UPDATE SET data = excluded.data, modified = excluded.modified`,
  ).run(userId, JSON.stringify(record), now);
}

export function deleteAgency(db: Db, userId: number): void {
  prepared(db, 'DELETE FROM agencies WHERE user_id = ?').run(userId);
}
