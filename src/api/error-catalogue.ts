/**
 * Every error code of spec §7 in the user's terms, with what to do next.
 * Method codes are derived from the registry (prefix·1000 + 900 + index, spec
 * §7.1 rule 5): a text is chosen by code, else by the registry's message, so a
 * code the registry gains without a text here shows up in error-catalogue.test.ts.
 * Pure data and one function: no toasts, no redirects (the caller decides).
 */
import { ApiError, TransportError } from './errors';
import { METHOD_ERRORS } from './registry';
import { SYSTEM_ERRORS } from './system-errors';

export interface ErrorText {
  title: string;
  message: string;
  next: string;
}

export interface ErrorDescription extends ErrorText {
  code?: number;
  /** The key is no longer accepted: clear it and return to login (spec §5.11). */
  sessionEnded: boolean;
}

/** System-wide codes (spec §7.2). */
const SYSTEM_TEXT: Record<keyof typeof SYSTEM_ERRORS, ErrorText> = {
  500: {
    title: 'Service temporarily unavailable',
    message: 'The security service is down for a moment and could not handle the request.',
    next: 'Wait a minute, then try again.',
  },
  501: {
    title: 'The service had an internal error',
    message: 'The security service failed while handling the request. Nothing you entered caused it.',
    next: 'Try again. If it keeps happening, contact support and quote the error code.',
  },
  502: {
    title: 'Your session has ended',
    message: 'The service no longer accepts your key: it expired, was signed out, or is not allowed from this network.',
    next: 'Sign in again to continue.',
  },
  503: {
    title: 'The request was not accepted',
    message: 'The service could not read the request: a value is missing or not in the expected form.',
    next: 'Check what you entered and try again.',
  },
  504: {
    title: 'Not supported by the service',
    message: 'The service does not offer this operation.',
    next: 'Use another option, or ask your provider whether it can be enabled.',
  },
  505: {
    title: 'Not allowed with this key',
    message: 'Your key does not have the level of access this operation needs.',
    next: 'Sign in with an account that has this access, or ask your provider to extend it.',
  },
};

const unitNotFound: ErrorText = {
  title: 'Customer not found',
  message: 'No end customer (unit) has this e-mail address. It may have been renamed or deleted.',
  next: 'Check the e-mail address, or reload the list of customers and try again.',
};

const siteNotFound: ErrorText = {
  title: 'Site not found',
  message: 'This site is not in your account. It may have been deleted already.',
  next: 'Reload the list of sites.',
};

/** Texts by the registry's message, for meanings that several methods share (spec §7.3). */
const BY_MEANING: Record<string, ErrorText> = {
  'Database error': {
    title: 'The change was not saved',
    message: 'The service had a storage problem and did not complete the change.',
    next: 'Try again in a moment. If it keeps failing, contact support and quote the error code.',
  },
  'Unit not found': unitNotFound,
  'Site not found': siteNotFound,
};

/** Texts by code (spec §7.3), where a meaning is particular to one method. */
const BY_CODE: Record<number, ErrorText> = {
  111900: {
    title: 'The code could not be e-mailed',
    message: 'The service could not send a one-time code to this e-mail address.',
    next: 'Check the address and ask for a new code. If it fails again, try later.',
  },
  111901: {
    title: 'Registration is not allowed',
    message: 'This e-mail address cannot open a new account with the service.',
    next: 'Use the e-mail address of an existing account, or contact your provider.',
  },
  112900: {
    title: 'Wrong or expired code',
    message: 'The code does not match this e-mail address, or it has expired.',
    next: 'Check the code in the latest e-mail, or ask for a new code.',
  },
  112901: {
    title: 'The account could not be created',
    message: 'The code was right, but the service failed to create your account.',
    next: 'Ask for a new code and sign in again in a few minutes.',
  },
  112902: {
    title: 'The welcome e-mail was not sent',
    message: 'The service could not send the e-mail with your login instructions.',
    next: 'Ask for a new code and sign in again. If it keeps failing, contact support.',
  },
  112903: {
    title: 'No key could be issued',
    message: 'The code was right, but the service failed to create your sign-in key.',
    next: 'Ask for a new code and sign in again.',
  },
  112904: {
    title: 'This account cannot sign in here',
    message: 'The account behind this e-mail address is of a type this dashboard cannot use.',
    next: 'Sign in with the e-mail address of a partner account, or contact your provider.',
  },
  // Spec §7.3: one code for a storage failure and for a key not made by signin.
  113900: {
    title: 'The key could not be signed out',
    message:
      'The service did not delete this key: either it was not created by signing in with an e-mail code, or the service had a storage problem.',
    next: 'Keys entered by hand cannot be signed out on the service: just forget them here. Otherwise try again.',
  },
  122901: {
    title: 'No agency profile',
    message: 'There is no agency profile to delete.',
    next: 'Nothing to do. Create a profile on the Agency page when you need one.',
  },
  123900: {
    title: 'No agency profile yet',
    message: 'Your account has no agency profile.',
    next: 'Fill in the agency form to create one.',
  },
  141900: {
    title: 'Site limit reached',
    message: 'Your subscription plan allows no more sites.',
    next: 'Upgrade your plan, or delete sites you no longer need, then add them again.',
  },
  144903: {
    title: 'Not shared with this customer',
    message: 'This site is not shared with this end customer, so there is nothing to unshare.',
    next: 'Reload the site to see whom it is shared with.',
  },
  145902: {
    title: 'Invalid setting',
    message: 'The service did not accept this option or value.',
    next: 'Choose one of the offered values and try again.',
  },
  145903: {
    title: 'The setting could not be applied',
    message: 'The service accepted the setting but could not apply it to the site.',
    next: 'Check that the site is online and its synchronization file is installed, then try again.',
  },
  145904: {
    title: 'Not available with your key',
    message: 'This option is not available with your key or subscription plan.',
    next: 'Ask your provider to enable it for your account.',
  },
  146901: {
    title: 'This site cannot be scanned yet',
    message: 'Scanning is not available for this site, usually because its synchronization file is not installed.',
    next: 'Download the synchronization file, upload it to the root folder of the site, then scan again.',
  },
  146902: {
    title: 'The scan could not start',
    message: 'The scanner failed to start for this site.',
    next: 'Try again in a few minutes.',
  },
  101900: {
    title: 'Method list unavailable',
    message: 'The service could not list the methods your key may use.',
    next: 'Try again.',
  },
  102900: {
    title: 'Unknown method',
    message: 'No method has this name, or your key may not use it.',
    next: 'Pick a name from the method list.',
  },
  100900: {
    title: 'Test error 0',
    message: 'api_test failed because the request asked it to (the err argument).',
    next: 'Nothing to fix. Leave out err to get a normal answer.',
  },
  100901: {
    title: 'Test error 1',
    message: 'api_test failed because the request asked it to (the err argument).',
    next: 'Nothing to fix. Leave out err to get a normal answer.',
  },
};

const catalogue = new Map<number, ErrorText>(Object.entries(SYSTEM_TEXT).map(([code, text]) => [Number(code), text]));
for (const { code, message } of METHOD_ERRORS) {
  const text = BY_CODE[code] ?? BY_MEANING[message];
  if (text) catalogue.set(code, text);
}

/** The catalogue's text for a code of spec §7, or undefined for a code it does not know. */
export function catalogueEntry(code: number): ErrorText | undefined {
  return catalogue.get(code);
}

const TRANSPORT_MESSAGE: Record<TransportError['kind'], string> = {
  network: 'The dashboard could not reach the security service.',
  timeout: 'The security service took too long to answer.',
  'bad-response': 'The security service sent an answer the dashboard could not read.',
  http: 'The security service answered with an error.',
};

const SESSION_ENDED = 502;

/** HTTP statuses of a raw method (syncfile_get) that stand for a system code (spec §7.2, §7.4). */
const HTTP_STATUS_CODE: Partial<Record<number, 502 | 505>> = { 401: 502, 403: 505 };
const MAX_SERVER_TEXT = 300;

/** What to tell the user about any error thrown by the API client, and whether the session is over. */
export function describeError(err: unknown): ErrorDescription {
  if (err instanceof ApiError) {
    const text = catalogueEntry(err.code) ?? {
      title: `Unexpected error (code ${err.code})`,
      message: err.message || 'The service reported an error this dashboard does not know.',
      next: `Try again. If it keeps happening, contact support and quote code ${err.code}.`,
    };
    return { code: err.code, ...text, sessionEnded: err.code === SESSION_ENDED };
  }
  if (err instanceof TransportError) {
    // syncfile_get reports system errors as HTTP statuses (spec §7.4): an
    // authorization failure (the envelope's 502) is 401, too little access
    // (505) is 403. They mean what the codes mean: 401 ends the session (issue 3).
    const code = err.kind === 'http' && err.status !== undefined ? HTTP_STATUS_CODE[err.status] : undefined;
    if (code !== undefined) {
      return { code, ...SYSTEM_TEXT[code], sessionEnded: code === SESSION_ENDED };
    }
    // Any other HTTP refusal carries the service's own text.
    if (err.kind === 'http' && err.status !== undefined && err.status < 500) {
      return {
        title: 'The request was refused',
        message: err.message.slice(0, MAX_SERVER_TEXT) || `The service answered with HTTP status ${err.status}.`,
        next: 'Try again. If it keeps failing, sign in again.',
        sessionEnded: false,
      };
    }
    return {
      title: 'Service unavailable',
      message: TRANSPORT_MESSAGE[err.kind],
      next: 'Retry in a moment.',
      sessionEnded: false,
    };
  }
  return {
    title: 'Something went wrong',
    message: 'An unexpected problem stopped this action.',
    next: 'Reload the page and try again.',
    sessionEnded: false,
  };
}
