/** The words of the printable client reports (/sites/<domain>/report, /units/<email>/report). */
import { count, i18n, params } from '../../i18n/i18n';

export const clientReportMessages = /* @__PURE__ */ i18n('clientReport', {
  title: 'Website security report',
  /** The page title: {subject} is a domain or a customer's e-mail. */
  pageTitle: params('Security report, {subject}'),
  /** The document's title, white-labelled: {agency} is the agency's title. */
  documentTitle: params('{agency}: security report, {subject}'),
  forSite: params('For {domain}'),
  forUnit: params('For {unit}'),
  period: params('Period: {from} to {to} (UTC)'),
  prepared: params('Prepared on {date}'),
  sites: count({ one: '{count} website', other: '{count} websites' }),
  print: 'Print report',
  back: 'Back',
  printHint: 'Choose A4 or Letter in the print dialog; "Save as PDF" makes a document to send.',
  facts: 'Protection',
  firewall: 'Firewall',
  cleanup: 'Automatic cleanup',
  on: 'On',
  off: 'Off',
  lastScan: 'Last scan',
  nextScan: 'Next scan',
  never: 'Never',
  none: 'Not scheduled',
  noSites: 'No websites are shared with this customer.',
  summaryTitle: 'Your websites at a glance',
  summarySite: 'Website',
  summaryState: 'State',
  stateNever: 'Not scanned yet',
  stateThreats: count({
    one: '{count} threat remaining: needs action',
    other: '{count} threats remaining: needs action',
  }),
  stateDoubt: 'Suspicious files found: to be checked',
  stateCleaned: 'Clean: the threats found were removed',
  stateClean: 'Clean',
  siteMissing: params('{domain} is not a site of this account.'),
  contact: params('Questions? {email}'),
});
