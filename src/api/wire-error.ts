/**
 * An error as it crosses from a Web Worker to the page (structured clone
 * keeps plain data only): the worker sends `toWire(error)`, the page throws
 * `fromWire(wire)`, an ApiError or TransportError again, so the error
 * catalogue and the session guard read it as they read any other call's.
 * Used by the overview's worker and the site history's.
 */
import { ApiError, TransportError, type TransportErrorKind } from './errors.ts';

export type WireError =
  | { kind: 'api'; method: string; code: number; message: string; errorinfo: string; retryAfter?: number }
  | { kind: 'transport'; method: string; transport: TransportErrorKind; message: string; status?: number }
  | { kind: 'other'; message: string };

export function toWire(error: unknown): WireError {
  if (error instanceof ApiError) {
    const { method, code, message, errorinfo, retryAfter } = error;
    return { kind: 'api', method, code, message, errorinfo, ...(retryAfter === undefined ? {} : { retryAfter }) };
  }
  if (error instanceof TransportError) {
    const { method, kind, message, status } = error;
    return { kind: 'transport', method, transport: kind, message, ...(status === undefined ? {} : { status }) };
  }
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

export function fromWire(error: WireError): Error {
  switch (error.kind) {
    case 'api':
      return new ApiError(error);
    case 'transport':
      return new TransportError({ ...error, kind: error.transport });
    case 'other':
      return new Error(error.message);
  }
}
