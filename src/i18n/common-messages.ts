/** Words shared across the dashboard: the product, the frame of every page, common actions. */
import { i18n, params } from './i18n';

export const commonMessages = /* @__PURE__ */ i18n('common', {
  productName: 'Partner Security Dashboard',
  /** The document title of a page: "Sites · Partner Security Dashboard". */
  pageTitle: params('{page} · {product}'),
  skipToContent: 'Skip to content',
  retry: 'Retry',
  retrying: 'Retrying…',
  close: 'Close',
  cancel: 'Cancel',
  signOut: 'Sign out',
  goToOverview: 'Go to the overview',
});
