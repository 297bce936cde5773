/**
 * How a named query argument is read from a request target, the one rule for
 * the proxy and the sandbox: the query is form-encoded (`+` is a space), and
 * when an argument is repeated the last value wins, as in PHP's `$_GET`.
 * The sandbox (server/sandbox/api.ts, parseTarget) reads arguments this way.
 */

/**
 * The last value of `name` in the target's query (`/api/...?a=1&a=2` → `'2'`),
 * or null when absent. Decoded exactly as the sandbox's parseTarget does: the
 * query split on `&`, `+` read as a space, then decodeURIComponent. A query
 * with any malformed escape (`%FF`, `%E2%82`) also gives null: the sandbox
 * answers the whole request with envelope error 503, whatever its arguments
 * say (URLSearchParams would have read `U+FFFD` instead).
 */
export function lastQueryValue(target: string, name: string): string | null {
  const queryAt = target.indexOf('?');
  if (queryAt === -1) return null;
  let found: string | null = null;
  for (const part of target.slice(queryAt + 1).split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const partName = formDecode(eq === -1 ? part : part.slice(0, eq));
    const value = eq === -1 ? '' : formDecode(part.slice(eq + 1));
    if (partName === null || value === null) return null;
    if (partName === name) found = value;
  }
  return found;
}

function formDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * Whether an integer argument such as api_test's `raw` is "present and
 * non-zero" (spec §4.6): a value that is not a number counts as non-zero, an
 * empty one as zero, as the sandbox reads it.
 */
export function isNonZeroArg(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && Number(value) !== 0;
}
