import type { Site } from '../../data/sites';
import { patchingNow, type PatchingCarried } from '../../data/site-memory';
import { sitesMessages } from '../../components/site/site-messages';
import { CSV_TYPE, downloadText } from '../../lib/download-text';
import { csvFileName, isoTime, toCsv, type CsvColumn } from '../../data/site-model/csv-export';
import { periodName } from '../../data/site-model/site-filters';
import { statusOf, threatsOf } from '../../data/site-model/site-status';
import { statusLabel } from '../../components/site/site-cells';
import { sitesToolbarMessages } from './toolbar-messages';
import type { WithCustomer } from './use-page-rows';

/**
 * The current view as CSV, in the table's columns and order (the customer, as the team knows it,
 * whether or not its column is shown), with UTF-8 names
 * (and the punycode host beside them); dates in ISO 8601 (UTC), which
 * spreadsheets read whatever their language. Returns the file's name.
 */
export function exportSites(
  sites: readonly (Site & PatchingCarried & WithCustomer)[],
  account: string | undefined,
): string {
  const t = sitesMessages.get();
  const b = sitesToolbarMessages.get();
  const onOff = (v: number | undefined) => (v === 1 ? b.csvOn : v === 0 ? b.csvOff : b.csvUnknown);
  const periods = { month: t.periodMonth, week: t.periodWeek, day: t.periodDay, '0': t.periodOff };
  const columns: CsvColumn<Site & PatchingCarried & WithCustomer>[] = [
    { header: t.colDomain, value: (s) => s.domain },
    { header: b.csvHost, value: (s) => s.host },
    { header: t.colStatus, value: (s) => statusLabel(t, statusOf(s)) },
    { header: t.colThreats, value: (s) => threatsOf(s) ?? '' },
    { header: t.colLastScan, value: (s) => isoTime(s.scanreport?.date) },
    { header: t.colNextScan, value: (s) => isoTime(s.nextscan) },
    { header: t.colFirewall, value: (s) => onOff(s.firewallstatus) },
    { header: t.colCleanup, value: (s) => onOff(s.autotreatment) },
    { header: t.colPatching, value: (s) => onOff(patchingNow(account, s)) },
    {
      header: t.colPeriod,
      value: (s) => {
        const name = periodName(s.scanperiod);
        return name ? periods[name] : String(s.scanperiod);
      },
    },
    { header: t.colPermissions, value: (s) => s.permissions },
    { header: t.colCustomer, value: (s) => s.unit ?? '' },
  ];
  const file = csvFileName('sites');
  // A translation may break a long header word with soft hyphens for the narrow column; not in a file.
  const headed = columns.map((c) => ({ ...c, header: c.header.replaceAll('\u00ad', '') }));
  downloadText(file, toCsv(sites, headed), CSV_TYPE);
  return file;
}
