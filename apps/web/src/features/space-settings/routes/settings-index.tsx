import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { SpaceLoader, useSpace } from '../../spaces';

/**
 * ROUTE-022 ROUTE-023 ROUTE-024: the bare /space path: owners (canAccessGeneralSettings, ROUTE-017) to
 * General; others to Billing when the users page is restricted, else to Users; users without workspace
 * access to '/'.
 */
export function SettingsIndexRedirect() {
  const { permissions, prefix, ready } = useSpace();
  if (!ready) return <SpaceLoader />;
  let to: string;
  if (!permissions.canAccessWorkspace) to = paths.home.getHref();
  else if (permissions.canAccessGeneralSettings) to = paths.space.general.getHref(prefix);
  else if (permissions.isUsersPageRestricted) to = paths.space.billing.getHref(prefix);
  else to = paths.space.users.getHref(prefix);
  return <Navigate to={to} replace />;
}
