import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

export { useSubscriptions } from './api/list-subscriptions';
export { useLatestInvoice } from './api/latest-invoice';
export { useOpenCustomerPortal } from './api/customer-portal';
export { useUpdateSubscription, type SubscriptionUpdate } from './api/update-subscription';

/**
 * The billing page ({prefix}/space/billing, index of the settings' billing route) and /wrong-plan
 * (RES-015 RES-016 RES-017 RES-018 RES-019 RES-020 RES-021 RES-022 RES-023 RES-024, shown signed in or out).
 * Their code loads on first visit.
 */
export const billingPageRoute: RouteObject = { index: true, lazy: () => import('./routes/billing-page') };

export const wrongPlanRoutes: RouteObject[] = [
  { path: paths.public.wrongPlan.path, lazy: () => import('./routes/wrong-plan') },
];
