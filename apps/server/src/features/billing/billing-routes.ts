import {
  listPaymentPlans as listPaymentPlansContract,
  listSubscriptionsV1,
  spaceAccess,
} from '@mergeboard/core';
import { defineRoute } from '../../http/route';
import { checkoutRoutes } from './checkout/checkout-routes';
import { listPaymentPlans, listSpaceSubscriptions } from './billing-service';

/** Billing reads: the price list for anyone signed in; a space's subscriptions for its managers. */
export const billingRoutes = [
  ...checkoutRoutes,
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
];
