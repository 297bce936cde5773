/**
 * A path inside this app, as a link, a post-login target or an embedding
 * panel's `navigate` message may name it: a leading single slash, no scheme
 * or protocol-relative form (`//evil`, `/\evil`, `javascript:`), no control
 * characters, at most 2048 characters, and still on this origin once parsed.
 */
export function isInAppPath(value: string): boolean {
  if (value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return false;
  }
  const base = 'http://app.invalid';
  try {
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}
