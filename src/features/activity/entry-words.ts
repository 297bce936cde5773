/** An activity entry in words: what was done (the method, its option and value) and how it ended. */
import type { ActivityEntry } from '../../api/workspace';
import { methodErrorOf } from '../../api/registry';
import { describeClass, type Messages } from '../../i18n/error-text';
import type { ActivityWords } from './messages';

const SCAN_PERIOD: Record<string, 'scanMonth' | 'scanWeek' | 'scanDay' | 'scanNone'> = {
  month: 'scanMonth',
  week: 'scanWeek',
  day: 'scanDay',
  '0': 'scanNone',
};

export function whatWasDone(t: ActivityWords, e: ActivityEntry): string {
  switch (e.method) {
    case 'sites_add':
      if (e.site === null) return t.sitesAddFailed(Number.parseInt(e.value ?? '0', 10) || 0);
      return e.kind === 'shares' ? t.sitesAddShared : t.sitesAdd;
    case 'site_delete':
      return t.siteDelete;
    case 'site_unshare':
      return t.siteUnshare;
    case 'site_scan':
      return t.siteScan;
    case 'site_setoption':
      return optionWords(t, e.option ?? '', e.value ?? '');
    case 'unit_update':
      return t.unitUpdate({ value: e.value ?? '' });
    case 'unit_delete':
      return e.value === 'withsites' ? t.unitDeleteWithSites : t.unitDelete;
    case 'agency_update':
      return t.agencyUpdate;
    case 'agency_delete':
      return t.agencyDelete;
    default:
      return t.otherMethod({ method: e.method });
  }
}

function optionWords(t: ActivityWords, option: string, value: string): string {
  if (option === 'firewall') {
    if (value === 'enable') return t.firewallEnable;
    if (value === 'disable') return t.firewallDisable;
    if (value === 'remove') return t.firewallRemove;
  }
  if ((option === 'autocleanup' || option === 'autopatching') && (value === '0' || value === '1')) {
    return value === '1' ? t.optionOn({ option: t[option] }) : t.optionOff({ option: t[option] });
  }
  const period = SCAN_PERIOD[value];
  if (option === 'scanperiod' && period !== undefined) return t.scanperiod({ period: t[period] });
  if (option === 'permissions') return t.permissions({ value });
  return t.optionOther({ option, value });
}

/** The result: done, or the error's title from the catalogue. */
export function howItEnded(t: ActivityWords, errors: Messages, e: ActivityEntry): { ok: boolean; text: string } {
  if (e.error === 'entryRefused') return { ok: false, text: t.resultEntryRefused };
  if (e.result === 0) return { ok: true, text: t.resultDone };
  const error = methodErrorOf(e.result);
  if (error === undefined) return { ok: false, text: t.resultCode({ code: e.result }) };
  return { ok: false, text: describeClass(errors, { kind: 'method', code: e.result, error }).title };
}
