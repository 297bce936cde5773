/** Authorization by e-mail (spec §4.1). */
import { BOTH, DB_ERROR, RE, SIGNIN, type MethodDef } from './define.ts';

export const ACCOUNT_METHODS = [
  {
    name: 'signup',
    description: 'Send a one-time password to the e-mail of an existing or new user.',
    errprefix: 111,
    errors: [
      { name: 'otpNotSent', message: 'Failed to send the one-time password by e-mail' },
      { name: 'registrationNotAllowed', message: 'Registration is not allowed' },
    ],
    path: [{ name: 'email', re: RE.email, kind: 'email' }],
    argv: {},
    flags: [],
    keys: BOTH,
  },
  {
    name: 'signin',
    description: 'Check the one-time password, create the user if new, and issue a key pair.',
    errprefix: 112,
    errors: [
      { name: 'unknownEmailOrOtp', message: 'The e-mail or password is unknown' },
      { name: 'userNotCreated', message: 'Failed to create the new user' },
      { name: 'welcomeNotSent', message: 'Failed to send the registration e-mail' },
      { name: 'keyNotGenerated', message: 'Failed to generate the new API key' },
      { name: 'incompatibleAccount', message: 'Incompatible account type' },
    ],
    path: [
      { name: 'email', re: RE.email, kind: 'email' },
      { name: 'otp', re: RE.otp, kind: 'otp' },
    ],
    argv: {},
    flags: [],
    keys: BOTH,
  },
  {
    name: 'signout',
    description: 'Delete the API key in use; only keys created by signin can be deleted.',
    errprefix: 113,
    // Spec §7.3: a storage failure and "only keys created by signin can be deleted" share 113900.
    errors: [DB_ERROR],
    path: [],
    argv: {},
    flags: [],
    keys: BOTH,
  },
  {
    name: 'dashboard',
    description: 'A dashboard login URL for the user, valid for 24 hours.',
    errprefix: 114,
    errors: [],
    path: [],
    argv: {},
    flags: [],
    keys: SIGNIN,
  },
] as const satisfies readonly MethodDef[];
