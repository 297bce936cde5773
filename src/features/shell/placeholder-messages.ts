/** What the pages still to be built will do (src/routes/_auth/*, until their issues land). */
import { i18n } from '../../i18n/i18n';

export const placeholderMessages = /* @__PURE__ */ i18n('placeholders', {
  overviewIntro: 'The state of your whole fleet at a glance, so you see first what needs attention.',
  overview1:
    'Sites that need attention: threats found, incurable threats, suspicious files, never scanned, sync file missing.',
  overview2: 'Firewall traffic across all sites over the last 30 days, by attack class.',
  overview3: 'Scan and firewall coverage: how many sites scan on schedule and have the firewall on.',
});
