/**
 * Keeping the keys out of the page: an answer may carry them back.
 * api_test echoes the request headers it received (docs/partner-api.md#api_test HEADERS), and the
 * proxy sends the key and the signature upstream as the `apikey` and `apimac`
 * cookies; our sandbox hides them in its echo, the real service does not. So
 * every answer the console shows is masked before it is rendered, unless the
 * user has chosen to show the secrets: by name (a `Cookie` header's `apikey`
 * and `apimac`, `X-Apikey` and `X-Apimac`, any case) and by value (the key,
 * the mac key and the signature this browser sent, wherever they appear).
 */
import { MASK } from './curl';

/** Header names whose whole value is a secret (lower case). */
const SECRET_HEADERS = new Set(['x-apikey', 'x-apimac']);

/** `apikey=…` and `apimac=…` in a Cookie header (or anywhere in a text): the name is kept, the value masked. */
const SECRET_COOKIE = /\b(api(?:key|mac))=([^;,"'\s\\&]*)/gi;

/** `"X-Apikey": "…"` in JSON text, any case, the value possibly escaped. */
const SECRET_JSON_HEADER = /("x-api(?:key|mac)"\s*:\s*")((?:[^"\\]|\\.)*)(")/gi;

/** `X-Apikey: …` as a header line, or `[X-Apikey] => …` as PHP prints an array. */
const SECRET_HEADER_LINE = /(\bx-api(?:key|mac)\]?\s*(?::|=>)\s*)([^\s"',;]+)/gi;

/** The secrets of a call: its key, its mac key and its signature; empty ones are left out. */
export function secretsOf(...values: (string | null | undefined)[]): string[] {
  // The longest first, so a secret that contains another is masked whole.
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v.length > 0))].sort(
    (a, b) => b.length - a.length,
  );
}

/** Every occurrence of a known secret in `text`, as sent and as JSON escapes `/` (PHP's json_encode). */
function maskValues(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    out = out.split(secret).join(MASK);
    const escaped = secret.replaceAll('/', '\\/');
    if (escaped !== secret) out = out.split(escaped).join(MASK);
  }
  return out;
}

/** A text as shown: known secrets, secret cookies and secret headers masked. */
export function maskText(text: string, secrets: readonly string[]): string {
  return maskValues(text, secrets)
    .replace(SECRET_COOKIE, (_, name: string) => `${name}=${MASK}`)
    .replace(SECRET_JSON_HEADER, (_, open: string, _value: string, close: string) => `${open}${MASK}${close}`)
    .replace(SECRET_HEADER_LINE, (_, name: string) => `${name}${MASK}`);
}

/**
 * A JSON value as shown: a `cookie` field's apikey and apimac, an `x-apikey`
 * or `x-apimac` field whole (names in any case, at any depth) and every known
 * secret in any string. Built with Object.fromEntries, so a field named
 * `__proto__` stays an own field, as JSON.parse made it.
 */
export function maskValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return maskText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => maskValue(item, secrets));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => {
      const lower = name.toLowerCase();
      if (SECRET_HEADERS.has(lower) && field !== null && field !== '') return [name, MASK];
      return [name, maskValue(field, secrets)];
    }),
  );
}

/** An argument whose name says it holds a key or the like (`key`, `apikey`, `hmac`, `secret`, `token`, `password`…). */
const KEY_SHAPED_ARG = /(?:key|mac|secret|token|pass(?:word)?)$/i;

/** `text` with every known secret masked, as sent and percent-encoded. */
function maskEncoded(text: string, secrets: readonly string[]): string {
  return maskValues(
    text,
    [...secrets, ...secrets.map(encodeURIComponent)].sort((a, b) => b.length - a.length),
  );
}

/**
 * A request target as shown (the target line, the signature command and both
 * curl commands): any value equal to the session's key, mac key or signature,
 * in any path entry or argument, and the whole value of a key-shaped argument
 * (`?apikey=…`), masked. The user may type a key into an argument.
 */
export function maskTarget(target: string, secrets: readonly string[]): string {
  const at = target.indexOf('?');
  const path = maskEncoded(at === -1 ? target : target.slice(0, at), secrets);
  if (at === -1) return path;
  const query = target
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return maskEncoded(pair, secrets);
      const name = pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // Not valid percent-encoding: judged as written.
      }
      const value = pair.slice(eq + 1);
      return `${maskEncoded(name, secrets)}=${KEY_SHAPED_ARG.test(decoded) && value !== '' ? MASK : maskEncoded(value, secrets)}`;
    })
    .join('&');
  return `${path}?${query}`;
}
