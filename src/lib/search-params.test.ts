import { describe, expect, it } from 'vitest';
import { flag, oneOf, optional, searchParam, searchSchema, text } from './search-params';

const schema = searchSchema({
  q: searchParam(text({ max: 5 }), ''),
  period: searchParam(oneOf(['any', 'day', 'week']), 'any'),
  desc: searchParam(flag, false),
  unit: searchParam(optional(text({ pattern: String.raw`^[^@\s]+@[^@\s]+$` })), undefined),
  site: searchParam(optional(text({ test: (v) => v.endsWith('.example') })), undefined),
});

describe('searchSchema', () => {
  it('keeps good values', () => {
    expect(schema.parse({ q: 'abc', period: 'week', desc: true, unit: 'a@b.example', site: 'b.example' })).toEqual({
      q: 'abc',
      period: 'week',
      desc: true,
      unit: 'a@b.example',
      site: 'b.example',
    });
  });

  it('replaces each bad or missing value with its fallback and keeps the rest', () => {
    expect(schema.parse({ q: 'far too long', period: 'week', desc: 'true', unit: 'nobody', site: 'a.test' })).toEqual({
      q: '',
      period: 'week',
      desc: false,
      unit: undefined,
      site: undefined,
    });
    // The router reads `?q=123` as a number: not a string, so the fallback.
    expect(schema.parse({ q: 123, period: 'month', desc: 1 })).toEqual({ q: '', period: 'any', desc: false });
    expect(schema.parse({})).toEqual({ q: '', period: 'any', desc: false });
    expect(schema.parse(null)).toEqual({ q: '', period: 'any', desc: false });
  });

  it('replaces a bad value even when its fallback is undefined (the router lays the result over the URL)', () => {
    const raw = { unit: 'not-an-email', q: 'abc' };
    const seen = { ...raw, ...schema.parse(raw) };
    expect(seen.unit).toBeUndefined();
    expect(seen.q).toBe('abc');
  });

  it('drops params it does not know', () => {
    expect(schema.parse({ period: 'day', injected: '<script>' })).not.toHaveProperty('injected');
    // Nor what an object inherits.
    expect(schema.parse(Object.create({ q: 'abc' }))).toEqual({ q: '', period: 'any', desc: false });
  });
});
