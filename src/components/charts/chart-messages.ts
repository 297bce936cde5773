/** The words of the shared charts (src/components/charts). */
import { count, i18n, params } from '../../i18n/i18n';

export const chartMessages = /* @__PURE__ */ i18n('charts', {
  firewallTitle: 'Firewall, last 30 days',
  /** The stacked chart's accessible name; {subject} is a domain or "all sites". */
  attacksName: params(
    'Blocked requests per day by attack class, with unique IP addresses blocked, {subject}, {from} to {to} (UTC)',
  ),
  allowedName: params('Allowed requests per day, {subject}, {from} to {to} (UTC)'),
  attacksPanel: 'Blocked requests by attack class (bars, left scale) and unique IPs blocked (line, right scale)',
  allowedPanel: 'Allowed requests',
  tableCaption: params('Firewall requests per day, {subject}, {from} to {to} (UTC)'),
  timeZone: 'Dates are calendar days in UTC.',
  noData: 'no data',
  /** A day in the tooltip: {date} is the full date in the reader's language. */
  tooltipDate: params('{date} (UTC)'),
  noDataDays: count({
    one: '{count} day without data (firewall off, or the site not yet added).',
    other: '{count} days without data (firewall off, or the site not yet added).',
  }),
  allNoData: 'No firewall data for these days: the firewall was off, or the site was not yet added.',
  noHistory: 'The service gave no firewall history.',
  date: 'Date (UTC)',
  allowed: 'Allowed requests',
  blocked: 'Blocked requests',
  dos: 'DoS/DDoS',
  injection: 'XSS/SQL injection',
  uploads: 'Suspicious uploads',
  other: 'Other suspicious activity',
  unclassified: 'Blocked, no class',
  uniqueIps: 'Unique IPs blocked',
  /** Over the period: the API counts unique IPs per day only, so an IP blocked on two days counts twice. */
  uniqueIpsTotal: 'Unique IPs blocked (sum of the daily counts)',
  totalsTitle: 'Totals over the period',
  /** Some days of the period have no data: the totals add up the others. */
  totalsOfDays: count({
    one: 'Totals over the {count} day with data',
    other: 'Totals over the {count} days with data',
  }),
  /** No day of the period has data: no totals, never zeros. */
  totalsNoData: 'No data for any day of the period: there is nothing to add up.',
  total: 'Total',
  /** The table's total row when some days have no data. */
  totalOfDays: count({ one: 'Total, {count} day with data', other: 'Total, {count} days with data' }),
  view: 'Show as',
  viewChart: 'Chart',
  viewTable: 'Table',
  downloadCsv: 'Download CSV',
  loading: 'Loading the chart…',
  loadFailed: 'The chart could not be loaded. The table has the same numbers.',
  tableScroll: params('Firewall table, {subject} (scrolls sideways)'),
});
