/** The words of the signed-in frame: navigation, not-found and error pages. */
import { i18n } from '../../i18n/i18n';

export const shellMessages = /* @__PURE__ */ i18n('shell', {
  navLabel: 'Main',
  menu: 'Menu',
  overview: 'Overview',
  sites: 'Sites',
  units: 'Units',
  activity: 'Activity',
  agency: 'Agency',
  syncFile: 'Sync file',
  developer: 'Developer',
  sessionEnded: 'Your session has ended. Taking you to the sign-in page…',
  errorPageTitle: 'Error',
  notFoundTitle: 'Page not found',
  notFoundText: 'There is no page at this address. It may have moved, or the link is mistyped.',
});
