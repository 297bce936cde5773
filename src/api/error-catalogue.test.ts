import { describe, expect, it } from 'vitest';
import { classifyError, endsSession, errorCodeOf, isMethodError, isUnavailable } from './error-catalogue.ts';
import { ApiError, TransportError, WorkspaceError } from './errors.ts';
import { METHOD_ERRORS } from './registry.ts';

// docs/partner-api.md#method-errors, copied from the table (113900 appears there twice, with two meanings).
const SPEC_METHOD_CODES = [
  111900, 111901, 112900, 112901, 112902, 112903, 112904, 113900, 121900, 122900, 122901, 123900, 131900, 131901,
  132900, 132901, 141900, 142900, 143900, 143901, 144900, 144901, 144902, 144903, 145900, 145901, 145902, 145903,
  145904, 146900, 146901, 146902, 101900, 102900, 100900, 100901,
];
const SYSTEM_CODES = [500, 501, 502, 503, 504, 505];

const apiError = (code: number, retryAfter?: number) =>
  new ApiError({ method: 'x', code, message: `service text ${code}`, errorinfo: '', retryAfter });
const raw = (status: number, message = 'File not available') =>
  new TransportError({ method: 'syncfile_get', kind: 'http', status, message });

describe('classifyError', () => {
  it('the registry states exactly the method codes of docs/partner-api.md#method-errors', () => {
    const byValue = (a: number, b: number) => a - b;
    expect(METHOD_ERRORS.map((e) => e.code).sort(byValue)).toEqual([...SPEC_METHOD_CODES].sort(byValue));
  });

  it.each(SYSTEM_CODES)('system code %i is a system error', (code) => {
    expect(classifyError(apiError(code))).toEqual({ kind: 'system', code });
  });

  it.each(SPEC_METHOD_CODES)('method code %i is named by its method and registry name', (code) => {
    const c = classifyError(apiError(code));
    expect(c).toEqual({ kind: 'method', code, error: METHOD_ERRORS.find((e) => e.code === code) });
  });

  it('names the errors as the registry does', () => {
    expect(classifyError(apiError(146901))).toMatchObject({ error: { method: 'site_scan', name: 'notAvailable' } });
    expect(isMethodError(apiError(123900), 'agency_view', 'noAgency')).toBe(true);
    expect(isMethodError(apiError(122901), 'agency_view', 'noAgency')).toBe(false);
    expect(isMethodError(new Error('x'), 'agency_view', 'noAgency')).toBe(false);
  });

  it('502 ends the session, no other code does', () => {
    for (const code of [...SYSTEM_CODES, ...SPEC_METHOD_CODES]) {
      expect(endsSession(classifyError(apiError(code)))).toBe(code === 502);
    }
  });

  it('a 500 with Retry-After is a wait (a rate limit), not an outage, and never a retry-now', () => {
    const c = classifyError(apiError(500, 840));
    expect(c).toEqual({ kind: 'rateLimited', code: 500, retryAfter: 840 });
    expect(isUnavailable(c)).toBe(false);
    expect(isUnavailable(classifyError(apiError(500)))).toBe(true);
    expect(classifyError(apiError(500, 0))).toEqual({ kind: 'system', code: 500 });
  });

  it('an unknown code keeps the code and the service text', () => {
    const c = classifyError(apiError(146999));
    expect(c).toEqual({ kind: 'unknownCode', code: 146999, serviceText: 'service text 146999' });
    expect(errorCodeOf(c)).toBe(146999);
  });

  it.each(['network', 'timeout', 'bad-response'] as const)('a %s failure is unreachable', (kind) => {
    const c = classifyError(new TransportError({ method: 'sites_list', kind, message: 'detail', status: 401 }));
    expect(c).toEqual({ kind: 'unreachable', transport: kind });
    expect(isUnavailable(c)).toBe(true);
    expect(endsSession(c)).toBe(false);
    expect(errorCodeOf(c)).toBeUndefined();
  });

  it('a raw method’s HTTP status stands for its system code (docs/partner-api.md#syncfile_get-errors)', () => {
    expect(classifyError(raw(401))).toEqual({ kind: 'system', code: 502 });
    expect(endsSession(classifyError(raw(401)))).toBe(true);
    expect(classifyError(raw(403))).toEqual({ kind: 'system', code: 505 });
    expect(classifyError(raw(404))).toEqual({ kind: 'system', code: 504 });
    expect(classifyError(raw(502))).toEqual({ kind: 'system', code: 500 });
    expect(isUnavailable(classifyError(raw(503)))).toBe(true);
    expect(isUnavailable(classifyError(raw(403)))).toBe(false);
  });

  it('an HTTP status that names no system error keeps the service’s words; a 5xx one is unreachable', () => {
    expect(classifyError(raw(409, 'Conflict here'))).toEqual({
      kind: 'refused',
      status: 409,
      serviceText: 'Conflict here',
    });
    expect(classifyError(raw(599, ''))).toEqual({ kind: 'unreachable', transport: 'http' });
  });

  it('the dashboard’s own server: out of reach or failing is its own; what it heard from the service is the service’s', () => {
    const own = (status: number, code: string) => classifyError(new WorkspaceError(status, code, 'words'));
    expect(own(0, 'network')).toEqual({ kind: 'ownServer', problem: 'network' });
    expect(own(500, 'workspace-failed')).toEqual({ kind: 'ownServer', problem: 'failed' });
    expect(own(503, 'http')).toEqual({ kind: 'ownServer', problem: 'failed' });
    // It checks every key with the service: a refused key ends the session as the service's 502 does.
    expect(endsSession(own(401, 'key-refused'))).toBe(true);
    expect(own(502, 'upstream-down')).toEqual({ kind: 'unreachable', transport: 'network' });
    expect(own(502, 'upstream-error')).toEqual({ kind: 'unreachable', transport: 'http' });
    expect(own(400, 'bad-request')).toEqual({ kind: 'refused', status: 400, serviceText: 'words' });
    expect(isUnavailable(own(0, 'network'))).toBe(false);
  });

  it('anything else is unexpected', () => {
    for (const err of [new Error('boom'), 'text', undefined]) {
      expect(classifyError(err)).toEqual({ kind: 'unexpected' });
    }
  });
});
