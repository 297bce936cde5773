/** The words of the account menu and the header's brand. */
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
});

export type AccountMessages = ReturnType<typeof accountMessages.get>;
