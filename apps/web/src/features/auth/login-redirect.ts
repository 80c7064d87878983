import { redirect } from 'react-router';
import { paths } from '../../config/paths';

/**
 * Logged out, every path without its own page goes to /login, carrying the encoded original
 * path and search in `continue` (ROUTE-004) so sign-in can return there. The bare '/' needs no
 * continue target.
 */
export function redirectToLogin(request: Request): Response {
  const url = new URL(request.url);
  const continueTo = url.pathname === paths.home.path ? undefined : url.pathname + url.search;
  return redirect(paths.auth.login.getHref(continueTo));
}
