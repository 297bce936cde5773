/**
 * The agency form's checks: first the registry's own (agencyBodySchema, the
 * schema the sandbox validates with, so what the form accepts the service
 * accepts), then the form's stricter rules on top: a logo address that parses
 * as an https URL (an http:// image is blocked on these pages), a website that
 * is a web address, a phone number that looks like one, countries as ISO 3166-1 alpha-2 codes, a currency this
 * browser knows (ISO 4217), a SWIFT/BIC in its ISO 9362 form. A value the
 * saved record already holds passes the stricter rules unchanged (the spec
 * allows a country name), so an old record can still be saved.
 */
import * as z from 'zod/mini';
import { agencyBodySchema, type AgencyBody } from '../../api/bodies';
import { AGENCY_FIELDS, AGENCY_REQUIRED, type AgencyField } from '../../api/registry/agency';
import type { Agency } from '../../api/schemas';
import { isCountryCode } from './countries';
import { isCurrencyCode } from './currencies';
import type { AgencyMessages } from './messages';

export type AgencyFormValues = Record<AgencyField, string>;

/** The fields as people think of them, every field of docs/partner-api.md#agency-record once. */
export const FIELD_GROUPS = {
  agency: ['title', 'email', 'phone', 'website', 'logourl'],
  address: ['address', 'zipcode', 'country'],
  billing: ['bank_currency', 'bank_swift', 'bank_account', 'bank_routing', 'bank_country', 'bank_invoicemail'],
} as const satisfies Record<string, readonly AgencyField[]>;

export const GROUP_NAMES = ['agency', 'address', 'billing'] as const satisfies readonly (keyof typeof FIELD_GROUPS)[];

export const AGENCY_FIELD_NAMES: readonly AgencyField[] = GROUP_NAMES.flatMap((group) => FIELD_GROUPS[group]);

export function isAgencyField(name: string): name is AgencyField {
  return Object.hasOwn(AGENCY_FIELDS, name);
}

export function isRequired(field: AgencyField): boolean {
  return (AGENCY_REQUIRED as readonly string[]).includes(field);
}

/** The form's values for a record (every field a string; none when there is no record). */
export function toFormValues(agency: Agency | null): AgencyFormValues {
  const values = {} as AgencyFormValues;
  for (const field of AGENCY_FIELD_NAMES) {
    const value = agency?.[field];
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** What is sent for a field: trimmed; a SWIFT/BIC without spaces, codes in upper case. */
function normalize(field: AgencyField, value: string): string {
  const trimmed = value.trim();
  if (field === 'bank_swift') return trimmed.replace(/\s+/g, '').toUpperCase();
  if (field === 'bank_currency') return trimmed.toUpperCase();
  return trimmed;
}

/**
 * agency_update's body. Every field is sent, empty ones as "": the sandbox
 * replaces the whole record, and an explicit "" clears a field on a service
 * that would merge instead.
 */
export function toBody(values: AgencyFormValues): AgencyBody {
  const body: AgencyBody = { title: normalize('title', values.title), email: normalize('email', values.email) };
  for (const field of AGENCY_FIELD_NAMES) body[field] = normalize(field, values[field]);
  return body;
}

/** The longest value a length-only registry expression (`^[\s\S]{0,N}$`) allows. */
function maxLength(pattern: string): number | undefined {
  const match = /\{0,(\d+)\}\$$/.exec(pattern);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** What is wrong with a value the registry refuses, in the user's words. */
function registryProblem(t: AgencyMessages, field: AgencyField, value: string): string {
  if (value === '' && field === 'title') return t.titleRequired;
  if (value === '' && field === 'email') return t.emailRequired;
  switch (field) {
    case 'title':
      return t.titleInvalid;
    case 'email':
      return t.emailInvalid;
    case 'bank_invoicemail':
      return t.invoiceEmailInvalid;
    case 'logourl':
      return t.logoUrlInvalid;
    case 'bank_currency':
      return t.currencyInvalid;
    default: {
      const max = maxLength(AGENCY_FIELDS[field]);
      return max === undefined ? t.valueInvalid : t.tooLong({ max });
    }
  }
}

/** The message for a problem the service named on a field (service-errors.ts). */
export function serviceProblemText(t: AgencyMessages, field: AgencyField, kind: 'required' | 'invalid'): string {
  if (kind === 'invalid') return registryProblem(t, field, '-');
  return isRequired(field) ? registryProblem(t, field, '') : t.requiredByService;
}

/** A phone number as people write it: digits, spaces, + ( ) . - /, an extension after "ext" or "x". */
const PHONE = /^\+?[\d\s().\-/]+(?:\s*(?:ext\.?|x)\s*\d{1,6})?$/i;

/** A web address in any usual form: `northwind.example`, `www.northwind.example/about`, `https://…`. */
function isWebAddress(value: string): boolean {
  if (/\s/.test(value)) return false;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (!/^https?:$/.test(url.protocol) || url.username || url.password) return false;
    const labels = url.hostname.split('.');
    return (
      labels.length >= 2 &&
      labels.every((l) => /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(l)) &&
      !/^\d+$/.test(labels.at(-1) ?? '')
    );
  } catch {
    return false;
  }
}

const SWIFT = /^[A-Z0-9]{4}([A-Z]{2})[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;

/** An account number meant as an IBAN: a country's code and two check digits first (spaces and case aside). */
const IBAN_START = /^([A-Z]{2})(\d{2})/;

/** What is wrong with an IBAN (ISO 13616: 15 to 34 letters and digits, check digits by mod 97), or null. */
function ibanProblem(value: string, t: AgencyMessages): string | null {
  const iban = value.replace(/[\s-]/g, '').toUpperCase();
  const country = IBAN_START.exec(iban)?.[1];
  // Another kind of account number (the field takes those too): the service keeps it as written.
  if (country === undefined || !isCountryCode(country)) return null;
  if (!/^[A-Z0-9]{15,34}$/.test(iban)) return t.ibanFormat({ count: iban.length });
  // The first four moved to the end, letters as 10–35, the whole number mod 97 is 1.
  let rest = 0;
  for (const c of iban.slice(4) + iban.slice(0, 4)) {
    for (const d of String(parseInt(c, 36))) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1 ? null : t.ibanCheck;
}

type Rule = (value: string, t: AgencyMessages) => string | null;

/** The form's rules beyond the registry's, for non-empty values. */
const STRICTER: Partial<Record<AgencyField, Rule>> = {
  logourl: (value, t) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return t.logoUrlNotValid;
    }
    if (!/^https?:$/.test(url.protocol) || url.hostname === '') return t.logoUrlNotValid;
    // The dashboard's pages (and the client reports) load images over https only: an http:// logo is blocked.
    return url.protocol === 'https:' ? null : t.logoUrlHttps;
  },
  website: (value, t) => (isWebAddress(value) ? null : t.websiteInvalid),
  phone: (value, t) => (PHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 5 ? null : t.phoneInvalid),
  country: (value, t) => (isCountryCode(value) ? null : t.countryNotInList),
  bank_country: (value, t) => (isCountryCode(value) ? null : t.countryNotInList),
  bank_currency: (value, t) => (isCurrencyCode(value) ? null : t.currencyInvalid),
  bank_account: ibanProblem,
  bank_swift: (value, t) => {
    const country = SWIFT.exec(value)?.[1];
    if (country === undefined) return t.swiftFormat;
    // XK: Kosovo, which SWIFT uses though ISO 3166-1 has not assigned it.
    return isCountryCode(country) || country === 'XK' ? null : t.swiftCountry;
  },
};

export interface FieldProblem {
  field: AgencyField;
  message: string;
}

/** Every field's first problem, in form order; [] when the values can be sent. */
export function agencyProblems(values: AgencyFormValues, saved: Agency | null, t: AgencyMessages): FieldProblem[] {
  const body = toBody(values);
  const problems = new Map<AgencyField, string>();
  const parsed = agencyBodySchema.safeParse(body);
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (isAgencyField(field) && !problems.has(field)) {
      problems.set(field, registryProblem(t, field, body[field] ?? ''));
    }
  }
  for (const field of AGENCY_FIELD_NAMES) {
    const rule = STRICTER[field];
    const value = body[field] ?? '';
    if (!rule || problems.has(field) || value === '' || value === saved?.[field]) continue;
    const problem = rule(value, t);
    if (problem) problems.set(field, problem);
  }
  return AGENCY_FIELD_NAMES.flatMap((field) => {
    const message = problems.get(field);
    return message === undefined ? [] : [{ field, message }];
  });
}

/** The form's schema (useZodForm): each problem on its field. */
export function agencyFormSchema(t: AgencyMessages, saved: Agency | null) {
  const shape = {} as Record<AgencyField, z.ZodMiniString<string>>;
  for (const field of AGENCY_FIELD_NAMES) shape[field] = z.string();
  return z.object(shape).check(
    z.superRefine((values, ctx) => {
      for (const { field, message } of agencyProblems(values, saved, t)) {
        ctx.addIssue({ code: 'custom', path: [field], message, input: values[field] });
      }
    }),
  );
}
