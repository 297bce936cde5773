/**
 * A refused agency_update, read back onto the form: the service answers a bad
 * body with system error 503 and one problem per field in errorinfo
 * ("email is not valid; title is required", docs/sandbox.md). Problems that
 * name a field go to that field; the rest are shown above the form.
 */
import { classifyError } from '../../api/error-catalogue';
import { ApiError } from '../../api/errors';
import type { AgencyField } from '../../api/registry/agency';
import { isAgencyField } from './form-schema';

export interface ServiceProblems {
  /** Fields the service named: 'required' when it said the field is required. */
  fields: Partial<Record<AgencyField, 'required' | 'invalid'>>;
  /** The service's own words for problems that name no field. */
  other: string[];
}

/** The field problems of a 503 refusal, or null for any other error. */
export function serviceProblems(error: unknown): ServiceProblems | null {
  if (!(error instanceof ApiError)) return null;
  const c = classifyError(error);
  if (c.kind !== 'system' || c.code !== 503) return null;
  const result: ServiceProblems = { fields: {}, other: [] };
  for (const part of error.errorinfo.split(';')) {
    const text = part.trim();
    if (text === '') continue;
    const field = /^([a-z_]+)\b/.exec(text)?.[1];
    if (field !== undefined && isAgencyField(field)) {
      result.fields[field] ??= /\bis required\b/.test(text) ? 'required' : 'invalid';
    } else {
      result.other.push(text);
    }
  }
  return result;
}
