/**
 * The texts of the method errors met once signed in (sites, units, agency, the
 * API methods): a title, a message and a next step each, as error-messages.ts
 * has them for signing in. Loaded by `loadSignedInErrorTexts()` (error-text.ts)
 * before any signed-in page shows, so the login page does not carry them.
 */
import { i18n } from './i18n';
import type { SignedInErrorId, Texts } from './error-messages';

const TEST_ERROR = {
  title: 'Test error',
  message: 'api_test failed because the request asked it to (the err argument).',
  next: 'Nothing to fix. Leave out err to get a normal answer.',
};

export const methodErrorMessages = /* @__PURE__ */ i18n('methodErrors', {
  // Shared meanings (docs/partner-api.md#method-errors) the sign-in never meets.
  siteNotFoundTitle: 'Site not found',
  siteNotFoundMessage: 'This site is not in your account. It may have been deleted already.',
  siteNotFoundNext: 'Reload the list of sites.',
  unitNotFoundTitle: 'Customer not found',
  unitNotFoundMessage: 'No end customer (unit) has this e-mail address. It may have been renamed or deleted.',
  unitNotFoundNext: 'Check the e-mail address, or reload the list of customers and try again.',
  noAgencyTitle: 'No agency profile yet',
  noAgencyMessage: 'Your account has no agency profile.',
  noAgencyNext: 'Fill in the agency form to create one.',
  // Agency (docs/partner-api.md#agency-methods).
  agency_delete_noAgencyTitle: 'No agency profile',
  agency_delete_noAgencyMessage: 'There is no agency profile to delete.',
  agency_delete_noAgencyNext: 'Nothing to do. Create a profile on the Agency page when you need one.',
  // Sites (docs/partner-api.md#site-methods).
  upgradeRequiredTitle: 'Site limit reached',
  upgradeRequiredMessage: 'Your subscription plan allows no more sites.',
  upgradeRequiredNext: 'Upgrade your plan, or delete sites you no longer need, then add them again.',
  notSharedTitle: 'Not shared with this customer',
  notSharedMessage: 'This site is not shared with this end customer, so there is nothing to unshare.',
  notSharedNext: 'Reload the site to see whom it is shared with.',
  invalidOptionTitle: 'Invalid setting',
  invalidOptionMessage: 'The service did not accept this option or value.',
  invalidOptionNext: 'Choose one of the offered values and try again.',
  operationFailedTitle: 'The setting could not be applied',
  operationFailedMessage: 'The service accepted the setting but could not apply it to the site.',
  operationFailedNext: 'Check that the site is online and its synchronization file is installed, then try again.',
  permissionDeniedTitle: 'Not available with your key',
  permissionDeniedMessage: 'This option is not available with your key or subscription plan.',
  permissionDeniedNext: 'Ask your provider to enable it for your account.',
  notAvailableTitle: 'This site cannot be scanned yet',
  notAvailableMessage:
    'Scanning is not available for this site, usually because its synchronization file is not installed.',
  notAvailableNext: 'Download the synchronization file, upload it to the root folder of the site, then scan again.',
  scannerFailedTitle: 'The scan could not start',
  scannerFailedMessage: 'The scanner failed to start for this site.',
  scannerFailedNext: 'Try again in a few minutes.',
  // The API itself (docs/partner-api.md#common-methods).
  listFailedTitle: 'Method list unavailable',
  listFailedMessage: 'The service could not list the methods your key may use.',
  listFailedNext: 'Try again.',
  unknownMethodTitle: 'Unknown method',
  unknownMethodMessage: 'No method has this name, or your key may not use it.',
  unknownMethodNext: 'Pick a name from the method list.',
  testError0Title: `${TEST_ERROR.title} 0`,
  testError0Message: TEST_ERROR.message,
  testError0Next: TEST_ERROR.next,
  testError1Title: `${TEST_ERROR.title} 1`,
  testError1Message: TEST_ERROR.message,
  testError1Next: TEST_ERROR.next,
} satisfies Texts<SignedInErrorId>);
