/** docs/partner-api.md#site_delete, site_unshare and site_scan. */
import { requireUser, type Call } from '../call.ts';
import { parseEmail, parseSiteName } from '../names.ts';
import type { Db } from '../db.ts';
import { deleteSites, findSite, setSiteUnit, startScan, type SiteRow } from '../store/sites.ts';
import { findUnit } from '../store/units.ts';

/** A site of the user by a path entry (UTF-8, punycode or a URL). */
export function siteNamed(db: Db, userId: number, name: string): SiteRow | undefined {
  const parsed = parseSiteName(name);
  return 'error' in parsed ? undefined : findSite(db, userId, parsed.host);
}

/** docs/partner-api.md#site_delete: the original domain, or null with ignore. */
export function siteDelete(call: Call<'site_delete'>) {
  const user = requireUser(call);
  const name = call.path[0] ?? '';
  const site = siteNamed(call.state.db, user.id, name);
  if (!site) {
    if (call.flag('ignore')) return null;
    throw call.fail('siteNotFound');
  }
  deleteSites(call.state.db, [site.id]);
  return name;
}

/** docs/partner-api.md#site_unshare. */
export function siteUnshare(call: Call<'site_unshare'>) {
  const user = requireUser(call);
  const { db } = call.state;
  const [unitEmail = '', name = ''] = call.path;
  const unit = findUnit(db, user.id, parseEmail(unitEmail) ?? '');
  if (!unit) throw call.fail('unitNotFound');
  const site = siteNamed(db, user.id, name);
  if (!site) throw call.fail('siteNotFound');
  if (site.unit_id !== unit.id) throw call.fail('notShared');
  setSiteUnit(db, site.id, null);
  return name;
}

/** docs/partner-api.md#site_scan: runs for a few seconds, then writes a report (scans.ts). */
export function siteScan(call: Call<'site_scan'>) {
  const user = requireUser(call);
  const name = call.path[0] ?? '';
  const site = siteNamed(call.state.db, user.id, name);
  if (!site) throw call.fail('siteNotFound');
  if (!site.syncfile) {
    throw call.fail(
      'notAvailable',
      'The synchronization file is not installed on the site: upload it to the site root first',
    );
  }
  startScan(call.state.db, site.id, call.now);
  return name;
}
