/** The words of the shared components (src/components/ui). */
import { i18n, params } from './i18n';

export const componentMessages = /* @__PURE__ */ i18n('components', {
  errorCode: params('Error code {code}'),
  /** The error panel after a retry that failed too. */
  triedAgain: params('Tried again at {time}: still not working.'),
  /** Until when a rate limit's refusal lasts (a time of day). */
  retryAt: params('You can try again at {time}.'),
  retryNow: 'You can try again now.',
  dialogClose: 'Close',
  /** Each toast, to screen readers. */
  toastLabel: 'Notification',
  /** The region of toasts; Radix puts the key that reaches it (F8) in {hotkey}. */
  toastRegion: 'Notifications ({hotkey})',
  toastDismiss: 'Dismiss',
  selectPlaceholder: 'Choose…',
});
