import type { Call } from '../call.ts';
import { emailAt, requireUser } from '../call.ts';
import { MethodError } from '../errors.ts';
import type { SandboxState } from '../state.ts';
import { deleteSites } from './sites.ts';
import { prepared } from '../db.ts';

interface UnitRow {
  id: number;
  user_id: number;
  email: string;
}

export function findUnit(state: SandboxState, userId: number, email: string): UnitRow | undefined {
  return prepared(state.db, 'SELECT * FROM units WHERE user_id = ? AND email = ?').get(userId, email) as
    UnitRow | undefined;
}

/** One unit per unique e-mail in an account (spec §1). */
export function getOrCreateUnit(state: SandboxState, userId: number, email: string, now: number): number {
  const unit = findUnit(state, userId, email);
  if (unit) return unit.id;
  const info = prepared(state.db, 'INSERT INTO units (user_id, email, created) VALUES (?, ?, ?)').run(
    userId,
    email,
    now,
  );
  return Number(info.lastInsertRowid);
}

/** spec §4.4 unit_update: the sites follow; an existing unit with the new e-mail absorbs them. */
export function unitUpdate(call: Call) {
  const user = requireUser(call);
  const { state } = call;
  const unit = findUnit(state, user.id, emailAt(call, 0));
  if (!unit) throw new MethodError('unit_update', 'unitNotFound');
  const next = emailAt(call, 1);
  if (next !== unit.email) {
    const other = findUnit(state, user.id, next);
    if (other) {
      prepared(state.db, 'UPDATE sites SET unit_id = ? WHERE unit_id = ?').run(other.id, unit.id);
      prepared(state.db, 'DELETE FROM units WHERE id = ?').run(unit.id);
    } else {
      prepared(state.db, 'UPDATE units SET email = ? WHERE id = ?').run(next, unit.id);
    }
  }
  return call.path[1];
}

/** spec §4.4 unit_delete: sites are unshared, or deleted with withsites. */
export function unitDelete(call: Call) {
  const user = requireUser(call);
  const { state } = call;
  const unit = findUnit(state, user.id, emailAt(call, 0));
  if (!unit) {
    if (call.flag('ignore')) return null;
    throw new MethodError('unit_delete', 'unitNotFound');
  }
  if (call.flag('withsites')) {
    const ids = (prepared(state.db, 'SELECT id FROM sites WHERE unit_id = ?').all(unit.id) as { id: number }[]).map(
      (r) => r.id,
    );
    deleteSites(state, ids);
  } else {
    prepared(state.db, 'UPDATE sites SET unit_id = NULL WHERE unit_id = ?').run(unit.id);
  }
  prepared(state.db, 'DELETE FROM units WHERE id = ?').run(unit.id);
  return call.path[0];
}
