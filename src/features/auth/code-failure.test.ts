import { describe, expect, it } from 'vitest';
import { ApiError, TransportError } from '../../api/errors';
import { errorCode } from '../../api/registry';
import { describeCodeFailure } from './code-failure';
import { authMessages } from './messages';

const t = authMessages.get();
const WRONG_CODE = errorCode('signin', 'unknownEmailOrOtp');
const wrong = (errorinfo: string) =>
  new ApiError({ method: 'signin', code: WRONG_CODE, message: 'The e-mail or password is unknown', errorinfo });

describe('describeCodeFailure', () => {
  it('says in our words how many tries are left, never in the service’s', () => {
    expect(describeCodeFailure(wrong('Wrong one-time password; 3 tries left'), false, t)).toEqual({
      message: 'This code is not right: 3 tries left. Check the code in the latest e-mail.',
      spent: false,
    });
    expect(describeCodeFailure(wrong('Wrong one-time password; 1 try left'), false, t)?.message).toBe(
      'This code is not right: 1 try left. Check the code in the latest e-mail.',
    );
    // A reason it does not know: ours, not the service's text in another language.
    expect(describeCodeFailure(wrong('Falscher Code $& (intern)'), false, t)).toEqual({
      message: 'This code is not right. Check the latest e-mail.',
      spent: false,
    });
  });

  it.each([
    ['Too many wrong tries: this one-time password no longer works; ask for a new one', 'codeTooMany'],
    ['The one-time password has expired: ask for a new one', 'codeExpired'],
    ['No pending one-time password for this e-mail: ask for a new one (signup)', 'codeGone'],
  ] as const)('marks the code spent when the service says so: %s', (info, key) => {
    expect(describeCodeFailure(wrong(info), false, t)).toEqual({ message: t[key], spent: true });
  });

  it('falls back to its own words when the service gave no reason', () => {
    expect(describeCodeFailure(wrong(''), false, t)).toEqual({
      message: 'This code is not right. Check the latest e-mail.',
      spent: false,
    });
    expect(describeCodeFailure(wrong('  '), true, t)).toEqual({
      message: 'This code has expired. Send a new code.',
      spent: true,
    });
  });

  it('leaves every other failure to the page, a rate limit’s wait included', () => {
    expect(describeCodeFailure(new ApiError({ method: 'signin', code: 112901, message: 'x' }), false, t)).toBeNull();
    expect(
      describeCodeFailure(new ApiError({ method: 'signin', code: 500, message: 'x', retryAfter: 600 }), false, t),
    ).toBeNull();
    expect(
      describeCodeFailure(new TransportError({ method: 'signin', kind: 'network', message: 'x' }), true, t),
    ).toBeNull();
    expect(describeCodeFailure(null, true, t)).toBeNull();
  });
});
