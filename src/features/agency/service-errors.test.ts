import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { serviceProblems } from './service-errors';

const refusal = (errorinfo: string, code = 503) =>
  new ApiError({ method: 'agency_update', code, message: 'Invalid request format', errorinfo });

describe('serviceProblems', () => {
  it('reads the sandbox’s "one problem per field" onto the fields it names', () => {
    expect(serviceProblems(refusal('email is not valid; title is required; logourl must begin with http://'))).toEqual({
      fields: { email: 'invalid', title: 'required', logourl: 'invalid' },
      other: [],
    });
  });

  it('keeps problems that name no field in the service’s words, and ignores other errors', () => {
    expect(serviceProblems(refusal('The body must be a JSON object with the agency fields'))).toEqual({
      fields: {},
      other: ['The body must be a JSON object with the agency fields'],
    });
    expect(serviceProblems(refusal('title is required', 121900))).toBeNull();
    expect(serviceProblems(new Error('title is required'))).toBeNull();
  });
});
