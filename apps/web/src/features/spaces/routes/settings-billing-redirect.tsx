import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { PageLoader } from '../../../ui/page-loader';
import { useCurrentUser } from '../../auth';
import { bestBillingSpace, lastActiveSpaceId } from '../select-space';

/** ROUTE-007: top-level /settings/billing opens the best space's billing page, keeping the query. */
export function SettingsBillingRedirect() {
  const user = useCurrentUser();
  const { search } = useLocation();
  if (!user.data) return <PageLoader />;
  const space = bestBillingSpace(user.data.userWorkspaces, lastActiveSpaceId());
  if (!space) return <Navigate to={paths.home.getHref()} replace />;
  return <Navigate to={paths.space.billing.getHref(space.urlPrefix, search)} replace />;
}
