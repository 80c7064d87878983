import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../../config/paths';
import { useSpace } from '../../../spaces';
import { AddSeatsPage } from '../components/add-seats-page';
import { RemoveSeatsPage } from '../components/remove-seats-page';

/**
 * {prefix}/checkout/add-seats and /checkout/remove-seats, the owner's (PERM-022): anyone else
 * goes to billing. One chunk for both seat pages, which share nearly all their code (each lazy
 * route adds its preload list to the entry, issue 10).
 */
export function Component() {
  const { pathname } = useLocation();
  const { permissions, prefix } = useSpace();
  if (!permissions.canManageSeats) return <Navigate to={paths.space.billing.getHref(prefix)} replace />;
  return pathname.endsWith(`/${paths.space.checkoutRemoveSeats.path}`) ? (
    <RemoveSeatsPage />
  ) : (
    <AddSeatsPage />
  );
}
