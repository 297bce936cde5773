/** The words of how fresh the fleet's figures are (the overview, the site page): the server's read of the fleet. */
import { i18n, params } from '../../i18n/i18n';

export const fleetMessages = /* @__PURE__ */ i18n('fleet', {
  asOf: params('As of {time}'),
  reading: 'Reading the latest figures from the service…',
  firstRead: 'Reading the sites of the account from the service for the first time…',
  refresh: 'Refresh',
  refreshLabel: 'Refresh: read the figures from the service again',
  // A read that failed: the figures shown (if any) are older.
  staleTitle: 'The latest figures could not be read',
  staleShown: params('The figures shown are those as of {time}.'),
  retry: 'Try again',
  keyTitle: 'This key cannot read the figures',
  keyMessage: 'The service refused the key, or the page did not sign the read with it.',
  keyNext: 'Sign out and sign in again; if that does not help, ask for a new key.',
});
