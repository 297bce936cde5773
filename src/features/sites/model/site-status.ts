/**
 * A site's status from its latest scan report (spec §2.9): what the table, the
 * filters and the site page call it. The service reports only the latest
 * report; "scanning" is the dashboard's own knowledge (a scan it started).
 */
import type { Site } from '../../../api/schemas';

export const STATUSES = ['incurable', 'infected', 'suspicious', 'errors', 'clean', 'never'] as const;
export type SiteStatus = (typeof STATUSES)[number];

/**
 * The worst thing the report says: incurable threats remaining, then threats
 * remaining, suspicions, scan errors; clean otherwise; never scanned without a report.
 */
export function statusOf(site: Pick<Site, 'scanreport'>): SiteStatus {
  const r = site.scanreport;
  if (!r) return 'never';
  if (r.incurable > 0) return 'incurable';
  if (r.threats > 0) return 'infected';
  if (r.doubt > 0) return 'suspicious';
  if (r.errors > 0) return 'errors';
  return 'clean';
}

/** Severity for sorting: the worst first when sorted ascending. */
export function severity(status: SiteStatus): number {
  return STATUSES.indexOf(status);
}

/** Threats remaining after the last scan or cleanup; null when never scanned. */
export function threatsOf(site: Pick<Site, 'scanreport'>): number | null {
  return site.scanreport ? site.scanreport.threats : null;
}

/** How late a scheduled scan may be before it counts as overdue (a scan takes time, the service's clock ours). */
export const SCAN_GRACE_SECONDS = 86_400;
/** Sites without scheduled scans count as recently scanned when scanned within this long (the firewall history's 30 days). */
export const UNSCHEDULED_RECENT_SECONDS = 30 * 86_400;

/**
 * Never scanned, or scheduled scans (spec §2.8 scanperiod) that have stopped
 * reporting: the latest report is older than the period and a day. The API
 * does not say why; a missing synchronization file is the usual cause.
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
