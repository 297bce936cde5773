import type { SystemErrorCode } from '../../src/api/registry.ts';

/** A method-specific error: code = errprefix·1000 + 900 + index (spec §7.1 rule 5). */
export class MethodError extends Error {
  constructor(
    readonly index: number,
    readonly info = '',
  ) {
    super(`method error ${index}`);
  }
}

/** A system-wide error (spec §7.2). */
export class SystemError extends Error {
  constructor(
    readonly code: SystemErrorCode,
    readonly info = '',
  ) {
    super(`system error ${code}`);
  }
}

/** A raw answer that bypasses the envelope (syncfile_get, api_test with raw; spec §2.1). */
export class RawResult {
  constructor(
    readonly body: string,
    readonly headers: Record<string, string>,
    readonly status = 200,
  ) {}
}

/**
 * An error to answer after the call's changes are committed: a wrong one-time
 * password must still count as a try (spec §3: a password stops after 5 wrong tries).
 */
export class FailAfterCommit {
  constructor(readonly error: MethodError | SystemError) {}
}

/** A result already serialized as JSON text, spliced into the envelope (large sites_list answers). */
export class JsonText {
  constructor(readonly json: string) {}
}
