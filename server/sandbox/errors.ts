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

/**
 * A result array written out after the call, a page of elements at a time: `page(from, to)` reads
 * and gives the JSON text of elements [from, to) (sites_list: 17 MB of text for 10,000 sites,
 * 170 MB for 100,000, which held the event loop for 8.7 s in one piece). Over HTTP each page is a
 * slice of the answer, other requests served between them (http/api-route.ts); in process they
 * are joined.
 */
export class JsonArrayParts {
  constructor(
    /** How many elements there were when the call was answered (a page may give fewer: one was deleted). */
    readonly count: number,
    readonly pageSize: number,
    readonly page: (from: number, to: number) => string[],
  ) {}

  /** The pages in order, each the text of its elements. */
  *pages(): Generator<string[]> {
    for (let from = 0; from < this.count; from += this.pageSize) {
      yield this.page(from, Math.min(this.count, from + this.pageSize));
    }
  }

  joined(): string {
    return `[${[...this.pages()].flat().join(',')}]`;
  }
}
