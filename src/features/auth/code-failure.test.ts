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
  it('gives the service’s reason while tries are left, and the code still works', () => {
    expect(describeCodeFailure(wrong('Wrong one-time password; 3 tries left'), false, t)).toEqual({
      message: 'Wrong one-time password; 3 tries left. Check the code in the latest e-mail.',
      spent: false,
    });
  });

  it.each([
    'Too many wrong tries: this one-time password no longer works; ask for a new one',
    'The one-time password has expired: ask for a new one',
    'No pending one-time password for this e-mail: ask for a new one (signup)',
  ])('marks the code spent when the service says so: %s', (info) => {
    const failure = describeCodeFailure(wrong(info), false, t);
    expect(failure?.spent).toBe(true);
    expect(failure?.message).toBe(`${info}.`);
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

  it('keeps a `$` in the service’s reason as written', () => {
    expect(describeCodeFailure(wrong('Code $& was wrong'), false, t)?.message).toBe(
      'Code $& was wrong. Check the code in the latest e-mail.',
    );
  });

  it('bounds a long reason', () => {
    const failure = describeCodeFailure(wrong(`x${'y'.repeat(500)}`), false, t);
    expect(failure?.message.startsWith(`X${'y'.repeat(199)}.`)).toBe(true);
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
