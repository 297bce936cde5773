/**
 * What kind of error the API client threw, in language-neutral terms: which
 * system code (docs/partner-api.md#system-errors), which method error by its registry name (docs/partner-api.md#method-errors),
 * a rate limit's wait, a raw method's HTTP status (docs/partner-api.md#syncfile_get-errors), or a transport
 * failure; and what follows from it (the session ended, the service is down).
 * The words people read live in the message catalogue (src/i18n/error-messages.ts),
 * keyed by these kinds and names. Pure data and functions: no toasts, no
 * redirects (the caller decides).
 */
import { ApiError, TransportError, WorkspaceError, type TransportErrorKind } from './errors.ts';
import { methodErrorOf, type ErrorName, type MethodErrorEntry, type MethodName } from './registry.ts';
import { isSystemErrorCode, systemCodeOfStatus, type SystemErrorCode } from './system-errors.ts';

export type ErrorClass =
  /** A system error (docs/partner-api.md#system-errors), from the envelope or from a raw method's HTTP status (docs/partner-api.md#syncfile_get-errors). */
  | { kind: 'system'; code: SystemErrorCode }
  /** A method error of docs/partner-api.md#method-errors, named as the registry names it. */
  | { kind: 'method'; code: number; error: MethodErrorEntry }
  /** The request was refused for coming too often: wait `retryAfter` seconds. */
  | { kind: 'rateLimited'; code: number; retryAfter: number }
  /** An envelope error code the spec does not list; the service's own text. */
  | { kind: 'unknownCode'; code: number; serviceText: string }
  /** A raw method refused with an HTTP status that names no system error; the service's own text. */
  | { kind: 'refused'; status: number; serviceText: string }
  /** No usable answer: the network, the time limit, an unreadable answer, or an HTTP failure. */
  | { kind: 'unreachable'; transport: TransportErrorKind }
  /**
   * The dashboard's own server (the team's workspace) could not be reached (`network`) or failed to
   * answer (`failed`, a 5xx of its own): a retry may help later.
   */
  | { kind: 'ownServer'; problem: 'network' | 'failed' }
  /** Anything else thrown (a bug): the user gets a generic text. */
  | { kind: 'unexpected' };

/** The longest service text passed on to people (it is shown as given). */
const MAX_SERVICE_TEXT = 300;

/** docs/partner-api.md#system-errors: 502 "authorization error" means the key is no longer accepted. */
const SESSION_ENDED: SystemErrorCode = 502;
/** docs/partner-api.md#system-errors: 500 "temporarily unavailable" (the proxy answers an unreachable upstream with it too). */
const UNAVAILABLE: SystemErrorCode = 500;

export function classifyError(err: unknown): ErrorClass {
  if (err instanceof ApiError) {
    // A limit's refusal says when to come back (Retry-After): a wait, not an outage.
    if (err.code === UNAVAILABLE && err.retryAfter !== undefined && err.retryAfter > 0) {
      return { kind: 'rateLimited', code: err.code, retryAfter: err.retryAfter };
    }
    if (isSystemErrorCode(err.code)) return { kind: 'system', code: err.code };
    const error = methodErrorOf(err.code);
    if (error) return { kind: 'method', code: err.code, error };
    return { kind: 'unknownCode', code: err.code, serviceText: err.message.slice(0, MAX_SERVICE_TEXT) };
  }
  if (err instanceof TransportError) {
    if (err.kind === 'http' && err.status !== undefined) {
      // A raw method (syncfile_get) reports system errors as HTTP statuses (docs/partner-api.md#syncfile_get-errors).
      const code = systemCodeOfStatus(err.status);
      if (code !== undefined) return { kind: 'system', code };
      if (err.status < 500) {
        return { kind: 'refused', status: err.status, serviceText: err.message.slice(0, MAX_SERVICE_TEXT) };
      }
    }
    return { kind: 'unreachable', transport: err.kind };
  }
  if (err instanceof WorkspaceError) return classifyWorkspaceError(err);
  return { kind: 'unexpected' };
}

/**
 * The dashboard's own server's refusals (server/workspace/identity.ts, routes.ts): what it heard from the
 * service is the service's error (it checks every key there); its own failures are its own.
 */
function classifyWorkspaceError(err: WorkspaceError): ErrorClass {
  switch (err.code) {
    case 'key-refused':
      return { kind: 'system', code: SESSION_ENDED };
    case 'upstream-down':
      return { kind: 'unreachable', transport: 'network' };
    case 'upstream-error':
      return { kind: 'unreachable', transport: 'http' };
    case 'upstream-garbage':
      return { kind: 'unreachable', transport: 'bad-response' };
    case 'network':
      return { kind: 'ownServer', problem: 'network' };
  }
  if (err.status >= 500 || err.status === 0) return { kind: 'ownServer', problem: 'failed' };
  return { kind: 'refused', status: err.status, serviceText: err.message.slice(0, MAX_SERVICE_TEXT) };
}

/** The error code people can quote to support, when there is one. */
export function errorCodeOf(c: ErrorClass): number | undefined {
  return 'code' in c ? c.code : undefined;
}

/** The key is no longer accepted: clear it and return to login (docs/partner-api.md#system-errors). */
export function endsSession(c: ErrorClass): boolean {
  return c.kind === 'system' && c.code === SESSION_ENDED;
}

/** The service is down or out of reach: a retry may help later; the page says "Service unavailable". */
export function isUnavailable(c: ErrorClass): boolean {
  return (c.kind === 'system' && c.code === UNAVAILABLE) || c.kind === 'unreachable';
}

/** Whether an error is one method's error of that name: isMethodError(e, 'agency_view', 'noAgency'). */
export function isMethodError<M extends MethodName>(err: unknown, method: M, name: ErrorName<M>): boolean {
  if (!(err instanceof ApiError)) return false;
  const entry = methodErrorOf(err.code);
  return entry !== undefined && entry.method === method && entry.name === name;
}
