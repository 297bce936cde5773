/**
 * A site as `sites_list?withscanreport&withfwhistory` gives it → its read
 * model row, and a row → the site as the page endpoints answer it. The
 * status is the sites page's (src/data/site-model/site-status.ts, held to
 * the same answers by ./readmodel-model.test.ts).
 */
import { domainToASCII } from 'node:url';
import { STATUSES, type SiteStatus } from '../../src/api/fleet-views.ts';
import type { FleetRow } from '../../src/api/fleet.ts';
import { isFwHistory, type FwHistory, type ScanReport } from '../../src/api/schemas.ts';
import { siteKey } from '../workspace/names.ts';
import type { ReadModelSiteTable } from './schema.ts';
import { sortName } from './sort-name.ts';

type Report = Pick<ScanReport, 'date' | 'threats' | 'incurable' | 'doubt' | 'errors'>;

function statusOf(report: Report | null): SiteStatus {
  if (!report) return 'never';
  if (report.incurable > 0) return 'incurable';
  if (report.threats > 0) return 'infected';
  if (report.doubt > 0) return 'suspicious';
  if (report.errors > 0) return 'errors';
  return 'clean';
}

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);

function reportOf(value: unknown): Report | null {
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  return isInt(r.date) && isInt(r.threats) && isInt(r.incurable) && isInt(r.doubt) && isInt(r.errors)
    ? (r as unknown as Report)
    : null;
}

/** Requests blocked over the history's days (index 2). */
function blockedOf(history: FwHistory | null): number {
  if (!history) return 0;
  let blocked = 0;
  for (const day of Object.values(history)) blocked += day?.[2] ?? 0;
  return blocked;
}

/** A site as read: its row, its history (for the sums) and that history's JSON. */
export interface SiteRead {
  row: ReadModelSiteTable;
  history: FwHistory | null;
  historyJson: string | null;
}

/** One site of the list as a row, or null when it is not a site (then it is skipped). */
export function rowOf(accountId: string, value: unknown, readAt: number): SiteRead | null {
  if (typeof value !== 'object' || value === null) return null;
  const s = value as Record<string, unknown>;
  if (typeof s.domain !== 'string' || typeof s.host !== 'string') return null;
  const domain = siteKey(s.domain);
  if (domain === null) return null;
  const num = (v: unknown) => (isInt(v) ? v : 0);
  const report = reportOf(s.scanreport);
  const history = isFwHistory(s.fwhistory) ? s.fwhistory : null;
  return {
    row: {
      account_id: accountId,
      domain,
      name: s.domain,
      sort_name: sortName(domain),
      host: s.host,
      search: `${s.domain.toLowerCase()}\n${s.host.toLowerCase()}`,
      site_id: num(s.id),
      adddate: num(s.adddate),
      scanperiod: num(s.scanperiod),
      nextscan: num(s.nextscan),
      firewall: num(s.firewallstatus),
      cleanup: num(s.autotreatment),
      permissions: num(s.permissions),
      status: STATUSES.indexOf(statusOf(report)),
      threats: report === null ? -1 : report.threats,
      report_date: report === null ? 0 : report.date,
      report: report === null ? null : JSON.stringify(s.scanreport),
      blocked: blockedOf(history),
      scanning_at: null,
      read_at: readAt,
    },
    history,
    historyJson: history === null ? null : JSON.stringify(history),
  };
}

/** A site the dashboard has just added: known by name only until the next read. */
export function addedRow(accountId: string, domain: string, at: number): ReadModelSiteTable {
  const host = domainToASCII(domain) || domain;
  return {
    account_id: accountId,
    domain,
    name: domain,
    sort_name: sortName(domain),
    host,
    search: `${domain}\n${host.toLowerCase()}`,
    site_id: 0,
    adddate: Math.floor(at / 1000),
    scanperiod: 0,
    nextscan: 0,
    firewall: 0,
    cleanup: 0,
    permissions: 0,
    status: STATUSES.indexOf('never'),
    threats: -1,
    report_date: 0,
    report: null,
    blocked: 0,
    scanning_at: null,
    read_at: at,
  };
}

export type JoinedRow = Omit<ReadModelSiteTable, 'search' | 'sort_name'> & {
  unit: string | null;
  patching: number | null;
  patching_set_at: number | null;
  patching_set_by_email: string | null;
  patching_set_by_key: string | null;
  patching_set_by_name: string | null;
};

/** A row as the endpoints answer it. */
export function siteOf(r: JoinedRow): FleetRow {
  return {
    id: r.site_id,
    host: r.host,
    domain: r.name,
    adddate: r.adddate,
    scanperiod: r.scanperiod,
    nextscan: r.nextscan,
    firewallstatus: r.firewall,
    autotreatment: r.cleanup,
    permissions: r.permissions,
    scanreport: r.report === null ? null : (JSON.parse(r.report) as ScanReport),
    status: STATUSES[r.status] ?? 'never',
    unit: r.unit,
    patching: r.patching === null ? null : r.patching === 1,
    patchingSet:
      r.patching_set_at === null
        ? null
        : {
            at: r.patching_set_at,
            by: {
              userEmail: r.patching_set_by_email ?? '',
              keyId: r.patching_set_by_key ?? '',
              personName: r.patching_set_by_name,
            },
          },
    scanningAt: r.scanning_at,
  };
}
