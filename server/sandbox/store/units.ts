/** Units: one per end-customer e-mail in an account (docs/partner-api.md#concepts). */
import { prepared, type Db } from '../db.ts';
import { deleteSites, moveUnitSites, siteIdsOfUnit } from './sites.ts';

export interface UnitRow {
  id: number;
  user_id: number;
  email: string;
}

export function findUnit(db: Db, userId: number, email: string): UnitRow | undefined {
  return prepared(db, 'SELECT * FROM units WHERE user_id = ? AND email = ?').get(userId, email) as UnitRow | undefined;
}

/** Whether the e-mail is a unit of any account (signin refuses it as a partner: 112904). */
export function isUnitEmail(db: Db, email: string): boolean {
  return prepared(db, 'SELECT 1 FROM units WHERE email = ? LIMIT 1').get(email) !== undefined;
}

export function insertUnit(db: Db, userId: number, email: string, created: number): number {
  return Number(
    prepared(db, 'INSERT INTO units (user_id, email, created) VALUES (?, ?, ?)').run(userId, email, created)
      .lastInsertRowid,
  );
}

export function renameUnit(db: Db, unitId: number, email: string): void {
  prepared(db, 'UPDATE units SET email = ? WHERE id = ?').run(email, unitId);
}

/** The sites of `from` go to `into`, and `from` disappears. */
export function mergeUnit(db: Db, fromId: number, intoId: number): void {
  moveUnitSites(db, fromId, intoId);
  prepared(db, 'DELETE FROM units WHERE id = ?').run(fromId);
}

/** docs/partner-api.md#lifecycle unit_delete: its sites are unshared, or deleted with it. */
export function deleteUnit(db: Db, unitId: number, withSites: boolean): void {
  if (withSites) deleteSites(db, siteIdsOfUnit(db, unitId));
  else moveUnitSites(db, unitId, null);
  prepared(db, 'DELETE FROM units WHERE id = ?').run(unitId);
}
