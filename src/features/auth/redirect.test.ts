import { describe, expect, it } from 'vitest';
import { isSafeRedirect, loginSearchSchema, redirectTarget } from './redirect';

describe('isSafeRedirect', () => {
  it.each([
    '/',
    '/sites',
    '/sites?q=example.com&sort=name',
    '/units#top',
    '/sites/%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84',
  ])('accepts the same-app path %s', (path) => expect(isSafeRedirect(path)).toBe(true));

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash trick', '/\\evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'sites'],
    ['a control character', '/sites\n/x'],
    ['a tab', '/\t/evil.example'],
    ['the login page', '/login'],
    ['the login page with a query', '/login?redirect=/sites'],
    ['an empty string', ''],
    ['a very long path', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_label, value) => expect(isSafeRedirect(value)).toBe(false));
});

describe('loginSearchSchema', () => {
  it('keeps a safe target and drops an unsafe one instead of failing', () => {
    expect(loginSearchSchema.parse({ redirect: '/agency' })).toEqual({ redirect: '/agency' });
    expect(loginSearchSchema.parse({ redirect: 'https://evil.example' })).toEqual({ redirect: undefined });
    expect(loginSearchSchema.parse({ redirect: 42 })).toEqual({ redirect: undefined });
    expect(loginSearchSchema.parse({})).toEqual({});
  });
});

describe('redirectTarget', () => {
  it('omits the home page and the login page', () => {
    expect(redirectTarget('/')).toBeUndefined();
    expect(redirectTarget('/login?redirect=%2Fsites')).toBeUndefined();
    expect(redirectTarget('/units?x=1')).toBe('/units?x=1');
  });
});
