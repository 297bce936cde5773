import { isInAppPath } from '../../lib/in-app-path';
import { optional, searchParam, searchSchema, text } from '../../lib/search-params';

const LOGIN_PATH = '/login';

/**
 * Only same-app paths may be a post-login target: a leading single slash, no
 * scheme or protocol-relative form (`//evil`, `/\evil`), no control characters,
 * and not the login page itself. Anything else is dropped, never followed.
 */
export function isSafeRedirect(value: string): boolean {
  if (!isInAppPath(value)) return false;
  const { pathname } = new URL(value, 'http://app.invalid');
  return pathname !== LOGIN_PATH && !pathname.startsWith(`${LOGIN_PATH}/`);
}

/** Search params of /login: where to go after signing in (validated; dropped when unsafe). */
export const loginSearchSchema = searchSchema({
  redirect: searchParam(optional(text({ test: isSafeRedirect })), undefined),
});

/** The redirect param for a location the user was on (undefined when it is the login page). */
export function redirectTarget(href: string): string | undefined {
  return isSafeRedirect(href) && href !== '/' ? href : undefined;
}
