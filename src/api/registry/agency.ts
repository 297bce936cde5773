/** The agency (hoster) record (spec §2.7, §4.2). */
import { DB_ERROR, RE, SIGNIN, type MethodDef } from './define.ts';

/**
 * Every field of the agency record (spec §2.7) and what the sandbox accepts in
 * it. All values are strings; optional fields may be empty. The title is one
 * line (a heading); the other free-text fields take line breaks ([\s\S], not
 * `.`). The one list for the registry, the body and result schemas and the form.
 */
export const AGENCY_FIELDS = {
  title: String.raw`^.{1,200}$`,
  email: RE.email,
  website: String.raw`^[\s\S]{0,500}$`,
  logourl: String.raw`^([hH][tT][tT][pP][sS]?://\S{1,2000})?$`,
  phone: String.raw`^[\s\S]{0,100}$`,
  country: String.raw`^[\s\S]{0,100}$`,
  zipcode: String.raw`^[\s\S]{0,40}$`,
  address: String.raw`^[\s\S]{0,500}$`,
  bank_currency: String.raw`^([A-Za-z]{3})?$`,
  bank_swift: String.raw`^[\s\S]{0,40}$`,
  bank_account: String.raw`^[\s\S]{0,100}$`,
  bank_routing: String.raw`^[\s\S]{0,100}$`,
  bank_country: String.raw`^[\s\S]{0,100}$`,
  bank_invoicemail: RE.optionalEmail,
} as const;
export type AgencyField = keyof typeof AGENCY_FIELDS;

/** Spec §2.7: "Only title and email are required." */
export const AGENCY_REQUIRED = ['title', 'email'] as const satisfies readonly AgencyField[];

const NO_AGENCY = { name: 'noAgency', message: 'No agency is associated with the account' } as const;

export const AGENCY_METHODS = [
  {
    name: 'agency_update',
    description: 'Create or update the agency (hoster) record of the account.',
    errprefix: 121,
    errors: [DB_ERROR],
    path: [],
    argv: {},
    flags: [],
    post: AGENCY_FIELDS,
    requiredPost: AGENCY_REQUIRED,
    body: 'agency',
    httpMethods: ['POST'],
    keys: SIGNIN,
  },
  {
    name: 'agency_delete',
    description: 'Delete the agency record; ignore suppresses the error when there is none.',
    errprefix: 122,
    errors: [DB_ERROR, NO_AGENCY],
    path: [],
    argv: {},
    flags: ['ignore'],
    keys: SIGNIN,
  },
  {
    name: 'agency_view',
    description: 'The agency record of the account.',
    errprefix: 123,
    errors: [NO_AGENCY],
    path: [],
    argv: {},
    flags: [],
    keys: SIGNIN,
  },
] as const satisfies readonly MethodDef[];
