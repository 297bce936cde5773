/** The agency (hoster) record (docs/partner-api.md#agency-record, docs/partner-api.md#agency-methods). */
import { agencyBodySchema } from '../../../src/api/bodies.ts';
import { AGENCY_FIELDS, AGENCY_REQUIRED } from '../../../src/api/registry/agency.ts';
import { requireUser, type Call } from '../call.ts';
import { SystemError } from '../errors.ts';
import { deleteAgency, getAgency, saveAgency, type AgencyRecord } from '../store/agency.ts';

/** What a bad value of a field means, where "is not valid" would not say (docs/partner-api.md#agency-record). */
const FIELD_PROBLEMS: Partial<Record<string, string>> = {
  title: 'title must be one line of at most 200 characters',
  logourl: 'logourl must begin with http:// or https://',
  bank_currency: 'bank_currency must be a 3-letter currency code',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The problem with one field, in the partner's terms. */
function problemOf(field: string, value: unknown, code: string): string {
  if (value === undefined || (code === 'too_small' && typeof value === 'string')) return `${field} is required`;
  if (typeof value !== 'string') return `${field} must be a string`;
  return (Object.hasOwn(FIELD_PROBLEMS, field) ? FIELD_PROBLEMS[field] : undefined) ?? `${field} is not valid`;
}

/**
 * The body checked with the registry's schema (src/api/bodies.ts): the fields
 * the spec names, trimmed. One problem per field, in the order the body gives
 * them, then the required fields it lacks: "email is not valid; title is required".
 */
function validateAgency(body: unknown): AgencyRecord {
  if (!isRecord(body)) throw new SystemError(503, 'The body must be a JSON object with the agency fields');
  const parsed = agencyBodySchema.safeParse(body);
  if (!parsed.success) {
    const problems = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (problems.has(field)) continue;
      problems.set(field, problemOf(field, Object.hasOwn(body, field) ? body[field] : undefined, issue.code));
    }
    const order = [...Object.keys(body), ...AGENCY_REQUIRED];
    const listed = [...problems.entries()].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
    throw new SystemError(503, listed.map(([, problem]) => problem).join('; '));
  }
  // Fields the spec does not name are echoed (docs/partner-api.md#agency-methods) but not stored.
  const record: AgencyRecord = {};
  for (const [name, value] of Object.entries(parsed.data)) {
    if (Object.hasOwn(AGENCY_FIELDS, name) && typeof value === 'string') record[name] = value;
  }
  return record;
}

/** docs/partner-api.md#agency_update: create or update; the result is the object received. Validate, write, answer. */
export function agencyUpdate(call: Call<'agency_update'>) {
  const user = requireUser(call);
  const record = validateAgency(call.body);
  saveAgency(call.state.db, user.id, record, call.now);
  return call.body;
}

/** docs/partner-api.md#agency_delete: the deleted record, or null with ignore. */
export function agencyDelete(call: Call<'agency_delete'>) {
  const user = requireUser(call);
  const existing = getAgency(call.state.db, user.id);
  if (!existing) {
    if (call.flag('ignore')) return null;
    throw call.fail('noAgency');
  }
  deleteAgency(call.state.db, user.id);
  return existing;
}

/** docs/partner-api.md#agency_view. */
export function agencyView(call: Call<'agency_view'>) {
  const user = requireUser(call);
  const existing = getAgency(call.state.db, user.id);
  if (!existing) throw call.fail('noAgency');
  return existing;
}
