/**
 * Billing: the screens where a space buys, changes and pays for its plan. The rules and texts are
 * core's (packages/core/src/billing); this feature draws them.
 *
 * Words billing uses (and the folder that holds each):
 * - space plan: FREE, PRO, PREMIUM or LEGACY, what the space has bought; user plan: FREE, PRO or PRO_PERSONAL.
 * - subscription: a space's standing order with the billing service; its hooks are in api/.
 * - billing page (page/): the space's current plan, the plans on offer and the checkout return's banners;
 *   wrong plan (page/): the public page for a pricing plan meant for the other account type.
 * - checkout (checkout/): the steps that buy a plan (the older flow) or seats (the seat flow, per-seat spaces),
 *   a first purchase ending at the payment provider's hosted checkout; also where a live subscription adds or
 *   removes seats and changes its cycle or paid users.
 * - seat: one paid place in a per-seat subscription; paid user (paid seat): a member on a paid user plan.
 * - proration: the share of a period's price charged for a change made mid-period, shown before it is bought.
 * - seat removal (seat-removal/): a scheduled downgrade, unused seats dropped at the next renewal; its banner
 *   lets the owner cancel it until then.
 * - renewal: the subscription charging itself again at the period end; stop renewal (stop-renewal/): the public
 *   page where a PayPal license's holder turns that off.
 * - payment state: what the latest invoice says (paid, failed, waiting for a confirmation); payment alerts
 *   (payment-alerts/) are the warnings the shell shows for it.
 * - portal: the payment provider's customer portal (Stripe only), opened by 'Manage billing' and the
 *   failed-payment warning.
 */
import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { RequireSpacePermission } from '../spaces';

/** SEAT-001: the seats of a space's subscription, paid, assigned and free. */
export { useSeatSummary } from './seat-removal/api/seat-summary';
/**
 * SEAT-024 SEAT-025 SEAT-026 SEAT-027 SEAT-028 SEAT-029 SEAT-030: the scheduled downgrade banner and its
 * cancel dialog, for the pages that show it; its code loads after the page and shows nothing to members
 * or outside PRO.
 */
export { ScheduledRemovalNotice } from './seat-removal/components/scheduled-removal-gate';
export { PaymentAlertsNotice } from './payment-alerts/payment-alerts-notice';

// Every screen below loads its code on first visit: none of it comes with the shell.

/** The billing page ({prefix}/space/billing, index of the settings' billing route). */
export const billingPageRoute: RouteObject = {
  index: true,
  lazy: () => import('./page/routes/billing-page'),
};

/** RES-015 RES-016 RES-017 RES-018 RES-019 RES-020 RES-021 RES-022 RES-023 RES-024: shown signed in or out. */
export const wrongPlanRoutes: RouteObject[] = [
  { path: paths.public.wrongPlan.path, lazy: () => import('./page/routes/wrong-plan') },
];

/**
 * RES-005 RES-006 RES-007 RES-008 RES-009 RES-010 RES-011 RES-012 RES-013 RES-014: shown signed in or out
 * (ROUTE-005).
 */
export const stopRenewalRoutes: RouteObject[] = [
  {
    path: paths.public.stopAutomaticRenewal.path,
    lazy: () => import('./stop-renewal/routes/stop-automatic-renewal'),
  },
];

const seatPage = () => import('./checkout/routes/seat-page');
const seatChangePage = () => import('./checkout/routes/seat-change');

/**
 * {prefix}/checkout and its steps (000 §2): inside the space router but outside the main layout,
 * for those who may manage billing (PERM-010).
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
      { path: paths.space.checkoutInformation.path, lazy: () => import('./checkout/routes/information') },
      { path: paths.space.checkoutReview.path, lazy: () => import('./checkout/routes/summary') },
      { path: paths.space.checkoutLegacyUsers.path, lazy: () => import('./checkout/routes/legacy-users') },
      {
        path: paths.space.checkoutCannotDowngrade.path,
        lazy: () => import('./checkout/routes/cannot-downgrade'),
      },
      { path: paths.space.checkoutAddSeats.path, lazy: seatChangePage },
      { path: paths.space.checkoutRemoveSeats.path, lazy: seatChangePage },
    ],
  },
];
