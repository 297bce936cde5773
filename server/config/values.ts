/** Reading environment variables: what every setting of server/config.ts shares. */
import { z } from 'zod';

/** An empty variable counts as unset (README "Configuration"). */
export const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

/**
 * A setting that is a whole number from `min` to `max`, `fallback` when unset;
 * otherwise `problem(value)` says what is wrong, in the setting's own words.
 */
export function wholeNumberSetting(fallback: number, min: number, max: number, problem: (got: string) => string) {
  return z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return fallback;
        const n = /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : NaN;
        if (!(n >= min && n <= max)) {
          ctx.addIssue({ code: 'custom', message: problem(value.slice(0, 40)) });
          return z.NEVER;
        }
        return n;
      }),
  );
}

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
