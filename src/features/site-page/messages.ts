/** The words of the site page's header (the reports and charts under it have their own). */
import { i18n, params } from '../../i18n/i18n';

export const sitePageMessages = /* @__PURE__ */ i18n('sitePage', {
  backToSites: 'All sites',
  punycode: params('Punycode: {host}'),
  status: 'Status',
  added: 'Added',
  customer: 'Customer',
  noCustomer: 'None known',
  nextScan: 'Next scan',
  lastScan: 'Last scan',
  options: 'Options',
  firewallHelp:
    'The switch pauses the firewall: it stays installed and can be switched on again at once. “Remove firewall…” uninstalls it from the site.',
  cleanupHelp: 'Threats a scan finds are removed from the site’s files automatically.',
  patchingHelp: 'Known security holes in the site’s software are patched automatically.',
  periodHelp: 'How often the site is scanned on its own; Off: only when you scan it.',
  permissionsHelp: 'Which features the site’s user may use, as a number from the service.',
  scanning: params('Scanning {domain}'),
  scanningHint: 'The service does not report progress: the page checks for the new report, less often as time goes on.',
  openDashboard: 'Open in full dashboard',
  openingDashboard: 'Opening…',
  dashboardFailed: 'The full dashboard could not be opened',
  tabBlocked: 'Your browser blocked the new tab. Open it from here:',
  openHere: 'Open the full dashboard',
  firewallTitle: 'Firewall, last 30 days',
  printReport: 'Print report',
  printReportOf: params('Print report, {domain}'),
  firewallOff: 'The firewall is off: no new traffic is counted until it is switched on.',
  notFoundTitle: 'Site not found',
  notFoundText: params('{domain} is not a site of your account. It may have been deleted, or the address is mistyped.'),
  notFoundReading: params(
    '{domain} was not in your account when the dashboard last read it. It is reading your account again now: if the site was added since, it shows here.',
  ),
});
