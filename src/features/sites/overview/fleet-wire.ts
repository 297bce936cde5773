/**
 * What the overview's worker (fleet.worker.ts) and the page say to each other.
 * Errors cross as data and become ApiError or TransportError again on the
 * page's side, so the error catalogue and the session guard read them as
 * they read any other call's.
 */
import type { Credentials } from '../../../api/credentials';
import { ApiError, TransportError, type TransportErrorKind } from '../../../api/errors';
import type { FleetSummary, FleetTraffic } from './fleet-summary';

/** One run: the keys to sign with, and the time (UNIX seconds) to judge "overdue" by. */
export interface FleetRequest {
  credentials: Credentials | null;
  now: number;
}

export type WireError =
  | { kind: 'api'; method: string; code: number; message: string; errorinfo: string; retryAfter?: number }
  | { kind: 'transport'; method: string; transport: TransportErrorKind; message: string; status?: number }
  | { kind: 'other'; message: string };

/** The counters first, the firewall traffic after; or why there are none. */
export type FleetMessage =
  | { type: 'summary'; summary: FleetSummary }
  | { type: 'traffic'; traffic: FleetTraffic }
  | { type: 'error'; error: WireError };

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
