import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { PageLoader } from '../../../ui/page-loader';
import { SpaceLoader, useSpace } from '../../spaces';

// One step removed: the route table, in every first load, then names this small file alone rather
// than each chunk the page and its chart library need (bench/bundle.mjs's signed-in Sent budget).
const DeliverabilityPage = lazy(async () => ({
  default: (await import('../components/deliverability-page')).DeliverabilityPage,
}));

/** Every member of the space; anyone else (a disabled member, a disabled space) back to the work areas. */
export function Component() {
  const { permissions, prefix, ready } = useSpace();
  if (!ready) return <SpaceLoader />;
  if (!permissions.canAccessWorkspace)
    return <Navigate to={paths.space.mailMerges.getHref(prefix)} replace />;
  return (
    <Suspense fallback={<PageLoader />}>
      <DeliverabilityPage />
    </Suspense>
  );
}
