/**
 * A site's status from its latest scan report (docs/partner-api.md#scan-report): what the table, the
 * filters and the site page call it. The service reports only the latest
 * report; "scanning" is the dashboard's own knowledge (a scan it started).
 */
import type { Site } from '../../api/schemas';

import { STATUSES, type SiteStatus } from '../../api/fleet-views';

export { STATUSES, type SiteStatus };

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
