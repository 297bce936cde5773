import { describe, expect, it } from 'vitest';
import { classifyError } from './error-catalogue.ts';
import { ApiError, TransportError } from './errors.ts';
import { fromWire, toWire } from './wire-error.ts';

/** What crosses to the page is what structured clone keeps: plain data. */
const crossed = <T>(value: T): T => structuredClone(value);

describe('errors from a worker', () => {
  it('come back as the ApiError the catalogue and the session guard read', () => {
    const sent = new ApiError({ method: 'sites_list', code: 502, message: 'Authorization error', retryAfter: 3 });
    const back = fromWire(crossed(toWire(sent)));
    expect(back).toBeInstanceOf(ApiError);
    expect(back).toMatchObject({ method: 'sites_list', code: 502, message: 'Authorization error', retryAfter: 3 });
    expect(classifyError(back)).toEqual(classifyError(sent));
  });

  it('come back as the TransportError of the same kind, and anything else as an Error with its message', () => {
    const sent = new TransportError({ method: 'sites_list', kind: 'timeout', message: 'no answer', status: 504 });
    const back = fromWire(crossed(toWire(sent)));
    expect(back).toBeInstanceOf(TransportError);
    expect(back).toMatchObject({ method: 'sites_list', kind: 'timeout', message: 'no answer', status: 504 });
    expect(classifyError(back)).toEqual(classifyError(sent));
    expect(fromWire(crossed(toWire(new RangeError('odd'))))).toMatchObject({ message: 'odd' });
  });
});
