import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { createElement } from 'react';
import { paths } from '../../config/paths';
import { SpaceRedirect } from './components/space-redirect';

export { useCreateWorkspace } from './api/create-workspace';
export { useDeleteWorkspace } from './api/delete-workspace';
export { useTransferOwnership } from './api/transfer-ownership';
export { useUpdateWorkspace } from './api/update-workspace';
export { getWorkspaceQueryOptions } from './api/get-workspace';
export { useWorkspaceMembers } from './api/list-workspace-members';
export { usePaidElsewhere } from './api/promote-validity';
export { useOptionalSpace, useSpace } from './components/space-context';
export type { SpaceContextValue } from './components/space-context';
export { RequireSpacePermission, SpaceLoader, SpaceRedirect } from './components/space-redirect';
export { bestSpace, findSpace, ownedSpaceCount } from './select-space';
export { useRefreshSpaces } from './use-refresh-spaces';

/** Signed-in top-level routes: '/' (best space) and /settings/billing (ROUTE-007). */
export const spaceEntryRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./routes/home-redirect')).HomeRedirect }),
  },
  {
    path: paths.settingsBilling.path,
    lazy: async () => ({
      Component: (await import('./routes/settings-billing-redirect')).SettingsBillingRedirect,
    }),
  },
];

/**
 * ROUTE-008 ROUTE-009: the space router under /{workspaceId}/{slug}, around `children`; its layout's
 * code loads with the first space page.
 */
export function spaceRoute(children: RouteObject[]): RouteObject {
  return {
    path: paths.space.root.path,
    lazy: async () => ({ Component: (await import('./components/space-layout')).SpaceLayout }),
    children,
  };
}

/**
 * The space router's own redirects, placed beside the pages: the bare prefix and any unknown
 * sub-path go to mail merges (ROUTE-025); {prefix}/settings/billing goes to the billing page
 * keeping the query (ROUTE-026).
 */
export const spaceRedirectRoutes: RouteObject[] = [
  { index: true, element: createElement(SpaceRedirect, { to: paths.space.sent.getHref }) },
  {
    path: paths.space.settingsBilling.path,
    element: createElement(SpaceRedirect, {
      to: (prefix: string) => paths.space.billing.getHref(prefix),
      keepSearch: true,
    }),
  },
  { path: '*', element: createElement(SpaceRedirect, { to: paths.space.mailMerges.getHref }) },
];

/** Anything signed in that no route claims goes to '/'. */
export const fallbackRoute: RouteObject = {
  path: '*',
  element: createElement(Navigate, { to: paths.home.getHref(), replace: true }),
};
