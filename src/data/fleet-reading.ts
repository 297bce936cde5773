/** Whether the server is reading the fleet (docs/workspace.md#the-read-model): a page then asks again soon. */
import type { FleetFreshness } from '../api/fleet';

/** How often a page asks while the server reads the fleet. */
export const READING_POLL_MS = 1_000;

/** A read is under way, or the first one is about to start. */
export function stillReading(freshness: FleetFreshness | null | undefined): boolean {
  if (!freshness) return false;
  return freshness.refreshing || (freshness.asOf === null && freshness.refreshError === null);
}

/** The server's first read of the fleet failed: nothing is known to show, only why. */
export function firstReadFailed(freshness: FleetFreshness | null | undefined): boolean {
  return freshness != null && freshness.asOf === null && freshness.refreshError !== null && !freshness.refreshing;
}

/** A fleet query's refetchInterval: every second while the server reads the fleet, else `otherwise`. */
export function pollWhileReading(otherwise: number | false = false) {
  return (query: { state: { data: FleetFreshness | undefined } }): number | false =>
    stillReading(query.state.data) ? READING_POLL_MS : otherwise;
}
