import { describe, expect, it } from 'vitest';
import { ApiError, TransportError } from '../../api/errors';
import { describeCodeFailure, WRONG_CODE } from './code-failure';

const wrong = (errorinfo: string) =>
  new ApiError({ method: 'signin', code: WRONG_CODE, message: 'The e-mail or password is unknown', errorinfo });

describe('describeCodeFailure', () => {
  it('gives the service’s reason while tries are left, and the code still works', () => {
    expect(describeCodeFailure(wrong('Wrong one-time password; 3 tries left'), false)).toEqual({
      message: 'Wrong one-time password; 3 tries left. Check the code in the latest e-mail.',
      spent: false,
    });
  });

  it.each([
    'Too many wrong tries: this one-time password no longer works; ask for a new one',
    'The one-time password has expired: ask for a new one',
    'No pending one-time password for this e-mail: ask for a new one (signup)',
  ])('marks the code spent when the service says so: %s', (info) => {
    const failure = describeCodeFailure(wrong(info), false);
    expect(failure?.spent).toBe(true);
    expect(failure?.message).toBe(`${info}.`);
  });

  it('falls back to its own words when the service gave no reason', () => {
    expect(describeCodeFailure(wrong(''), false)).toEqual({
      message: 'This code is not right. Check the latest e-mail.',
      spent: false,
    });
    expect(describeCodeFailure(wrong('  '), true)).toEqual({
      message: 'This code has expired. Send a new code.',
      spent: true,
    });
  });

  it('bounds a long reason', () => {
    const failure = describeCodeFailure(wrong(`x${'y'.repeat(500)}`), false);
    expect(failure?.message.startsWith(`X${'y'.repeat(199)}.`)).toBe(true);
  });

  it('leaves every other failure to the page', () => {
    expect(describeCodeFailure(new ApiError({ method: 'signin', code: 112901, message: 'x' }), false)).toBeNull();
    expect(
      describeCodeFailure(new TransportError({ method: 'signin', kind: 'network', message: 'x' }), true),
    ).toBeNull();
    expect(describeCodeFailure(null, true)).toBeNull();
  });
});
