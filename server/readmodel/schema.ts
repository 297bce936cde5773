/**
 * The read model's tables as Kysely sees them (./migration.ts makes them).
 * Times are UNIX milliseconds, except the API's own fields (adddate,
 * nextscan, report_date), which stay UNIX seconds as the API gives them.
 */

interface ReadModelAccountTable {
  account_id: string;
  /** The last request of the account's fleet endpoints: retention counts from it. */
  visited_at: number;
  /** When the last whole `sites_list` was read; null before the first. */
  refreshed_at: number | null;
  /** Why the last refresh failed (a code, never the upstream's text); null when it worked. */
  refresh_error: string | null;
  /** The firewall's days summed over the fleet (JSON of FirewallDay[]), as read. */
  days: string | null;
}

export interface ReadModelSiteTable {
  account_id: string;
  /** The site's key: UTF-8, lower case (server/workspace/names.ts siteKey). */
  domain: string;
  /** The domain as the API gives it. */
  name: string;
  /** Its place in the order by name (./sort-name.ts). */
  sort_name: string;
  host: string;
  /** What a search looks in: the domain and the host, lower case. */
  search: string;
  site_id: number;
  adddate: number;
  scanperiod: number;
  nextscan: number;
  firewall: number;
  cleanup: number;
  permissions: number;
  /** The status's rank (src/api/fleet.ts FLEET_STATUSES): worst first. */
  status: number;
  /** Threats remaining after the last scan; -1 when never scanned (a sort key the same on both engines). */
  threats: number;
  /** The latest report's date (UNIX seconds); 0 when never scanned. */
  report_date: number;
  /** The scan report as JSON, null when never scanned. */
  report: string | null;
  /** Requests blocked over the 30 days (for "most attacked"). */
  blocked: number;
  /** A scan this dashboard started and whose report has not been read yet. */
  scanning_at: number | null;
  /** When this row was last read from the API or written through the dashboard. */
  read_at: number;
}

/** A site's 30 days as JSON, when the API gave them. */
interface ReadModelHistoryTable {
  account_id: string;
  domain: string;
  fwhistory: string;
}

export interface ReadModelTables {
  rm_account: ReadModelAccountTable;
  rm_site: ReadModelSiteTable;
  rm_history: ReadModelHistoryTable;
}
