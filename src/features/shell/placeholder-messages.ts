/** What the pages still to be built will do (src/routes/_auth/*, until their issues land). */
import { i18n } from '../../i18n/i18n';

export const placeholderMessages = /* @__PURE__ */ i18n('placeholders', {
  overviewIntro: 'The state of your whole fleet at a glance, so you see first what needs attention.',
  overview1:
    'Sites that need attention: threats found, incurable threats, suspicious files, never scanned, sync file missing.',
  overview2: 'Firewall traffic across all sites over the last 30 days, by attack class.',
  overview3: 'Scan and firewall coverage: how many sites scan on schedule and have the firewall on.',
  sitesIntro: 'Every site in your account, with its scans, firewall and options.',
  sites1: 'A table that stays fast with thousands of sites: search, filters and sort kept in the address.',
  sites2: 'Per-site options: firewall, automatic cleanup and patching, scan period, permissions.',
  sites3: 'Scan now, with progress until the new report arrives.',
  sites4: 'Add sites by pasting a list or a CSV file, with each site’s error shown next to it.',
  sites5: 'Bulk changes, CSV export, sharing with and unsharing from customers (units).',
  sites6: 'A page per site with its whole scan report and 30-day firewall history.',
  unitsIntro: 'Your end customers (units), each known by an e-mail address, and the sites shared with them.',
  units1:
    'The customers this dashboard has seen, each checked with the service. The service does not offer a list of your customers, so the dashboard keeps its own: everyone you share sites with here, and every address you look up.',
  units2: 'Rename a customer’s e-mail: all sites shared with them follow.',
  units3: 'Delete a customer, keeping or deleting their sites.',
});
