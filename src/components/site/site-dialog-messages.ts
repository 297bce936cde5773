/** The words of the sites' dialogs: share with a customer, and the scan toasts' links. */
import { count, i18n, params } from '../../i18n/i18n';

export const siteDialogMessages = /* @__PURE__ */ i18n('siteDialogs', {
  shareTitle: params('Share {domain} with a customer'),
  shareManyTitle: count({ one: 'Share {count} site with a customer', other: 'Share {count} sites with a customer' }),
  shareText:
    'The customer (a unit, known by an e-mail address) can then manage the site. A site is shared with one customer at most: sharing it moves it from anyone it was shared with.',
  shareEmail: 'Customer’s e-mail address',
  shareSubmit: 'Share',
  shared: params('Shared with {unit}'),
  sharedCount: count({ one: '{count} site shared.', other: '{count} sites shared.' }),
  shareFailed: params('Not shared with {unit}'),
  emailRequired: 'Enter the customer’s e-mail address.',
  emailTooLong: 'An e-mail address has at most 254 characters.',
  emailInvalid: 'Enter an e-mail address like name@example.com.',
  needsAgencyTitle: 'Sharing needs your agency profile',
  needsAgencyText:
    'Customers see whose service they use: fill in your agency profile (at least its name and e-mail) before you share sites.',
  agencyLink: 'Open the agency page',
  agencyLoading: 'Checking your agency profile…',
  unshared: params('{domain} is no longer shared with {unit}'),
});
