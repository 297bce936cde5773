/** Whether the server is reading the fleet (docs/workspace.md#the-read-model): a page then asks again soon. */
import type { FleetFreshness } from '../api/fleet';

/** A read is under way, or the first one is about to start. */
export function stillReading(freshness: FleetFreshness | null | undefined): boolean {
  if (!freshness) return false;
  return freshness.refreshing || (freshness.asOf === null && freshness.refreshError === null);
}
