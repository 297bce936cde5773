/** The words of the "Add sites" dialog: the box, the file, the preview and the results. */
import { count, i18n, params } from '../../i18n/i18n';

export const addSitesMessages = /* @__PURE__ */ i18n('addSites', {
  title: 'Add sites',
  description:
    'One site per line: a domain name, a full address (https://…), punycode or an international name. To share a site with a customer, put their e-mail after it, separated by a comma, a semicolon or a tab.',
  boxLabel: 'Sites to add',
  boxHint: 'For example: shop.example.com, or bücher.example,owner@customer.example',
  pickFile: 'Choose a CSV file…',
  fileHint:
    'A CSV file with a domain per row and, optionally, a customer e-mail in the second column; a header row is fine.',
  fileRead: params('Read {file} into the box.'),
  fileUnreadable: params('{file} could not be read as text.'),
  preview: 'Check before adding',
  previewEmpty: 'Type or paste sites above: each line is checked here before anything is sent.',
  colLine: 'Line',
  colSite: 'Site',
  colResult: 'What happens',
  willAdd: 'Will be added',
  willAddShare: params('Will be added and shared with {unit}'),
  exists: 'Already in your account: nothing to add',
  existsShare: params('Already in your account: will be shared with {unit}'),
  superseded: params('Same site as line {line}, which is used'),
  summary: params('{add} to add, {problems} to fix'),
  toAdd: count({ one: '{count} site to add', other: '{count} sites to add' }),
  toFix: count({ one: '{count} line to fix', other: '{count} lines to fix' }),
  moreLines: count({ one: 'and {count} more line', other: 'and {count} more lines' }),
  // Problems found before sending.
  empty: 'Empty',
  scheme: 'Only http:// and https:// addresses can be added.',
  ip: 'An IP address is not a site: enter its domain name.',
  noDot: 'Not a domain name: a domain has a dot, like example.com.',
  invalid: 'Not a valid domain name.',
  tooLong: 'Too long for a domain name (at most 253 characters).',
  invisible: 'The name holds an invisible formatting character (such as a right-to-left mark): type it again.',
  badEmail: 'The customer e-mail is not a valid e-mail address.',
  onlyEmail: 'This is an e-mail address, not a site: write the site first, then the e-mail after a comma.',
  userPart: 'An address with a user name (user@…) is not a site: write the site’s address without it.',
  tooManyCells:
    'More than a site and an e-mail: write the site, then optionally the customer’s e-mail after one comma, semicolon or tab.',
  needsAgency: 'Sharing needs your agency profile: fill it in on the Agency page first.',
  agencyLink: 'Open the agency page',
  // Sending.
  submit: count({ one: 'Add {count} site', other: 'Add {count} sites' }),
  sending: params('Adding… {done} of {total}'),
  progress: 'Adding sites',
  added: count({ one: '{count} site added.', other: '{count} sites added.' }),
  notAdded: count({
    one: 'The line left in the box was not added: its reason is next to it.',
    other: 'The {count} lines left in the box were not added: each reason is next to its line.',
  }),
  refused: 'Refused by the service',
  planFull: count({
    one: 'Your plan has no room for more sites: {count} site did not fit.',
    other: 'Your plan has no room for more sites: {count} sites did not fit.',
  }),
  planFullNext: 'Upgrade your plan, or delete sites you no longer need, then add the rest.',
  planLine: 'Not added: your plan has no room for more sites.',
  notSentLine: 'Not sent: adding stopped after an error.',
  done: 'Done',
  close: 'Close',
});
