import { Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { AlertProvider } from '../features/alerts';
import { AuthGate, useAuthState, useCurrentUser } from '../features/auth';
import { usePageViews } from '../features/events';
import { ScrollRestoration } from './scroll-restoration';

/** EVT-006 EVT-007: a page view per navigation while signed in (with analytics consent). */
function PageViewTracking() {
  const { token, getUserStatus } = useAuthState();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  usePageViews({
    // The sign-in callback is a step of signing in, not a page: the target page is logged next.
    enabled: token !== null && getUserStatus === 'success' && pathname !== paths.auth.callback.path,
    uiType: user.data?.isPerSeat ? 'seats_in_spaces' : 'spaces',
  });
  return null;
}

/** The root route's element: global route-level concerns only; screens bring their own layout. */
export function RootLayout() {
  return (
    <>
      <AuthGate>
        <PageViewTracking />
        <AlertProvider>
          <Outlet />
        </AlertProvider>
      </AuthGate>
      <ScrollRestoration />
    </>
  );
}
