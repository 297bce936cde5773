import { AGENCY_REQUIRED } from '../../../src/api/registry/agency.ts';
import { regex } from '../../../src/api/registry/define.ts';
import type { Call } from '../call.ts';
import { requireUser } from '../call.ts';
import { MethodError, SystemError } from '../errors.ts';
import type { SandboxState } from '../state.ts';
import { prepared } from '../db.ts';

export type AgencyRecord = Record<string, string>;

export function getAgency(state: SandboxState, userId: number): AgencyRecord | null {
  const row = prepared(state.db, 'SELECT data FROM agencies WHERE user_id = ?').get(userId) as
    { data: string } | undefined;
  return row ? (JSON.parse(row.data) as AgencyRecord) : null;
}

/** What a bad value of a field means, where "is not valid" would not say (spec §2.7). */
const FIELD_PROBLEMS: Partial<Record<string, string>> = {
  title: 'title must be one line of at most 200 characters',
  logourl: 'logourl must begin with http:// or https://',
  bank_currency: 'bank_currency must be a 3-letter currency code',
};

/** Check the body against spec §2.7: an object of strings, title and email required, logourl http(s). */
function validateAgency(call: Call): AgencyRecord {
  const body = call.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SystemError(503, 'The body must be a JSON object with the agency fields');
  }
  const post = call.def.post ?? {};
  const record: AgencyRecord = {};
  const problems: string[] = [];
  // One problem per field: a field already reported as not valid is not "required" too.
  const reported = new Set<string>();
  for (const [name, value] of Object.entries(body)) {
    const re = Object.hasOwn(post, name) ? post[name] : undefined;
    if (re === undefined) continue; // fields the spec does not name are not stored
    if (typeof value !== 'string') {
      problems.push(`${name} must be a string`);
      reported.add(name);
      continue;
    }
    const v = value.trim();
    if (v !== '' && !regex(re).test(v)) {
      problems.push(FIELD_PROBLEMS[name] ?? `${name} is not valid`);
      reported.add(name);
      continue;
    }
    record[name] = v;
  }
  for (const name of AGENCY_REQUIRED) {
    if (!record[name] && !reported.has(name)) problems.push(`${name} is required`);
  }
  if (problems.length > 0) throw new SystemError(503, problems.join('; '));
  return record;
}

/** spec §4.2 agency_update: create or update; the result is the object received. */
export function agencyUpdate(call: Call) {
  const user = requireUser(call);
  const record = validateAgency(call);
  prepared(
    call.state.db,
    `INSERT INTO agencies (user_id, data, modified) VALUES (?, ?, ?)
       ON CONFLICT(user_id) DO UPDATE SET data = excluded.data, modified = excluded.modified`,
  ).run(user.id, JSON.stringify(record), call.now);
  return call.body;
}

/** spec §4.2 agency_delete: the deleted record, or null with ignore. */
export function agencyDelete(call: Call) {
  const user = requireUser(call);
  const existing = getAgency(call.state, user.id);
  if (!existing) {
    if (call.flag('ignore')) return null;
    throw new MethodError('agency_delete', 'noAgency');
  }
  prepared(call.state.db, 'DELETE FROM agencies WHERE user_id = ?').run(user.id);
  return existing;
}

/** spec §4.2 agency_view. */
export function agencyView(call: Call) {
  const user = requireUser(call);
  const existing = getAgency(call.state, user.id);
  if (!existing) throw new MethodError('agency_view', 'noAgency');
  return existing;
}
