import {
  customerPortalV1,
  latestInvoiceV1,
  listPaymentPlans as listPaymentPlansContract,
  listSubscriptionsV1,
  spaceAccess,
} from '@mergeboard/core';
import { defineRoute } from '../../http/route';
import { checkoutRoutes } from './checkout/checkout-routes';
import { seatRoutes } from './seats/seat-routes';
import { subscriptionUpdateRoutes } from './subscription-update/subscription-routes';
import { fromProvider } from './checkout/provider-errors';
import { customerPortalOf } from './payment-state/customer-portal';
import { latestInvoiceOf } from './payment-state/latest-invoice';
import { listPaymentPlans, listSpaceSubscriptions } from './billing-service';

/**
 * Billing reads: the price list for anyone signed in; a space's subscriptions and their payment
 * state for its managers; the customer portal for whoever may buy.
 */
export const billingRoutes = [
  ...checkoutRoutes,
  ...seatRoutes,
  ...subscriptionUpdateRoutes,
  defineRoute({
    contract: listPaymentPlansContract,
    access: { kind: 'user' },
    handler: ({ context }) => listPaymentPlans(context.database.db),
  }),
  defineRoute({
    contract: listSubscriptionsV1,
    access: spaceAccess('canReadSubscriptions'),
    handler: ({ query, space, context }) =>
      listSpaceSubscriptions(context.database.db, {
        workspaceId: space.workspace.id,
        includePlans: query.includePlans ?? false,
        additionalInfo: query.retrieveAdditionalStripeInfo ?? false,
      }),
  }),
  defineRoute({
    contract: latestInvoiceV1,
    access: spaceAccess('canReadSubscriptions'),
    handler: ({ params, space, context }) =>
      fromProvider(() =>
        latestInvoiceOf(context, { workspaceId: space.workspace.id, subscriptionId: params.subId }),
      ),
  }),
  defineRoute({
    contract: customerPortalV1,
    access: spaceAccess('canAccessWorkspaceBilling'),
    handler: ({ query, space, context }) =>
      fromProvider(() =>
        customerPortalOf(context, { workspaceId: space.workspace.id, returnUrl: query.returnUrl }),
      ),
  }),
];
