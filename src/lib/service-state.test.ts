import { describe, expect, it } from 'vitest';
import { ApiError, TransportError } from '../api/errors';
import { isServiceUnavailable } from './service-state';

describe('isServiceUnavailable', () => {
  it('is true when the service is down or unreachable', () => {
    expect(isServiceUnavailable(new ApiError({ method: 'api_keyinfo', code: 500, message: 'down' }))).toBe(true);
    for (const kind of ['network', 'timeout', 'bad-response'] as const) {
      expect(isServiceUnavailable(new TransportError({ method: 'api_keyinfo', kind, message: kind }))).toBe(true);
    }
    expect(
      isServiceUnavailable(new TransportError({ method: 'syncfile_get', kind: 'http', status: 503, message: 'x' })),
    ).toBe(true);
  });

  it('is false when the service answered and refused', () => {
    expect(isServiceUnavailable(new ApiError({ method: 'api_keyinfo', code: 502, message: 'auth' }))).toBe(false);
    expect(
      isServiceUnavailable(new TransportError({ method: 'syncfile_get', kind: 'http', status: 403, message: 'no' })),
    ).toBe(false);
    expect(isServiceUnavailable(new Error('other'))).toBe(false);
  });
});
