import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { authRoutes, redirectToLogin } from '../features/auth';
import { RouteErrorScreen } from '../features/errors';
import { PageLoader } from '../ui/page-loader';
import { RootLayout } from './root-layout';

/**
 * The whole route table. Features hand in their own route objects (lazy-loaded screens); this
 * file only composes them. Exported as a function so tests can mount it in a memory router.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: paths.home.path,
      Component: RootLayout,
      ErrorBoundary: RouteErrorScreen,
      HydrateFallback: PageLoader,
      children: [
        ...authRoutes,
        // Logged out (the only state so far): everything else goes to /login (ROUTE-004).
        // Redirect-only routes: `element: null` says on purpose that they never render.
        { index: true, loader: ({ request }) => redirectToLogin(request), element: null },
        { path: '*', loader: ({ request }) => redirectToLogin(request), element: null },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
