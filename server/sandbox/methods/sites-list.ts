/** docs/partner-api.md#sites_list, with scan reports (docs/partner-api.md#scan-report) and firewall history (docs/partner-api.md#firewall-history) on request. */
import { requireUser, type Call } from '../call.ts';
import { JsonText } from '../errors.ts';
import { fwHistoryJson, fwWindow, type FwEvent } from '../fw-history.ts';
import { parseEmail } from '../names.ts';
import { reportsJson } from '../store/reports.ts';
import { fwEventsOf, listSites } from '../store/sites.ts';
import { findUnit } from '../store/units.ts';

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
  const sites = listSites(db, user.id, unitId);

  const withReport = call.flag('withscanreport');
  const reports = withReport
    ? reportsJson(
        db,
        sites.flatMap((s) => (s.last_report_id === null ? [] : [s.last_report_id])),
      )
    : new Map<number, string>();
  const withFw = call.flag('withfwhistory');
  const events = new Map<number, FwEvent[]>();
  if (withFw) {
    for (const [siteId, at, enabled] of fwEventsOf(db, user.id, unitId)) {
      let list = events.get(siteId);
      if (!list) events.set(siteId, (list = []));
      list.push({ at, enabled });
    }
  }
  const win = fwWindow(call.now);
  // Built as JSON text: with 10,000 sites and both flags this is ~17 MB (bench/sandbox.ts).
  const parts = sites.map((s) => {
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
  return new JsonText(`[${parts.join(',')}]`);
}
