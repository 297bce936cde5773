/** The words of the theme switch. */
import { i18n } from '../../i18n/i18n';

export const themeMessages = /* @__PURE__ */ i18n('theme', {
  legend: 'Theme',
  system: 'System theme',
  light: 'Light theme',
  dark: 'Dark theme',
});
