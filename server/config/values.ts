/** Reading environment variables: what every setting of server/config.ts shares. */

/** An empty variable counts as unset (README "Configuration"). */
export const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

/**
 * A URL as it may appear in an error message: no user name or password (the
 * part before the last `@` becomes `***`), no query and no fragment, which may
 * hold tokens. Works on text that does not parse as a URL too.
 */
export function redactUrl(value: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(value)?.[0] ?? '';
  let rest = value.slice(scheme.length);
  // The last `@` anywhere: a password may hold `/`, `?` or `#` the parser would stop at.
  const at = rest.lastIndexOf('@');
  if (at !== -1) rest = `***${rest.slice(at)}`;
  const cut = rest.search(/[?#]/);
  return scheme + (cut === -1 ? rest : rest.slice(0, cut));
}

/** The non-empty entries of a comma-separated list, trimmed. */
export function listEntries(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
