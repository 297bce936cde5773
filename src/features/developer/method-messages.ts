/**
 * What each method of the partner API does, in the user's language: the
 * developer console's own words (docs/partner-api.md). The service's
 * `description` from api_methoddata is shown beside them, labelled as the
 * service's, in the service's language.
 */
import { i18n } from '../../i18n/i18n';

export const methodMessages = /* @__PURE__ */ i18n('developerMethods', {
  signup: 'Sends a one-time password to the e-mail address of an existing or a new user.',
  signin: 'Checks the one-time password, creates the user when new, and issues a key pair.',
  signout: 'Deletes the key in use; only keys issued by signin can be deleted.',
  dashboard: 'A sign-in address of the service’s own dashboard for the user, valid for 24 hours.',
  agency_update: 'Creates or updates the agency record of the account.',
  agency_delete: 'Deletes the agency record; ignore leaves out the error when there is none.',
  agency_view: 'The agency record of the account.',
  syncfile_get: 'The synchronization file (PHP) to upload to a site’s root folder, under the name it comes with.',
  api_methodlist: 'The names of the methods the key in use may call.',
  api_methoddata: 'What one method takes and which errors it can answer.',
  api_keyinfo: 'What the service knows of the key in use.',
  api_userinfo: 'The user the key in use belongs to, or null.',
  api_test: 'For testing: answers with the request it received; err makes it fail, raw answers only the result.',
  sites_add: 'Adds sites, and can share each with a customer (unit); refusals come per site in the result.',
  sites_list: 'The sites of the account, or of one unit, with scan reports and firewall history when asked.',
  site_delete: 'Deletes a site; ignore leaves out the error when the site is not there.',
  site_unshare: 'Stops sharing a site with a unit.',
  site_setoption: 'Sets one option of a site: permissions, autocleanup, autopatching, firewall or scanperiod.',
  site_scan: 'Starts a scan of a site through its synchronization file.',
  unit_update: 'Changes the e-mail address of a unit; the sites shared with it follow.',
  unit_delete: 'Deletes a unit; withsites deletes its sites too, ignore leaves out the error when it is not there.',
});

export type MethodWords = ReturnType<typeof methodMessages.get>;

/** Our description of a method; undefined for a method this dashboard does not know. */
export function methodDescription(words: MethodWords, name: string): string | undefined {
  return Object.hasOwn(words, name) ? words[name as keyof MethodWords] : undefined;
}
