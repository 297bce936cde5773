/**
 * Every error of docs/partner-api.md#errors in the user's terms, with what to do next: a title, a
 * message and a next step per error, keyed by what src/api/error-catalogue.ts
 * says the error is. Method errors are keyed by their registry name, one text
 * per meaning (dbError once for every method that has it); where one name means
 * something else for one method, `<method>_<name>` overrides it (error-text.ts).
 * The compiler checks that every name of the registry has all three texts:
 * those of signing in here, the others in method-error-messages.ts, which
 * loads once signed in (the login page's budget).
 */
import type { ErrorName, MethodErrorEntry, MethodName } from '../api/registry';
import type { SystemErrorCode } from '../api/system-errors';
import { count, i18n, params } from './i18n';

/** One method's error, written `<method>.<name>`. */
type MethodErrorId = { [M in MethodName]: `${M}.${ErrorName<M>}` }[MethodName];

/** Names whose meaning differs for one method (docs/partner-api.md#method-errors). */
export const METHOD_SPECIFIC = {
  'signout.dbError': 'signout_dbError',
  'agency_delete.noAgency': 'agency_delete_noAgency',
} as const satisfies Partial<Record<MethodErrorId, string>>;
type SpecificId = (typeof METHOD_SPECIFIC)[keyof typeof METHOD_SPECIFIC];
/** The errors with a plain title, message and next step. */
export type ErrorTextId = `system${SystemErrorCode}` | MethodErrorEntry['name'] | SpecificId | 'unexpected';

/** The method errors of signing in and out (docs/partner-api.md#authorization-methods): their texts load with the login page. */
type SignInErrorId = Extract<
  MethodErrorEntry['name'] | SpecificId,
  | 'dbError'
  | 'otpNotSent'
  | 'registrationNotAllowed'
  | 'unknownEmailOrOtp'
  | 'userNotCreated'
  | 'welcomeNotSent'
  | 'keyNotGenerated'
  | 'incompatibleAccount'
  | 'signout_dbError'
>;
/** The other method errors, whose texts load once signed in (method-error-messages.ts). */
export type SignedInErrorId = Exclude<MethodErrorEntry['name'] | SpecificId, SignInErrorId>;
export type Texts<Id extends string> = Record<`${Id}Title` | `${Id}Message` | `${Id}Next`, string>;

const SYSTEM = {
  system500Title: 'Service temporarily unavailable',
  system500Message: 'The security service is down for a moment and could not handle the request.',
  system500Next: 'Wait a minute, then try again.',
  system501Title: 'The service had an internal error',
  system501Message: 'The security service failed while handling the request. Nothing you entered caused it.',
  system501Next: 'Try again. If it keeps happening, contact support and quote the error code.',
  system502Title: 'Your session has ended',
  system502Message:
    'The service no longer accepts your key: it expired, was signed out, or is not allowed from this network.',
  system502Next: 'Sign in again to continue.',
  system503Title: 'The request was not accepted',
  system503Message: 'The service could not read the request: a value is missing or not in the expected form.',
  system503Next: 'Check what you entered and try again.',
  system504Title: 'Not supported by the service',
  system504Message: 'The service does not offer this operation.',
  system504Next: 'Use another option, or ask your provider whether it can be enabled.',
  system505Title: 'Not allowed with this key',
  system505Message: 'Your key does not have the level of access this operation needs.',
  system505Next: 'Sign in with an account that has this access, or ask your provider to extend it.',
} satisfies Texts<`system${SystemErrorCode}`>;

/** The errors the sign-in can meet: in the entry, with the login page. */
const SIGN_IN_METHODS = {
  // Shared meanings (docs/partner-api.md#method-errors).
  dbErrorTitle: 'The change was not saved',
  dbErrorMessage: 'The service had a storage problem and did not complete the change.',
  dbErrorNext: 'Try again in a moment. If it keeps failing, contact support and quote the error code.',
  // signup, signin, signout (docs/partner-api.md#authorization-methods).
  otpNotSentTitle: 'The code could not be e-mailed',
  otpNotSentMessage: 'The service could not send a one-time code to this e-mail address.',
  otpNotSentNext: 'Check the address and ask for a new code. If it fails again, try later.',
  registrationNotAllowedTitle: 'Registration is not allowed',
  registrationNotAllowedMessage: 'This e-mail address cannot open a new account with the service.',
  registrationNotAllowedNext: 'Use the e-mail address of an existing account, or contact your provider.',
  unknownEmailOrOtpTitle: 'Wrong or expired code',
  unknownEmailOrOtpMessage: 'The code does not match this e-mail address, or it has expired.',
  unknownEmailOrOtpNext: 'Check the code in the latest e-mail, or ask for a new code.',
  userNotCreatedTitle: 'The account could not be created',
  userNotCreatedMessage: 'The code was right, but the service failed to create your account.',
  userNotCreatedNext: 'Ask for a new code and sign in again in a few minutes.',
  welcomeNotSentTitle: 'The welcome e-mail was not sent',
  welcomeNotSentMessage: 'The service could not send the e-mail with your login instructions.',
  welcomeNotSentNext: 'Ask for a new code and sign in again. If it keeps failing, contact support.',
  keyNotGeneratedTitle: 'No key could be issued',
  keyNotGeneratedMessage: 'The code was right, but the service failed to create your sign-in key.',
  keyNotGeneratedNext: 'Ask for a new code and sign in again.',
  incompatibleAccountTitle: 'This account cannot sign in here',
  incompatibleAccountMessage: 'The account behind this e-mail address is of a type this dashboard cannot use.',
  incompatibleAccountNext: 'Sign in with the e-mail address of a partner account, or contact your provider.',
  // docs/partner-api.md#method-errors: one code for a storage failure and for a key not made by signin.
  signout_dbErrorTitle: 'The key could not be signed out',
  signout_dbErrorMessage:
    'The service did not delete this key: either it was not created by signing in with an e-mail code, or the service had a storage problem.',
  signout_dbErrorNext:
    'Keys entered by hand cannot be signed out on the service: just forget them here. Otherwise try again.',
} satisfies Texts<SignInErrorId>;

export const errorMessages = /* @__PURE__ */ i18n('errors', {
  ...SYSTEM,
  ...SIGN_IN_METHODS,
  rateLimitedTitle: 'Too many attempts',
  rateLimitedMessage: 'To protect accounts, the service limits how often this can be tried.',
  rateLimitedNext: count({
    one: 'Wait {count} minute, then try again.',
    other: 'Wait {count} minutes, then try again.',
  }),
  rateLimitedNextSeconds: count({
    one: 'Wait {count} second, then try again.',
    other: 'Wait {count} seconds, then try again.',
  }),
  unknownCodeTitle: params('Unexpected error (code {code})'),
  unknownCodeMessage: 'The service reported an error this dashboard does not know.',
  unknownCodeNext: params('Try again. If it keeps happening, contact support and quote code {code}.'),
  refusedTitle: 'The request was refused',
  refusedMessage: params('The service answered with HTTP status {status}.'),
  refusedNext: 'Try again. If it keeps failing, sign in again.',
  unreachableTitle: 'Service unavailable',
  unreachableNetwork: 'The dashboard could not reach the security service.',
  unreachableTimeout: 'The security service took too long to answer.',
  unreachableBadResponse: 'The security service sent an answer the dashboard could not read.',
  unreachableHttp: 'The security service answered with an error.',
  unreachableNext: 'Retry in a moment.',
  ownServerTitle: 'Dashboard server unavailable',
  ownServerNetwork:
    'The dashboard could not reach its own server, which keeps your team’s customers, activity and fleet summary.',
  ownServerFailed: 'The dashboard’s own server could not answer.',
  ownServerNext:
    'Check your connection and retry in a moment. If it keeps happening, tell whoever runs this dashboard.',
  unexpectedTitle: 'Something went wrong',
  unexpectedMessage: 'An unexpected problem stopped this action.',
  unexpectedNext: 'Reload the page and try again.',
});
