import { errorCode, type ErrorName, type MethodName } from '../../src/api/registry.ts';
import type { SystemErrorCode } from '../../src/api/system-errors.ts';

/**
 * A method-specific error, named as the registry names it (docs/partner-api.md#method-errors): the
 * answer's code is errprefix·1000 + 900 + the error's position in the method's
 * list (docs/partner-api.md#error-rules rule 5), looked up by name, so reordering cannot change it.
 */
export class MethodError<M extends MethodName = MethodName> extends Error {
  constructor(
    readonly method: M,
    readonly errorName: ErrorName<M>,
    readonly info = '',
  ) {
    super(`${method} error ${String(errorName)}`);
  }

  /** The full code (docs/partner-api.md#error-rules rule 5). */
  get code(): number {
    return errorCode(this.method, this.errorName);
  }
}

/**
 * A system-wide error (docs/partner-api.md#system-errors). A refusal by a rate limit (500) says in
 * `retryAfter` how many seconds to wait; the answer carries it as Retry-After.
 */
export class SystemError extends Error {
  constructor(
    readonly code: SystemErrorCode,
    readonly info = '',
    readonly retryAfter?: number,
  ) {
    super(`system error ${code}`);
  }
}

/** A raw answer that bypasses the envelope (syncfile_get, api_test with raw; docs/partner-api.md#envelope). */
export class RawResult {
  constructor(
    readonly body: string,
    readonly headers: Record<string, string>,
    readonly status = 200,
  ) {}
}

/**
 * An error to answer after the call's changes are committed: a wrong one-time
 * password must still count as a try (docs/partner-api.md#lifecycle: a password stops after 5 wrong tries).
 */
export class FailAfterCommit {
  constructor(readonly error: MethodError | SystemError) {}
}

/** A result already serialized as JSON text, spliced into the envelope (large sites_list answers). */
export class JsonText {
  constructor(readonly json: string) {}
}
