import { describe, expect, it } from 'vitest';
import { agencyBodySchema, siteEntrySchema, sitesBodySchema } from './bodies.ts';
import { MAX_SITES_PER_ADD } from './limits.ts';
import { parseQuery } from './query-args.ts';
import { argumentPattern, errorCode, getMethod, METHOD_ERRORS, methodDef, methodErrorOf } from './registry.ts';
import { RE, regex } from './registry/define.ts';
import { RAW_ERROR_STATUS, SYSTEM_CODES, systemCodeOfStatus } from './system-errors.ts';

describe('method errors by name (docs/partner-api.md#error-rules rule 5, docs/partner-api.md#method-errors)', () => {
  it('computes codes from names, in the order the spec gives', () => {
    expect(errorCode('site_scan', 'siteNotFound')).toBe(146900);
    expect(errorCode('site_scan', 'notAvailable')).toBe(146901);
    expect(errorCode('site_unshare', 'notShared')).toBe(144903);
    expect(errorCode('agency_delete', 'noAgency')).toBe(122901);
    expect(errorCode('agency_view', 'noAgency')).toBe(123900);
  });

  it('reads a code back to its method and name', () => {
    expect(methodErrorOf(145904)).toMatchObject({ method: 'site_setoption', name: 'permissionDenied' });
    expect(methodErrorOf(999999)).toBeUndefined();
  });

  it('names each error once per method', () => {
    for (const method of new Set(METHOD_ERRORS.map((e) => e.method))) {
      const names = METHOD_ERRORS.filter((e) => e.method === method).map((e) => e.name);
      expect(new Set(names).size, method).toBe(names.length);
    }
  });

  it('refuses a name the method does not have', () => {
    // @ts-expect-error: not an error of site_scan
    expect(() => errorCode('site_scan', 'noAgency')).toThrow(TypeError);
  });
});

describe('argument lookups', () => {
  it('finds argv and flags as own entries only', () => {
    const def = methodDef('sites_list');
    expect(argumentPattern(def, 'unit')).toBe(RE.email);
    expect(argumentPattern(def, 'withscanreport')).toBe(RE.flag);
    for (const name of ['toString', 'constructor', 'valueOf', 'hasOwnProperty', '__proto__', '__defineGetter__']) {
      expect(argumentPattern(def, name), name).toBeUndefined();
    }
    expect(getMethod('constructor')).toBeUndefined();
  });

  it('reads a query into a map where Object members are plain names', () => {
    const parsed = parseQuery('toString=1&__proto__=x&a=1&a=2&b');
    expect(parsed.ok && [...parsed.args]).toEqual([
      ['toString', '1'],
      ['__proto__', 'x'],
      ['a', '2'],
      ['b', ''],
    ]);
    expect(parseQuery('a=%FF')).toEqual({ ok: false, problem: expect.stringContaining('"a"') });
  });
});

describe('e-mail expression', () => {
  it('refuses control characters (they would reach consoles raw)', () => {
    expect(regex(RE.email).test('x\u001b[8m@example.com')).toBe(false);
    expect(regex(RE.email).test('x@exa\u0007mple.com')).toBe(false);
    expect(regex(RE.email).test('anna.kowalska@studio.example')).toBe(true);
  });
});

describe('body schemas derived from the registry', () => {
  it('agency: title and email required, values trimmed and matched', () => {
    expect(agencyBodySchema.safeParse({ title: ' Acme ', email: 'a@acme.example' }).data).toMatchObject({
      title: 'Acme',
      email: 'a@acme.example',
    });
    const missing = agencyBodySchema.safeParse({ title: '  ', logourl: 'ftp://x' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path[0]).sort()).toEqual(['email', 'logourl', 'title']);
    expect(agencyBodySchema.safeParse({ title: 'A', email: 'a@b.example', bank_invoicemail: '' }).success).toBe(true);
    expect(agencyBodySchema.safeParse({ title: 'A', email: 'a@b.example', phone: 5 }).success).toBe(false);
    // Fields the spec does not name pass through; the sandbox decides what it stores.
    expect(agencyBodySchema.parse({ title: 'A', email: 'a@b.example', extra: 1 })).toHaveProperty('extra', 1);
  });

  it('sites: short and long forms; at most MAX_SITES_PER_ADD entries', () => {
    expect(siteEntrySchema.safeParse('example.com').success).toBe(true);
    expect(siteEntrySchema.safeParse({ name: 'example.com', share: 'a@b.example' }).success).toBe(true);
    expect(siteEntrySchema.safeParse({ share: 'a@b.example' }).success).toBe(false);
    expect(sitesBodySchema.safeParse(new Array(MAX_SITES_PER_ADD).fill('a.example')).success).toBe(true);
    expect(sitesBodySchema.safeParse(new Array(MAX_SITES_PER_ADD + 1).fill('a.example')).success).toBe(false);
  });
});

describe('raw statuses (docs/partner-api.md#syncfile_get-errors)', () => {
  it('reads every status back to its system code', () => {
    for (const code of SYSTEM_CODES) expect(systemCodeOfStatus(RAW_ERROR_STATUS[code])).toBe(code);
    expect(systemCodeOfStatus(502)).toBe(500);
    expect(systemCodeOfStatus(418)).toBeUndefined();
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', async () => {
    const { retryAfterSeconds } = await import('./transport.ts');
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:30 GMT', Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(30);
  });
});
