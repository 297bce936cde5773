/** The words of signing in and out (docs/partner-api.md#authorization-methods, docs/partner-api.md#authentication). */
import { count, i18n, params } from '../../i18n/i18n';

export const authMessages = /* @__PURE__ */ i18n('auth', {
  pageTitle: 'Sign in',
  heading: 'Sign in',
  intro: 'Manage the security of your sites and your customers’ sites.',
  panelSignedOut: 'Signed out',
  panelSignedOutText:
    'You are signed out of the security dashboard. Your control panel signs you in again when you come back to it.',
  apiKeyInstead: 'Sign in with an API key instead',
  // Step 1: the e-mail address.
  emailLabel: 'E-mail address',
  emailHint: 'We will e-mail you a one-time code.',
  emailPlaceholder: 'name@example.com',
  emailRequired: 'Enter your e-mail address.',
  emailTooLong: 'This e-mail address is too long.',
  emailInvalid: 'Enter a valid e-mail address, like name@example.com.',
  /** A service error about the address, on the field: its title, then what to do. */
  emailRefused: params('{title}. {next}'),
  sendCode: 'Send me a code',
  sendingCode: 'Sending the code…',
  demoHint: 'Demo: sign in as {email} — the code appears below.',
  useDemoEmail: 'Use the demo e-mail',
  // One-step demo sign-in (sandbox only).
  tryDemo: 'Try the demo',
  tryDemoHint:
    'Signs you in to a demo account of your own with sample sites, no e-mail needed. It resets after a few hours.',
  startingDemo: 'Opening the demo…',
  tryDemoFailed: 'The demo could not be opened',
  // Step 2: the one-time code.
  codeSent: 'We sent a {length}-digit code to {email}.',
  useAnotherEmail: 'Use another e-mail',
  codeLabel: 'One-time code',
  codeHintSpent: 'Send a new code, then enter it here.',
  codeHintExpired: 'The code has expired: send a new one.',
  codeHintExpires: params('The code expires in {time}.'),
  codeRequired: 'Enter the code from the e-mail.',
  codeDigitsOnly: 'The code has digits only.',
  codeLength: count({ one: 'The code has {count} digit.', other: 'The code has {count} digits.' }),
  codeWrongTries: count({
    one: 'This code is not right: {count} try left. Check the code in the latest e-mail.',
    other: 'This code is not right: {count} tries left. Check the code in the latest e-mail.',
  }),
  codeTooMany: 'Too many wrong codes: this code no longer works. Send a new code.',
  codeGone: 'No code is waiting for this e-mail any more. Send a new code.',
  codeWrong: 'This code is not right. Check the latest e-mail.',
  codeExpired: 'This code has expired. Send a new code.',
  rememberDevice: 'Remember this device',
  rememberHint: 'Stay signed in after closing the browser. Leave it off on a shared computer.',
  newCodeSent: params('A new code is on its way to {email}.'),
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  sendNewCode: 'Send a new code',
  sending: 'Sending…',
  // The sandbox's outbox.
  outboxTitle: 'Sandbox outbox',
  outboxIntro: 'This is the demo service: e-mails to {email} are not sent but shown here.',
  outboxSent: 'Sent {time}',
  outboxUsedUp: 'No longer valid: send a new code.',
  useCode: params('Use code {code}'),
  outboxEmpty: 'No code yet. It appears here within a few seconds.',
  // Signing in with a key.
  apiKeyLabel: 'API key',
  apiKeyRequired: 'Enter your API key.',
  macKeyLabel: 'Mac key (optional)',
  macKeyHint: 'The key that signs each request. Leave it empty for a key without signature.',
  keyTooLong: params('A key has at most {max} characters.'),
  keyPrintable: 'Use printable ASCII characters only, without spaces.',
  keyForbidden: 'A key cannot contain “;”, “,”, a double quote or a backslash.',
  keyNotCookie: 'A key cannot be sent as a cookie.',
  keyWithoutUser: 'This key is not linked to a partner account: use a key made by signing in.',
  keyRefused:
    'The service did not accept this key: it is unknown or expired, the mac key does not match, or it may not be used from this network. Check both keys, or sign in with your e-mail instead.',
  signInWithKey: 'Sign in with this key',
  checkingKey: 'Checking the key…',
  // Why the user is back on the sign-in page.
  noticeKeyExpired: 'Your session has ended: your key expired. Sign in again to continue.',
  noticeSessionEnded:
    'Your session has ended: the service no longer accepts your key (it expired, was signed out, or is not allowed from this network). Sign in again to continue.',
  noticeSignOutFailed: params('You are signed out on this device, but the service could not delete the key. {reason}'),
});

export type AuthMessages = ReturnType<typeof authMessages.get>;
