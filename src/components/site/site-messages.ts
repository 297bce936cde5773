/** The words of the sites table, its options and its row actions. */
import type { SiteOption } from '../../api/registry/sites';
import { count, i18n, params } from '../../i18n/i18n';

export const sitesMessages = /* @__PURE__ */ i18n('sites', {
  title: 'Sites',
  intro: 'Every site in your account, with its latest scan, firewall and options.',
  siteCount: count({ one: '{count} site', other: '{count} sites' }),
  matchCount: count({ one: '{count} site matches', other: '{count} sites match' }),
  tableLabel: 'Sites',
  unitTableLabel: params('Sites shared with {unit}'),
  // Columns.
  colSelect: 'Select',
  colDomain: 'Site',
  colStatus: 'Status',
  colThreats: 'Threats',
  colLastScan: 'Last scan',
  colNextScan: 'Next scan',
  colFirewall: 'Firewall',
  colCleanup: 'Auto cleanup',
  colPatching: 'Auto patching',
  colCustomer: 'Customer',
  noCustomer: 'None known',
  colPeriod: 'Scan period',
  colPermissions: 'Permissions',
  colActions: 'Actions',
  sortAscending: 'sorted ascending',
  sortDescending: 'sorted descending',
  sortBy: params('Sort by {column}'),
  // Status (docs/partner-api.md#scan-report, from the latest report).
  statusClean: 'Clean',
  statusInfected: 'Infected',
  statusIncurable: 'Incurable',
  statusSuspicious: 'Suspicious',
  statusErrors: 'Scan errors',
  statusNever: 'Never scanned',
  statusScanning: 'Scanning…',
  never: 'Never',
  noNextScan: 'No automatic scans',
  punycode: params('Punycode: {host}'),
  // Option controls; each name has the option's word and the site.
  firewall: params('Firewall, {domain}'),
  cleanup: params('Automatic cleanup, {domain}'),
  patching: params('Automatic patching, {domain}'),
  /** The switch's name while its state is unknown (the API does not report it): a screen reader must not hear only "off". */
  patchingUnknownName: params('Automatic patching, {domain} (state unknown)'),
  period: params('Scan period, {domain}'),
  permissions: params('Permissions, {domain}: {value}'),
  scanNow: params('Scan now, {domain}'),
  /** The same button while its scan runs (it keeps the focus, and says what it shows). */
  scanningSite: params('Scanning…, {domain}'),
  scanNowShort: 'Scan now',
  periodMonth: 'Monthly',
  periodWeek: 'Weekly',
  periodDay: 'Daily',
  periodOff: 'Off',
  periodOther: 'Other',
  on: 'On',
  off: 'Off',
  unknown: 'Unknown',
  patchingUnknown: 'Unknown: the service does not report automatic patching, and it was not set from this dashboard.',
  patchingRemembered: 'As last set from this dashboard: the service does not report automatic patching.',
  patchingSetBy: params('Set by {who} on {date}.'),
  unavailable: 'Not available with your key or plan. Ask your provider to enable it.',
  unavailableToast: params('{option} is not available with your key'),
  // Errors shown in the row (the catalogue says why).
  notChanged: params('{option} of {domain} was not changed'),
  optionFirewall: 'The firewall',
  optionCleanup: 'Automatic cleanup',
  optionPatching: 'Automatic patching',
  optionPeriod: 'The scan period',
  optionPermissions: 'Permissions',
  // An option's label beside its control.
  labelFirewall: 'Firewall',
  labelCleanup: 'Automatic cleanup',
  labelPatching: 'Automatic patching',
  labelPeriod: 'Scan period',
  labelPermissions: 'Permissions',
  deleteFailed: params('{domain} was not deleted'),
  unshareFailed: params('{domain} is still shared'),
  dismissError: params('Dismiss the message about {domain}'),
  // Permissions editor (docs/partner-api.md#site_setoption: the bits are not documented; none is named).
  permissionsTitle: params('Permissions of {domain}'),
  permissionsHint:
    'A number whose bits say which features the site’s user may use. The service does not document the bits, so enter the number you were given.',
  permissionsLabel: 'Permissions number',
  permissionsInvalid: 'Enter a whole number from 0 to 2147483647.',
  save: 'Save',
  // Row actions.
  actions: params('Actions for {domain}'),
  openSite: 'Open site page',
  share: 'Share with a customer…',
  unshare: params('Stop sharing with {unit}'),
  removeFirewall: 'Remove firewall…',
  deleteSite: 'Delete site…',
  // The menu items' accessible names: the visible words first, then the row's site (WCAG 2.5.3).
  openSiteOf: params('Open site page, {domain}'),
  shareOf: params('Share with a customer, {domain}'),
  unshareOf: params('Stop sharing with {unit}, {domain}'),
  removeFirewallOf: params('Remove firewall, {domain}'),
  deleteOf: params('Delete site, {domain}'),
  details: params('Details of {domain}'),
  select: params('Select {domain}'),
  selectAll: 'Select all sites that match',
  /** The table's description, for screen readers: how the keyboard moves in it. */
  tableKeys:
    'The table is one Tab stop: Up and Down arrows move between sites, Enter opens one, Space selects it; Right and Left arrows reach a site’s controls, Escape goes back to its row.',
  // Scan now.
  scanStarted: params('Scanning {domain}…'),
  scanDone: params('Scan of {domain} finished'),
  scanDoneClean: 'No threats found.',
  scanDoneThreats: count({ one: '{count} threat remains.', other: '{count} threats remain.' }),
  scanTimeout: params('The scan of {domain} is taking long'),
  scanTimeoutText: 'Its report will appear here when the service has it.',
  scanFailed: params('{domain} could not be scanned'),
  syncMissing: 'The synchronization file is not on this site, so the service cannot scan it.',
  syncMissingNext: 'Download the file and upload it to the site’s root folder, then scan again.',
  syncFileLink: 'Open the sync file page',
  // Remove firewall, delete.
  removeTitle: params('Remove the firewall from {domain}?'),
  removeText:
    'This uninstalls the firewall from the site: it stops blocking attacks. You can install it again by turning the firewall on.',
  removeConfirm: 'Remove firewall',
  removed: params('The firewall was removed from {domain}'),
  deleteTitle: params('Delete {domain}?'),
  deleteText:
    'The site leaves your account with its reports and firewall history, and is no longer shared with its customer. This cannot be undone.',
  deleteConfirm: 'Delete site',
  deleted: params('{domain} was deleted'),
  // Empty states.
  emptyTitle: 'No sites yet',
  emptyText: 'Add your customers’ sites to scan them for malware and protect them with the firewall.',
  emptyAddSites: 'Add sites',
  noMatchTitle: 'No site matches',
  noMatchText: 'No site matches the search and filters.',
  clearFilters: 'Clear filters',
  unitEmpty: params('No site is shared with {unit}.'),
  // Narrow layout detail.
  showDetails: 'Show details',
  hideDetails: 'Hide details',
  added: params('Added {date}'),
});

export type SitesMessages = ReturnType<typeof sitesMessages.get>;

/** Each option's words: in a sentence ("The firewall"), and as the label of its control ("Firewall"). */
function optionWords(t: SitesMessages): Record<SiteOption, { word: string; label: string }> {
  return {
    firewall: { word: t.optionFirewall, label: t.labelFirewall },
    autocleanup: { word: t.optionCleanup, label: t.labelCleanup },
    autopatching: { word: t.optionPatching, label: t.labelPatching },
    scanperiod: { word: t.optionPeriod, label: t.labelPeriod },
    permissions: { word: t.optionPermissions, label: t.labelPermissions },
  };
}

/** An option's word in a sentence, as a row's error, the bulk progress and the toast name it. */
export function optionWord(t: SitesMessages, option: SiteOption): string {
  return optionWords(t)[option].word;
}

/** An option's label beside its control (the site page). */
export function optionLabel(t: SitesMessages, option: SiteOption): string {
  return optionWords(t)[option].label;
}
