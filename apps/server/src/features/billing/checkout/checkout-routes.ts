import {
  checkoutSessionV1,
  checkoutSessionV2,
  priceInfoV1,
  priceInfoV2,
  spaceAccess,
  syncCheckoutSession,
} from '@mergeboard/core';
import { defineRoute } from '../../../http/route';
import {
  checkoutForm,
  priceInfoOfSeats,
  priceInfoOfUsers,
  seatPlansOfStripePlans,
  startSpaceCheckout,
  syncReturnedCheckout,
} from './checkout-service';
import { fromProvider } from './provider-errors';

/** Buying a plan: owner-only in the per-seat model, managers in the older one (000 §6). */
const billing = spaceAccess('canAccessWorkspaceBilling');

export const checkoutRoutes = [
  defineRoute({
    contract: priceInfoV2,
    access: billing,
    handler: ({ body, space, context }) =>
      fromProvider(() => priceInfoOfSeats(context, space.workspace.id, body)),
  }),
  defineRoute({
    contract: priceInfoV1,
    access: billing,
    handler: ({ body, query, space, context }) =>
      fromProvider(() =>
        priceInfoOfUsers(context, space.workspace.id, body, {
          previewProratedChanges: query.previewProratedChanges,
        }),
      ),
  }),
  defineRoute({
    contract: checkoutSessionV2,
    access: billing,
    handler: ({ body, space, user, context }) =>
      fromProvider(() =>
        startSpaceCheckout(context, { space: space.workspace, buyer: user, body, form: checkoutForm(body) }),
      ),
  }),
  defineRoute({
    contract: checkoutSessionV1,
    access: billing,
    handler: ({ body, space, user, context }) =>
      fromProvider(async () => {
        const form = checkoutForm(body);
        const seatPlans = await seatPlansOfStripePlans(context, body.stripePlans ?? body.plans ?? []);
        return startSpaceCheckout(context, {
          space: space.workspace,
          buyer: user,
          body: { ...body, seatPlans },
          form,
        });
      }),
  }),
  defineRoute({
    contract: syncCheckoutSession,
    access: billing,
    handler: ({ params, space, context }) =>
      fromProvider(() => syncReturnedCheckout(context, space.workspace.id, params.sessionId)),
  }),
];
