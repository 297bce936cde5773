import * as z from 'zod/mini';
import { searchParam, searchSchema } from '../../lib/search-params';

const LOGIN_PATH = '/login';

/**
 * Only same-app paths may be a post-login target: a leading single slash, no
 * scheme or protocol-relative form (`//evil`, `/\evil`), no control characters,
 * and not the login page itself. Anything else is dropped, never followed.
 */
export function isSafeRedirect(value: string): boolean {
  if (value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return false;
  }
  const base = 'http://app.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return false;
  }
  if (url.origin !== base) return false;
  return url.pathname !== LOGIN_PATH && !url.pathname.startsWith(`${LOGIN_PATH}/`);
}

/** Search params of /login: where to go after signing in (validated; dropped when unsafe). */
export const loginSearchSchema = searchSchema({
  redirect: searchParam(z.optional(z.string().check(z.refine(isSafeRedirect))), undefined),
});

export type LoginSearch = z.infer<typeof loginSearchSchema>;

/** The redirect param for a location the user was on (undefined when it is the login page). */
export function redirectTarget(href: string): string | undefined {
  return isSafeRedirect(href) && href !== '/' ? href : undefined;
}
