import { describe, expect, it } from 'vitest';
import { catalogueEntry, describeError } from './error-catalogue';
import { ApiError, TransportError } from './errors';
import { METHOD_ERRORS } from './registry';

// Spec §7.3, copied from the table (113900 appears there twice, with two meanings).
const SPEC_METHOD_CODES = [
  111900, 111901, 112900, 112901, 112902, 112903, 112904, 113900, 121900, 122900, 122901, 123900, 131900, 131901,
  132900, 132901, 141900, 142900, 143900, 143901, 144900, 144901, 144902, 144903, 145900, 145901, 145902, 145903,
  145904, 146900, 146901, 146902, 101900, 102900, 100900, 100901,
];
const SYSTEM_CODES = [500, 501, 502, 503, 504, 505];

const registryCodes = METHOD_ERRORS.map((e) => e.code);

const apiError = (code: number) => new ApiError({ method: 'x', code, message: `service text ${code}`, errorinfo: '' });

describe('error catalogue', () => {
  it('the registry states exactly the method codes of spec §7.3', () => {
    const byValue = (a: number, b: number) => a - b;
    expect([...registryCodes].sort(byValue)).toEqual([...SPEC_METHOD_CODES].sort(byValue));
  });

  it.each([...SYSTEM_CODES, ...SPEC_METHOD_CODES])('code %i has a title, a message and a next step', (code) => {
    const entry = catalogueEntry(code);
    expect(entry, `no text for ${code}`).toBeDefined();
    expect(entry?.title.trim()).not.toBe('');
    expect(entry?.message.trim()).not.toBe('');
    expect(entry?.next.trim()).not.toBe('');

    const described = describeError(apiError(code));
    expect(described).toEqual({ code, ...entry, sessionEnded: code === 502 });
  });

  it('502 ends the session, no other code does', () => {
    expect(describeError(apiError(502)).sessionEnded).toBe(true);
    for (const code of [...SYSTEM_CODES, ...SPEC_METHOD_CODES].filter((c) => c !== 502)) {
      expect(describeError(apiError(code)).sessionEnded).toBe(false);
    }
  });

  it('an unknown code gets a generic text that still shows the code', () => {
    expect(catalogueEntry(146999)).toBeUndefined();
    const d = describeError(apiError(146999));
    expect(d.code).toBe(146999);
    expect(d.title).toContain('146999');
    expect(d.message).toBe('service text 146999');
    expect(d.next).toContain('146999');
    expect(d.sessionEnded).toBe(false);
  });

  it.each(['network', 'timeout', 'bad-response'] as const)(
    'a %s failure reads as service unavailable, with retry',
    (kind) => {
      const d = describeError(new TransportError({ method: 'sites_list', kind, message: 'detail' }));
      expect(d.title).toBe('Service unavailable');
      expect(d.next).toMatch(/retry/i);
      expect(d.code).toBeUndefined();
      expect(d.sessionEnded).toBe(false);
    },
  );

  it("an HTTP refusal of syncfile_get shows the service's own message", () => {
    const d = describeError(
      new TransportError({ method: 'syncfile_get', kind: 'http', status: 404, message: 'File not available' }),
    );
    expect(d.title).toBe('The request was refused');
    expect(d.message).toBe('File not available');
    expect(d.sessionEnded).toBe(false);
    const down = describeError(new TransportError({ method: 'syncfile_get', kind: 'http', status: 503, message: '' }));
    expect(down.title).toBe('Service unavailable');
  });

  it('an HTTP 401 of syncfile_get (the authorization error, 502) ends the session, like any 502', () => {
    const d = describeError(
      new TransportError({ method: 'syncfile_get', kind: 'http', status: 401, message: 'Authorization error (502)' }),
    );
    expect(d).toEqual({ code: 502, ...catalogueEntry(502), sessionEnded: true });
    expect(d.sessionEnded).toBe(describeError(apiError(502)).sessionEnded);
  });

  it('an HTTP 403 of syncfile_get reads as 505, not allowed with this key, and keeps the session', () => {
    const d = describeError(
      new TransportError({
        method: 'syncfile_get',
        kind: 'http',
        status: 403,
        message: 'Higher access required (505)',
      }),
    );
    expect(d).toEqual({ code: 505, ...catalogueEntry(505), sessionEnded: false });
  });

  it('a 401 on an answer that is not an HTTP refusal (bad-response) does not end the session', () => {
    const bad = describeError(
      new TransportError({ method: 'sites_list', kind: 'bad-response', status: 401, message: 'x' }),
    );
    expect(bad.sessionEnded).toBe(false);
  });

  it('anything else gets a generic text', () => {
    for (const err of [new Error('boom'), 'text', undefined]) {
      const d = describeError(err);
      expect(d.title).not.toBe('');
      expect(d.next).not.toBe('');
      expect(d.code).toBeUndefined();
      expect(d.sessionEnded).toBe(false);
    }
  });
});
