/**
 * Whether a site's scans come as scheduled (docs/partner-api.md#site-object scanperiod, docs/partner-api.md#scan-report the
 * report's date), judged at `nowSeconds` (UNIX time): shared by the overview
 * and the sites filters (src/data/site-model) and the sync file page
 * (features/sync-file), which lists the sites whose scheduled scans stopped as
 * probably missing the synchronization file.
 */
import type { Site } from '../api/schemas';

/** How late a scheduled scan may be before it counts as overdue (a scan takes time, the service's clock ours). */
export const SCAN_GRACE_SECONDS = 86_400;
/** Sites without scheduled scans count as recently scanned when scanned within this long (the firewall history's 30 days). */
const UNSCHEDULED_RECENT_SECONDS = 30 * 86_400;

/**
 * Never scanned, or scheduled scans that have stopped reporting: the latest
 * report is older than the period and a day. The API does not say why; a
 * missing synchronization file is the usual cause.
 */
export function scanDue(site: Pick<Site, 'scanreport' | 'scanperiod'>, nowSeconds: number): boolean {
  const r = site.scanreport;
  if (!r) return true;
  return site.scanperiod > 0 && r.date < nowSeconds - site.scanperiod - SCAN_GRACE_SECONDS;
}

/** Scanned within its own scan period (and a day), or within 30 days when it has no scheduled scans. */
export function scannedRecently(site: Pick<Site, 'scanreport' | 'scanperiod'>, nowSeconds: number): boolean {
  const r = site.scanreport;
  if (!r) return false;
  const within = site.scanperiod > 0 ? site.scanperiod + SCAN_GRACE_SECONDS : UNSCHEDULED_RECENT_SECONDS;
  return r.date >= nowSeconds - within;
}

/**
 * Since when (UNIX time) a site's scheduled scans have not reported although
 * they should have: its latest report's date, or when it was added if none
 * ever came, when that is longer ago than its scan period and a day; null
 * when they come as scheduled or none are scheduled. A period set at
 * `periodSetAt` (known only when this dashboard set it) starts counting then:
 * the new period has not asked for a scan before. The API does not say why a
 * scheduled scan did not run; a missing synchronization file is the usual
 * cause (the overview suggests installing it).
 */
export function scansStoppedSince(
  site: Pick<Site, 'scanperiod' | 'adddate'> & { scanreport?: { date: number } | null | undefined },
  nowSeconds: number,
  periodSetAt = 0,
): number | null {
  if (site.scanperiod <= 0) return null;
  const since = site.scanreport ? site.scanreport.date : site.adddate;
  const counted = Math.max(since, periodSetAt);
  return counted < nowSeconds - site.scanperiod - SCAN_GRACE_SECONDS ? since : null;
}
