/** The words of the person's name (the account menu, and the question before the first change). */
import { i18n, params } from '../../i18n/i18n';

export const nameMessages = /* @__PURE__ */ i18n('personName', {
  menuItem: 'Your name',
  menuItemNamed: params('Your name: {name}'),
  dialogTitle: 'Your name',
  dialogDescription:
    'Shown beside your changes in the Activity log, so colleagues signed in with the same e-mail can tell who did what. It is kept for this sign-in (this key) only.',
  promptTitle: 'Before your first change: who is making it?',
  promptDescription:
    'Your team’s Activity log names who changed what. Colleagues often share one e-mail, so give the name to show beside your changes from this browser.',
  label: 'Your name',
  placeholder: 'e.g. Ana',
  tooLong: 'Use at most 80 characters.',
  save: 'Save',
  saving: 'Saving…',
  skip: 'Continue without a name',
  cancel: 'Cancel',
  saveFailed: 'Your name could not be saved. Try again, or continue without a name for now.',
});
