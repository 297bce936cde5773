/** The words of the account menu, the header's brand and the demo banner. */
import { i18n, params } from '../../i18n/i18n';

export const accountMessages = /* @__PURE__ */ i18n('account', {
  menuLabel: 'Account menu',
  menuLabelWithEmail: params('Account menu, {email}'),
  account: 'Account',
  signedInAs: 'Signed in as',
  signedInWithKey: 'Signed in with an API key',
  noEmail: 'No user e-mail for this key',
  neverExpires: 'Never expires',
  expires: params('Expires {date}'),
  expiryNotReported: 'Expiry not reported',
  /** An expiry the service gave in a form we do not know, shown as given. */
  expiresRaw: params('Expires: {value}'),
  openDashboard: 'Open full dashboard',
  openingDashboard: 'Opening the full dashboard…',
  dashboardFailed: 'The full dashboard could not be opened',
  tabBlocked: 'Your browser blocked the new tab.',
  tabBlockedHelp: 'Open it from here instead: a fresh sign-in link is made when you click.',
  openDashboardHere: 'Open the dashboard',
  demoBannerTitle: 'This is a demo account of your own',
  demoBanner: params(
    'Change anything: nobody else sees it. At {time} it resets: everything you changed is removed and you are signed out.',
  ),
});

export type AccountMessages = ReturnType<typeof accountMessages.get>;
