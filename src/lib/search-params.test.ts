import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { searchParam, searchSchema } from './search-params';

const schema = searchSchema({
  q: searchParam(z.string().check(z.maxLength(5)), ''),
  period: searchParam(z.enum(['any', 'day', 'week']), 'any'),
  page: searchParam(z.int().check(z.positive()), 1),
  unit: searchParam(z.optional(z.email()), undefined),
});

describe('searchSchema', () => {
  it('keeps good values', () => {
    expect(schema.parse({ q: 'abc', period: 'week', page: 3, unit: 'a@b.example' })).toEqual({
      q: 'abc',
      period: 'week',
      page: 3,
      unit: 'a@b.example',
    });
  });

  it('replaces each bad or missing value with its fallback and keeps the rest', () => {
    expect(schema.parse({ q: 'far too long', period: 'week', page: -2, unit: 'nobody' })).toEqual({
      q: '',
      period: 'week',
      page: 1,
      unit: undefined,
    });
    expect(schema.parse({})).toEqual({ q: '', period: 'any', page: 1, unit: undefined });
  });

  it('drops params it does not know', () => {
    expect(schema.parse({ period: 'day', injected: '<script>' })).not.toHaveProperty('injected');
  });
});
