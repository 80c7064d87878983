import { spaceAccess, updateSubscriptionV1 } from '@mergeboard/core';
import { defineRoute } from '../../../http/route';
import { fromProvider } from '../checkout/provider-errors';
import { updateSubscription } from './update-subscription';

/** API-032: whoever may buy changes the subscription (owner only in the per-seat model). */
export const subscriptionUpdateRoutes = [
  defineRoute({
    contract: updateSubscriptionV1,
    access: spaceAccess('canAccessWorkspaceBilling'),
    handler: ({ params, body, space, context }) =>
      fromProvider(() =>
        updateSubscription(context, {
          workspace: space.workspace,
          restrictions: space.restrictions,
          subscriptionId: params.subscriptionId,
          body,
        }),
      ),
  }),
];
