/** The words of the language menu (the languages' names are their own, from Intl.DisplayNames). */
import { i18n } from '../../i18n/i18n';

export const languageMessages = /* @__PURE__ */ i18n('language', {
  label: 'Language',
});
