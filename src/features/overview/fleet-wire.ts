/**
 * What the overview's worker (fleet.worker.ts) and the page say to each other.
 * Errors cross as data (src/api/wire-error.ts) and become ApiError or
 * TransportError again on the page's side.
 */
import type { Credentials } from '../../api/credentials';
import type { WireError } from '../../api/wire-error';
import type { FleetSummary, FleetTraffic } from './fleet-summary';

export { fromWire, toWire } from '../../api/wire-error';

/** One run: the keys to sign with, and the time (UNIX seconds) to judge "overdue" by. */
export interface FleetRequest {
  credentials: Credentials | null;
  now: number;
}

/** The counters first, the firewall traffic after; or why there are none. */
export type FleetMessage =
  | { type: 'summary'; summary: FleetSummary }
  | { type: 'traffic'; traffic: FleetTraffic }
  | { type: 'error'; error: WireError };
