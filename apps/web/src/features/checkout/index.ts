import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { RequireSpacePermission } from '../spaces';

const seatPage = () => import('./routes/seat-page');
const seatChangePage = () => import('./routes/seat-change');

/**
 * {prefix}/checkout and its steps (000 §2): inside the space router but outside the main layout,
 * for those who may manage billing (PERM-010); each screen's code loads on first visit.
 */
export const checkoutRoutes: RouteObject[] = [
  {
    path: paths.space.checkout.path,
    element: createElement(RequireSpacePermission, {
      allow: (permissions) => permissions.canAccessWorkspaceBilling,
      otherwise: paths.space.general.getHref,
    }),
    children: [
      { index: true, lazy: seatPage },
      { path: paths.space.checkoutDetails.path, lazy: seatPage },
      { path: paths.space.checkoutOptions.path, lazy: seatPage },
      { path: paths.space.checkoutInformation.path, lazy: () => import('./routes/information') },
      { path: paths.space.checkoutReview.path, lazy: () => import('./routes/summary') },
      { path: paths.space.checkoutLegacyUsers.path, lazy: () => import('./routes/legacy-users') },
      { path: paths.space.checkoutCannotDowngrade.path, lazy: () => import('./routes/cannot-downgrade') },
      { path: paths.space.checkoutAddSeats.path, lazy: seatChangePage },
      { path: paths.space.checkoutRemoveSeats.path, lazy: seatChangePage },
    ],
  },
];
