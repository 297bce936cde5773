import { AGENCY_REQUIRED, regex } from '../../../src/api/registry.ts';
import type { Call } from '../call.ts';
import { requireUser } from '../call.ts';
import { MethodError, SystemError } from '../errors.ts';
import type { SandboxState } from '../state.ts';
import { prepared } from '../db.ts';

export type AgencyRecord = Record<string, string>;

export function getAgency(state: SandboxState, userId: number): AgencyRecord | null {
  const row = prepared(state.db, 'SELECT data FROM agencies WHERE user_id = ?').get(userId) as { data: string } | undefined;
  return row ? (JSON.parse(row.data) as AgencyRecord) : null;
}

/** Check the body against spec §2.7: an object of strings, title and email required, logourl http(s). */
function validateAgency(call: Call): AgencyRecord {
  const body = call.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SystemError(503, 'The body must be a JSON object with the agency fields');
  }
  const post = call.def.post ?? {};
  const record: AgencyRecord = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    const re = post[name];
    if (re === undefined) continue; // fields the spec does not name are not stored
    if (typeof value !== 'string') {
      problems.push(`${name} must be a string`);
      continue;
    }
    const v = value.trim();
    if (v !== '' && !regex(re).test(v)) {
      problems.push(
        name === 'logourl'
          ? 'logourl must begin with http:// or https://'
          : name === 'bank_currency'
            ? 'bank_currency must be a 3-letter currency code'
            : `${name} is not valid`,
      );
      continue;
    }
    record[name] = v;
  }
  for (const name of AGENCY_REQUIRED) {
    if (!record[name]) problems.push(`${name} is required`);
  }
  if (problems.length > 0) throw new SystemError(503, problems.join('; '));
  return record;
}

/** spec §4.2 agency_update: create or update; the result is the object received. */
export function agencyUpdate(call: Call) {
  const user = requireUser(call);
  const record = validateAgency(call);
  prepared(call.state.db, 
      `INSERT INTO agencies (user_id, data, modified) VALUES (?, ?, ?)
       ON CONFLICT(user_id) DO UPDATE SET data = excluded.data, modified = excluded.modified`,
    )
    .run(user.id, JSON.stringify(record), call.now);
  return call.body;
}

/** spec §4.2 agency_delete: the deleted record, or null with ignore. */
export function agencyDelete(call: Call) {
  const user = requireUser(call);
  const existing = getAgency(call.state, user.id);
  if (!existing) {
    if (call.flag('ignore')) return null;
    throw new MethodError(1);
  }
  prepared(call.state.db, 'DELETE FROM agencies WHERE user_id = ?').run(user.id);
  return existing;
}

/** spec §4.2 agency_view. */
export function agencyView(call: Call) {
  const user = requireUser(call);
  const existing = getAgency(call.state, user.id);
  if (!existing) throw new MethodError(0);
  return existing;
}
