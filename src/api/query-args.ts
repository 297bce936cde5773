/**
 * How named query arguments are read from a request target: the one rule for
 * the sandbox, the proxy and the client. The query is form-encoded (`+` is a
 * space), a repeated argument's last value wins (as in PHP's `$_GET`), and a
 * malformed escape (`%FF`, `%E2%82`) anywhere makes the whole query unreadable:
 * the sandbox answers such a request with envelope error 503 (URLSearchParams
 * would have read U+FFFD instead).
 */

export type ParsedQuery = { ok: true; args: Map<string, string> } | { ok: false; problem: string };

/**
 * The named arguments of a raw query string (without `?`). A Map, so names
 * like `toString` or `__proto__` are plain keys. Empty names are skipped.
 */
export function parseQuery(rawQuery: string): ParsedQuery {
  const args = new Map<string, string>();
  for (const part of rawQuery.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = formDecode(eq === -1 ? part : part.slice(0, eq));
    if (name === null) return { ok: false, problem: 'A query argument name is not valid UTF-8 percent-encoding' };
    const value = eq === -1 ? '' : formDecode(part.slice(eq + 1));
    if (value === null) {
      return { ok: false, problem: `The query argument "${name.slice(0, 40)}" is not valid UTF-8 percent-encoding` };
    }
    if (name !== '') args.set(name, value);
  }
  return { ok: true, args };
}

/** The raw query of a target (after the first `?`), or '' when it has none. */
function rawQueryOf(target: string): string {
  const queryAt = target.indexOf('?');
  return queryAt === -1 ? '' : target.slice(queryAt + 1);
}

/**
 * The last value of `name` in the target's query (`/api/...?a=1&a=2` → `'2'`),
 * or null when absent or when the query is unreadable (see above).
 */
export function lastQueryValue(target: string, name: string): string | null {
  const parsed = parseQuery(rawQueryOf(target));
  return parsed.ok ? (parsed.args.get(name) ?? null) : null;
}

function formDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** Flags are on when present, unless given an explicit false value (`=0`, `=false`, `=off`, `=no`); docs/partner-api.md#methods `[name[=1]]`. */
export function flagIsOn(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  return !/^(0|false|off|no)$/i.test(value);
}

/**
 * Whether an integer argument such as api_test's `raw` is "present and
 * non-zero" (docs/partner-api.md#api_test): a value that is not a number counts as non-zero, an
 * empty one as zero, as the sandbox reads it.
 */
export function isNonZeroArg(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && Number(value) !== 0;
}
