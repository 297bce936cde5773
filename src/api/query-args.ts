/**
 * How a named query argument is read from a request target, the one rule for
 * the proxy and the sandbox: the query is form-encoded (`+` is a space), and
 * when an argument is repeated the last value wins, as in PHP's `$_GET`.
 * The sandbox (server/sandbox/api.ts, parseTarget) reads arguments this way.
 */

/** The last value of `name` in the target's query (`/api/...?a=1&a=2` → `'2'`), or null when absent. */
export function lastQueryValue(target: string, name: string): string | null {
  const queryAt = target.indexOf('?');
  if (queryAt === -1) return null;
  return new URLSearchParams(target.slice(queryAt + 1)).getAll(name).at(-1) ?? null;
}

/**
 * Whether an integer argument such as api_test's `raw` is "present and
 * non-zero" (spec §4.6): a value that is not a number counts as non-zero, an
 * empty one as zero, as the sandbox reads it.
 */
export function isNonZeroArg(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && Number(value) !== 0;
}
