/**
 * The ways a call fails: the service's (ApiError, TransportError) and the
 * dashboard's own server's (WorkspaceError). All are plain data: what the user
 * sees is decided by the caller (router, query client) through error-catalogue.ts.
 */

/** An envelope with error != 0 (docs/partner-api.md#error-rules): the service answered and refused. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly method: string;
  /** A system code (docs/partner-api.md#system-errors) or a method code (docs/partner-api.md#method-errors). */
  readonly code: number;
  readonly errorinfo: string;
  /**
   * Seconds to wait before trying again, from the answer's Retry-After header
   * (a rate limit's refusal); undefined when the answer named none.
   */
  readonly retryAfter: number | undefined;

  constructor(init: { method: string; code: number; message: string; errorinfo?: string; retryAfter?: number }) {
    super(init.message);
    this.method = init.method;
    this.code = init.code;
    this.errorinfo = init.errorinfo ?? '';
    this.retryAfter = init.retryAfter;
  }
}

export type TransportErrorKind = 'network' | 'timeout' | 'bad-response' | 'http';

/**
 * No usable answer: the network failed (`network`), the time limit passed
 * (`timeout`), the body was not the envelope or its result not the spec's shape
 * (`bad-response`), or an HTTP error status without an envelope (`http`, e.g.
 * syncfile_get's 4xx of docs/partner-api.md#syncfile_get-errors, with the body text as the message).
 */
export class TransportError extends Error {
  override name = 'TransportError';
  readonly kind: TransportErrorKind;
  readonly status?: number;
  readonly method: string;

  constructor(init: { method: string; kind: TransportErrorKind; message: string; status?: number; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.method = init.method;
    this.kind = init.kind;
    if (init.status !== undefined) this.status = init.status;
  }
}

/**
 * The dashboard's own server (the team's workspace, docs/workspace.md) refused or failed a request:
 * `code` says which (`key-refused`, `bad-request`, `upstream-down`, …), `network` with status 0 when
 * the server could not be reached at all.
 */
export class WorkspaceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WorkspaceError';
  }
}
