import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { PageLoader } from '../../../ui/page-loader';
import { useAuthState } from './auth-context';

/**
 * The layout route of every signed-in screen (ROUTE-001). Logged out, it sends the visitor to
 * /login carrying the asked-for path and search in `continue` (ROUTE-004); after an explicit
 * logout to the bare /login (AUTH-017).
 */
export function RequireAuth() {
  const { token, getUserStatus, signedOut } = useAuthState();
  const { pathname, search } = useLocation();
  if (!token) {
    const to = paths.auth.login.getHref(signedOut === 'logout' ? null : pathname + search);
    return <Navigate to={to} replace />;
  }
  if (getUserStatus !== 'success') return <PageLoader />;
  return <Outlet />;
}
