/** docs/partner-api.md#sites_list, with scan reports (docs/partner-api.md#scan-report) and firewall history (docs/partner-api.md#firewall-history) on request. */
import { requireUser, type Call } from '../call.ts';
import { JsonArrayParts } from '../errors.ts';
import { fwHistoryJson, fwWindow, type FwEvent } from '../fw-history.ts';
import { parseEmail } from '../names.ts';
import { reportsJson } from '../store/reports.ts';
import { fwEventsOf, listedSites, listSiteIds } from '../store/sites.ts';
import { findUnit } from '../store/units.ts';

/** Sites read and written out together: a slice of the answer (about 10 ms at both flags on a 2-core machine). */
export const SITES_LIST_PAGE = 250;

/** Pages of sites_list answers read so far in this process (the tests follow an answer's progress by it). */
export const sitesListPages = { count: 0 };

/**
 * Which sites are listed, and in what order, is read in the call's transaction; each site, its
 * report and its history a page at a time as the answer is written out (errors.ts JsonArrayParts),
 * each page in a transaction of its own: with 10,000 sites and both flags the answer is about
 * 17 MB (bench/sandbox.ts), and 100,000 sites held the server for 8.7 s in one piece. A site
 * deleted meanwhile is left out; the history's days are those of the call's time.
 */
export function sitesList(call: Call<'sites_list'>) {
  const user = requireUser(call);
  const { db } = call.state;
  const unitEmail = call.args.get('unit');
  let unitId: number | null = null;
  if (unitEmail !== undefined) {
    const unit = findUnit(db, user.id, parseEmail(unitEmail) ?? '');
    if (!unit) throw call.fail('unitNotFound', 'No unit has this e-mail');
    unitId = unit.id;
  }
  const ids = listSiteIds(db, user.id, unitId);
  const withReport = call.flag('withscanreport');
  const withFw = call.flag('withfwhistory');
  const win = fwWindow(call.now);

  const page = db.transaction((from: number, to: number): string[] => {
    sitesListPages.count += 1;
    const sites = listedSites(db, ids.slice(from, to));
    const reports = withReport
      ? reportsJson(
          db,
          sites.flatMap((s) => (s.last_report_id === null ? [] : [s.last_report_id])),
        )
      : new Map<number, string>();
    const events = new Map<number, FwEvent[]>();
    if (withFw) {
      for (const [siteId, at, enabled] of fwEventsOf(
        db,
        sites.map((s) => s.id),
      )) {
        let list = events.get(siteId);
        if (!list) events.set(siteId, (list = []));
        list.push({ at, enabled });
      }
    }
    return sites.map((s) => {
      const site = {
        id: s.id,
        host: s.host,
        domain: s.domain,
        adddate: s.adddate,
        scanperiod: s.scanperiod,
        nextscan: s.nextscan,
        firewallstatus: s.firewall === 'enabled' ? 1 : 0,
        autotreatment: s.autotreatment,
        permissions: s.permissions,
      };
      let json = JSON.stringify(site).slice(0, -1);
      if (withReport) json += `,"scanreport":${(s.last_report_id !== null && reports.get(s.last_report_id)) || 'null'}`;
      if (withFw) json += `,"fwhistory":${fwHistoryJson(win, s.id, s.adddate, events.get(s.id) ?? [])}`;
      return `${json}}`;
    });
  });
  return new JsonArrayParts(ids.length, SITES_LIST_PAGE, page);
}
