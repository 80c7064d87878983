import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { authRoutes, RequireAuth } from '../features/auth';
import { checkoutRoutes, stopRenewalRoutes, wrongPlanRoutes } from '../features/billing';
import { ErrorScreen } from '../features/errors';
import { onboardingRoutes } from '../features/onboarding';
import { publicPageRoutes } from '../features/public-pages';
import { invitationRoutes } from '../features/invitations';
import { appShellRoute, disabledPageRoute } from '../features/shell';
import { spaceSettingsRoutes } from '../features/space-settings';
import { fallbackRoute, spaceEntryRoutes, spaceRedirectRoutes, spaceRoute } from '../features/spaces';
import { workAreaRoutes } from '../features/work-areas';
import { PageLoader } from '../ui/page-loader';
import { RootLayout } from './root-layout';

/**
 * The whole route table. Features hand in their own route objects (lazy-loaded screens); this
 * file only composes them. Exported as a function so tests can mount it in a memory router. The
 * objects keep React Router's data-router shape; app/route-tree.tsx renders them.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: paths.home.path,
      Component: RootLayout,
      ErrorBoundary: ErrorScreen,
      HydrateFallback: PageLoader,
      children: [
        // Shown signed in or out (ROUTE-002, ROUTE-003, ROUTE-005).
        ...authRoutes,
        ...publicPageRoutes,
        ...stopRenewalRoutes,
        ...wrongPlanRoutes,
        ...onboardingRoutes,
        // Everything else needs a session: logged out it goes to /login?continue=… (ROUTE-004).
        {
          Component: RequireAuth,
          children: [
            // '/' and /settings/billing pick a space (ROUTE-007).
            ...spaceEntryRoutes,
            ...invitationRoutes,
            // ROUTE-008 ROUTE-009: the space router under /{workspaceId}/{slug}.
            spaceRoute([
              // The checkout screens have no sidebar shell (000 §2).
              ...checkoutRoutes,
              appShellRoute([
                ...workAreaRoutes,
                ...spaceSettingsRoutes,
                disabledPageRoute,
                ...spaceRedirectRoutes,
              ]),
            ]),
            fallbackRoute,
          ],
        },
      ],
    },
  ];
}
