import type { SpacePermissions } from '@mergeboard/core';
import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSpace } from './space-context';

/** Redirects within the active space; `keepSearch` carries the query string along. */
export function SpaceRedirect({
  to,
  keepSearch = false,
}: {
  to: (prefix: string) => string;
  keepSearch?: boolean;
}) {
  const { prefix } = useSpace();
  const { search } = useLocation();
  return <Navigate to={`${to(prefix)}${keepSearch ? search : ''}`} replace />;
}

/**
 * A route shown only when `allow` passes for the user in the active space; otherwise a
 * redirect to `otherwise` (a path under the space prefix).
 */
export function RequireSpacePermission({
  allow,
  otherwise,
}: {
  allow: (permissions: SpacePermissions) => boolean;
  otherwise: (prefix: string) => string;
}) {
  const { permissions, prefix, ready } = useSpace();
  if (!ready) return <SpaceLoader />;
  if (!allow(permissions)) return <Navigate to={otherwise(prefix)} replace />;
  return <Outlet />;
}

/** Inside the shell while the space's details load. */
export function SpaceLoader() {
  return (
    <Center py="xl" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
