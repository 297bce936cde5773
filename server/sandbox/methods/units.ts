/** Units (docs/partner-api.md#unit-methods): rename and delete; the sites follow. */
import { emailAt, requireUser, type Call } from '../call.ts';
import { deleteUnit, findUnit, mergeUnit, renameUnit } from '../store/units.ts';

/** docs/partner-api.md#unit_update: the sites follow; an existing unit with the new e-mail absorbs them. */
export function unitUpdate(call: Call<'unit_update'>) {
  const user = requireUser(call);
  const { db } = call.state;
  const unit = findUnit(db, user.id, emailAt(call, 0));
  if (!unit) throw call.fail('unitNotFound');
  const next = emailAt(call, 1);
  if (next !== unit.email) {
    const other = findUnit(db, user.id, next);
    if (other) mergeUnit(db, unit.id, other.id);
    else renameUnit(db, unit.id, next);
  }
  return call.path[1];
}

/** docs/partner-api.md#unit_delete: sites are unshared, or deleted with withsites. */
export function unitDelete(call: Call<'unit_delete'>) {
  const user = requireUser(call);
  const { db } = call.state;
  const unit = findUnit(db, user.id, emailAt(call, 0));
  if (!unit) {
    if (call.flag('ignore')) return null;
    throw call.fail('unitNotFound');
  }
  deleteUnit(db, unit.id, call.flag('withsites'));
  return call.path[0];
}
