import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { billingPageRoute } from '../billing';
import { deliverabilityRoute } from '../deliverability';
import { RequireSpacePermission, SpaceRedirect } from '../spaces';

/**
 * {prefix}/space and its sub-routes (ROUTE-016 ROUTE-017 ROUTE-018 ROUTE-019 ROUTE-020 ROUTE-021 ROUTE-022
 * ROUTE-023 ROUTE-024).
 */
export const spaceSettingsRoutes: RouteObject[] = [
  {
    path: paths.space.settings.path,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('./routes/settings-index')).SettingsIndexRedirect,
        }),
      },
      {
        // ROUTE-017: owners only; anyone else goes back to the work areas.
        path: paths.space.general.path,
        element: createElement(RequireSpacePermission, {
          allow: (permissions) => permissions.canAccessGeneralSettings,
          otherwise: paths.space.mailMerges.getHref,
        }),
        children: [{ index: true, lazy: () => import('./routes/general') }],
      },
      {
        // ROUTE-018 (C4): only while the page is not restricted; ROUTE-019 (C3): the page itself
        // is blank for a free member or a member of a legacy space.
        path: paths.space.users.path,
        element: createElement(RequireSpacePermission, {
          allow: (permissions) => permissions.canAccessWorkspace && !permissions.isUsersPageRestricted,
          otherwise: paths.space.mailMerges.getHref,
        }),
        children: [{ index: true, lazy: () => import('./routes/users') }],
      },
      {
        // PERM-010: without billing access, to General.
        path: paths.space.billing.path,
        element: createElement(RequireSpacePermission, {
          allow: (permissions) => permissions.canAccessWorkspaceBilling,
          otherwise: paths.space.general.getHref,
        }),
        children: [billingPageRoute],
      },
      deliverabilityRoute,
      // ROUTE-021
      {
        path: paths.space.upgrade.path,
        element: createElement(SpaceRedirect, {
          to: (prefix: string) => paths.space.billing.getHref(prefix),
          keepSearch: true,
        }),
      },
    ],
  },
];
