/** What the pages still to be built will do (src/routes/_auth/*, until their issues land). */
import { i18n } from '../../i18n/i18n';

export const placeholderMessages = /* @__PURE__ */ i18n('placeholders', {
  overviewIntro: 'The state of your whole fleet at a glance, so you see first what needs attention.',
  overview1:
    'Sites that need attention: threats found, incurable threats, suspicious files, never scanned, sync file missing.',
  overview2: 'Firewall traffic across all sites over the last 30 days, by attack class.',
  overview3: 'Scan and firewall coverage: how many sites scan on schedule and have the firewall on.',
  agencyIntro: 'Your agency profile: the name and logo your customers see, contact and bank details.',
  agency1: 'Create, edit and delete the agency profile, every field checked before it is sent.',
  agency2: 'Your name and logo in this dashboard’s header and on printable client reports.',
  agency3: 'A profile is needed before sites can be shared with customers.',
  syncFileIntro: 'The synchronization file connects a site to the security service; scans run through it.',
  syncFile1: 'Download your synchronization file under the exact name it must carry.',
  syncFile2: 'A step-by-step guide to upload it to each site’s root folder.',
  syncFile3: 'Which sites still miss the file.',
  developerIntro: 'Tools for integrators: what your key can do, and a playground for the API.',
  developer1: 'The methods available to your key, with their parameters and error codes.',
  developer2: 'Your key’s and user’s details as the service reports them.',
  developer3: 'An api_test playground that shows the signed request and the raw answer.',
});
