/**
 * Scan reports the scan watcher read from a list (a customer's `sites_list?unit=`, or the account's)
 * before the server's read model has them (./scan-watcher.ts). The table's rows (./fleet-windows.ts)
 * and the site page (./fleet-site-query.ts) lay them over the read model's answers, by report date
 * alone, until the read model has read them too. Kept per query client: one per app, one per test.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { FleetRow } from '../api/fleet';
import type { Site } from '../api/schemas';

const listed = new WeakMap<QueryClient, Map<string, Site>>();

function listedOf(client: QueryClient): Map<string, Site> {
  let map = listed.get(client);
  if (!map) listed.set(client, (map = new Map()));
  return map;
}

/** Remembers a site as a list gave it after a scan. */
export function rememberListed(client: QueryClient, site: Site): void {
  listedOf(client).set(site.domain, site);
}

/** The site as a list last gave it, if any. */
export function listedReport(client: QueryClient, domain: string): Site | undefined {
  return listed.get(client)?.get(domain);
}

/** Whether any site was listed after a scan (nothing to lay over the answers when none). */
export function anyListed(client: QueryClient): boolean {
  return (listed.get(client)?.size ?? 0) > 0;
}

/**
 * The read model's site (or row) with a newer report where a list has one. Only the report: the
 * read's options may be newer than the list's (a switch turned since the scan), and a report is
 * judged by its date alone, never by comparing the read's time with the browser's clock.
 */
export function newerSite(read: Site | undefined, listedSite: Site | undefined): Site | undefined;
export function newerSite(read: FleetRow, listedSite: Site | undefined): FleetRow;
export function newerSite<T extends Pick<Site, 'scanreport'>>(read: T | undefined, listedSite: Site | undefined) {
  if (!read || !listedSite) return read;
  const readDate = read.scanreport?.date ?? 0;
  const listedDate = listedSite.scanreport?.date ?? 0;
  return listedDate > readDate ? { ...read, scanreport: listedSite.scanreport } : read;
}
