/**
 * Search params a route validates (`validateSearch: searchSchema({...})`):
 * each one falls back on its own when missing or malformed, so a bad or old
 * URL never crashes a page, it only loses the bad part. The URL is the state
 * for anything bookmarkable (docs/architecture.md#the-url-is-the-state); this is its one gate.
 *
 *   searchSchema({
 *     q: searchParam(text({ max: 200 }), ''),
 *     period: searchParam(oneOf(['any', 'day', 'week', 'month']), 'any'),
 *   })
 *
 * Plain checks rather than zod: every route's search schema is in the entry
 * chunk, and this keeps zod out of what /login loads (lint/login-budget.test.ts).
 */

import { regex } from '../api/registry/define';

/** Whether a param's value (as the router parsed it from the URL) is one the page takes. */
type Check<T> = (value: unknown) => value is T;

/**
 * A string, at most `max` characters, matching `pattern` (a registry expression, src/api/registry/define.ts
 * `RE`, compiled at its first use: every route's schema is made as the entry loads, and a Unicode
 * expression costs milliseconds to compile) and passing `test` when given.
 */
export function text(rules: { max?: number; pattern?: string; test?: (value: string) => boolean } = {}): Check<string> {
  return (value): value is string =>
    typeof value === 'string' &&
    (rules.max === undefined || value.length <= rules.max) &&
    (rules.pattern === undefined || regex(rules.pattern).test(value)) &&
    (rules.test === undefined || rules.test(value));
}

/** One of the given strings. */
export function oneOf<const T extends readonly string[]>(values: T): Check<T[number]> {
  return (value): value is T[number] => typeof value === 'string' && values.includes(value);
}

export const flag: Check<boolean> = (value): value is boolean => typeof value === 'boolean';

/** Absent, or what `check` takes. */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value): value is T | undefined => value === undefined || check(value);
}

interface SearchParam<T> {
  check: Check<T>;
  fallback: T;
}

/** One param: its check, and what it is when missing or malformed. */
export function searchParam<T>(check: Check<T>, fallback: NoInfer<T>): SearchParam<T> {
  return { check, fallback };
}

/** The params a search schema gives the page. */
type SearchOf<Shape extends Record<string, SearchParam<unknown>>> = {
  [K in keyof Shape]: Shape[K] extends SearchParam<infer T> ? T : never;
};

/**
 * The route's search schema: known params, each with its fallback; unknown
 * ones are dropped, and one that falls back to undefined is undefined (not left
 * out: the router lays the result over the URL's raw params). A link may leave any
 * param out (it gets its fallback); the ones it gives are typed (`types`, the
 * router's validator adapter: for the type checker only).
 */
export function searchSchema<Shape extends Record<string, SearchParam<unknown>>>(shape: Shape) {
  return {
    types: undefined as unknown as { input: Partial<SearchOf<Shape>>; output: SearchOf<Shape> },
    parse(input: unknown): SearchOf<Shape> {
      const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, param] of Object.entries(shape)) {
        // Set even when undefined: the router lays the result over the URL's raw params, so a
        // key left out would keep the malformed value it replaces.
        out[key] = Object.hasOwn(raw, key) && param.check(raw[key]) ? raw[key] : param.fallback;
      }
      return out as SearchOf<Shape>;
    },
  };
}
