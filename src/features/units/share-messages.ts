/** Sharing from the units page needs the agency record (docs/partner-api.md#sites_add): what the page says when it is missing. */
import { i18n } from '../../i18n/i18n';

export const unitShareMessages = /* @__PURE__ */ i18n('unitShare', {
  needsAgencyTitle: 'Sharing needs your agency profile',
  needsAgencyText:
    'Customers see whose service they use: fill in your agency profile (at least its name and e-mail) before you share sites.',
  agencyLink: 'Open the agency page',
});
