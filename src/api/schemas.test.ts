import { describe, expect, it } from 'vitest';
import { credentialsSchema, isCookieSafe, MAX_KEY_LENGTH } from './credentials.ts';
import { AGENCY_REQUIRED } from './registry/agency.ts';
import { getMethod, METHOD_NAMES } from './registry.ts';
import { agencySchema, fwHistorySchema, isFwHistory, methodDataSchema, resultSchemas } from './schemas.ts';

describe('result schemas', () => {
  it('cover every method of the registry, and nothing else', () => {
    expect(Object.keys(resultSchemas).sort()).toEqual([...METHOD_NAMES].sort());
  });

  it('the agency schema names exactly the fields agency_update accepts (docs/partner-api.md#agency-record)', () => {
    const post = getMethod('agency_update')?.post ?? {};
    expect(Object.keys(agencySchema.shape).sort()).toEqual(Object.keys(post).sort());
    const required = Object.entries(agencySchema.shape)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([name]) => name);
    expect(required).toEqual([...AGENCY_REQUIRED]);
  });

  it('firewall history takes YYYYMMDD keys to null or eight integers (docs/partner-api.md#firewall-history)', () => {
    expect(fwHistorySchema.safeParse({ '20250101': null, '20250102': [20250102, 1, 2, 3, 4, 5, 6, 7] }).success).toBe(
      true,
    );
    expect(fwHistorySchema.safeParse({ '2025-01-01': null }).success).toBe(false);
    expect(fwHistorySchema.safeParse({ '20250101': [1, 2, 3] }).success).toBe(false);
    expect(fwHistorySchema.safeParse({ '20250101': [1, 2, 3, 4, 5, 6, 7, 8.5] }).success).toBe(false);
  });

  it('isFwHistory (the fast check of a large fleet) answers as the schema does', () => {
    const day = [20250102, 1, 2, 3, 4, 5, 6, 7];
    const samples: unknown[] = [
      {},
      { '20250101': null, '20250102': day },
      { '2025-01-01': null },
      { '202501011': null },
      { '20250101': [1, 2, 3] },
      { '20250101': [...day, 8] },
      { '20250101': [1, 2, 3, 4, 5, 6, 7, 8.5] },
      { '20250101': [1, 2, 3, 4, 5, 6, 7, '8'] },
      { '20250101': [1, 2, 3, 4, 5, 6, 7, 2 ** 53] },
      { '20250101': [1, 2, 3, 4, 5, 6, 7, -1] },
      { '20250101': { 0: 1 } },
      { '20250101': undefined },
      { '20250101': 0 },
      [],
      [null],
      null,
      'x',
      7,
    ];
    for (const value of samples) {
      expect(isFwHistory(value), JSON.stringify(value)).toBe(fwHistorySchema.safeParse(value).success);
    }
  });

  it('method metadata needs only errprefix, and reads empty PHP maps as objects (docs/partner-api.md#method-metadata)', () => {
    expect(methodDataSchema.parse({ errprefix: 146, argv: [] })).toEqual({ errprefix: 146, argv: {} });
    expect(methodDataSchema.safeParse({ description: 'x' }).success).toBe(false);
  });
});

describe('credentials schema', () => {
  it('accepts a key with or without a mac key', () => {
    expect(credentialsSchema.safeParse({ apiKey: 'abc123' }).success).toBe(true);
    expect(credentialsSchema.safeParse({ apiKey: 'abc123', macKey: '' }).success).toBe(true);
    expect(credentialsSchema.safeParse({ apiKey: 'abc123', macKey: 'def' }).success).toBe(true);
  });

  it.each(['', 'a b', 'a;b', 'a,b', 'a"b', 'a\\b', 'a\r\nb', 'ключ', 'x'.repeat(MAX_KEY_LENGTH + 1)])(
    'refuses the key %j (header/cookie injection)',
    (apiKey) => {
      expect(credentialsSchema.safeParse({ apiKey }).success).toBe(false);
      expect(credentialsSchema.safeParse({ apiKey: 'ok', macKey: apiKey || ' ' }).success).toBe(false);
    },
  );

  it("accepts exactly what isCookieSafe accepts (the proxy's rule), up to MAX_KEY_LENGTH", () => {
    expect(MAX_KEY_LENGTH).toBe(512);
    const samples = ['x'.repeat(MAX_KEY_LENGTH), 'x'.repeat(MAX_KEY_LENGTH + 1), '', 'a\u00e9'];
    for (let code = 0; code < 128; code += 1) samples.push(`k${String.fromCharCode(code)}y`);
    for (const apiKey of samples) {
      expect(credentialsSchema.safeParse({ apiKey }).success, JSON.stringify(apiKey)).toBe(isCookieSafe(apiKey));
    }
    // Every visible ASCII character but the four RFC 6265 excludes.
    const allowed = samples.filter((key) => key.length === 3 && isCookieSafe(key)).map((key) => key[1]);
    expect(allowed).toHaveLength(94 - 4);
    expect(allowed).not.toEqual(expect.arrayContaining(['"']));
  });

  it('tells a user what is wrong with a key', () => {
    const message = (apiKey: string) => credentialsSchema.safeParse({ apiKey }).error?.issues[0]?.message;
    expect(message('a"b')).toMatch(/double quote/);
    expect(message('a b')).toMatch(/printable ASCII/);
    expect(message('x'.repeat(MAX_KEY_LENGTH + 1))).toMatch(/at most 512/);
  });
});
