/**
 * Headers on every answer of the sandbox: nothing it serves runs
 * script, loads anything or may be framed, and no browser sniffs a JSON or text
 * answer into HTML. Under `npm start` the proxy sets its own on top.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};
