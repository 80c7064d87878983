import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { PageLoader } from '../../../ui/page-loader';
import { useCurrentUser } from '../../auth';
import { useWorkspace } from '../api/get-workspace';
import { findSpace, rememberActiveSpace } from '../select-space';
import { permissionsFor } from '../space-permissions';
import { SpaceContext } from './space-context';
import type { SpaceContextValue } from './space-context';

/**
 * The space router's root (`/:workspaceId/:slug`, ROUTE-009): the space in the URL is the active
 * one (ROUTE-035, SHELL-021). A space the user is not in goes to '/' (ROUTE-024); a wrong slug
 * for a known space is corrected, keeping the rest of the path and the query.
 */
export function SpaceLayout() {
  const { workspaceId = '', slug = '' } = useParams();
  const { pathname, search, hash } = useLocation();
  const user = useCurrentUser();
  const space = findSpace(user.data?.userWorkspaces, workspaceId);
  const details = useWorkspace(workspaceId, {
    enabled: space !== null && space.workspaceStatus !== 'DISABLED',
  });

  useEffect(() => {
    if (space) rememberActiveSpace(space.workspaceId);
  }, [space]);

  const value = useMemo<SpaceContextValue | null>(() => {
    if (!user.data || !space) return null;
    const loaded = details.data && 'features' in details.data ? details.data : null;
    return {
      user: user.data,
      space,
      details: loaded,
      permissions: permissionsFor(user.data, space, loaded),
      prefix: space.urlPrefix,
      isPerSeat: loaded?.isPerSeat ?? user.data.isPerSeat,
      ready: !details.isLoading,
    };
  }, [user.data, space, details.data, details.isLoading]);

  if (!user.data) return <PageLoader />;
  if (!space || !value) return <Navigate to={paths.home.getHref()} replace />;

  const urlPrefix = `/${workspaceId}/${slug}`;
  const rest = pathname.slice(urlPrefix.length);
  return (
    <SpaceContext.Provider value={value}>
      {/* The page stays mounted while the slug is corrected (a rename changes it), so what it
          holds, such as the rename's 'saved' status, outlives the new address. */}
      {urlPrefix !== space.urlPrefix && <Navigate to={`${space.urlPrefix}${rest}${search}${hash}`} replace />}
      <Outlet />
    </SpaceContext.Provider>
  );
}
