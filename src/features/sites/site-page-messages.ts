/** The words of the site page's header (the reports and charts under it have their own). */
import { i18n, params } from '../../i18n/i18n';

export const sitePageMessages = /* @__PURE__ */ i18n('sitePage', {
  backToSites: 'All sites',
  punycode: params('Punycode: {host}'),
  status: 'Status',
  added: 'Added',
  nextScan: 'Next scan',
  lastScan: 'Last scan',
  options: 'Options',
  firewall: 'Firewall',
  cleanup: 'Automatic cleanup',
  patching: 'Automatic patching',
  period: 'Scan period',
  permissions: 'Permissions',
  scanning: params('Scanning {domain}'),
  scanningHint: 'The service does not report progress: the page checks for the new report, less often as time goes on.',
  openDashboard: 'Open in full dashboard',
  openingDashboard: 'Opening…',
  dashboardFailed: 'The full dashboard could not be opened',
  tabBlocked: 'Your browser blocked the new tab. Open it from here:',
  openHere: 'Open the full dashboard',
  notFoundTitle: 'Site not found',
  notFoundText: params('{domain} is not a site of your account. It may have been deleted, or the address is mistyped.'),
});
