import {
  addSeatsV1,
  cancelScheduledSeatRemoval,
  getScheduledSeatRemoval,
  scheduleSeatRemoval as scheduleSeatRemovalContract,
  spaceAccess,
} from '@mergeboard/core';
import { defineRoute } from '../../../http/route';
import { fromProvider } from '../checkout/provider-errors';
import { addSeats } from './add-seats';
import { cancelSeatRemoval, pendingSeatRemoval, scheduleSeatRemoval } from './scheduled-removals';

/**
 * Seats of a live subscription (000 §7): only the owner buys or removes them (PERM-022, PERM-024);
 * owners and admins read a pending removal for its banner (SEAT-026, decision C1).
 */
export const seatRoutes = [
  defineRoute({
    contract: addSeatsV1,
    access: spaceAccess('canManageSeats'),
    handler: ({ params, body, space, context }) =>
      fromProvider(() =>
        addSeats(context, {
          workspaceId: space.workspace.id,
          subscriptionId: params.subId,
          seatPlans: body.seatPlans,
          prorationDate: body.prorationDate,
        }),
      ),
  }),
  defineRoute({
    contract: getScheduledSeatRemoval,
    access: spaceAccess('canReadSubscriptions'),
    handler: ({ params, space, context }) =>
      pendingSeatRemoval(context.database.db, {
        workspaceId: space.workspace.id,
        subscriptionId: params.subId,
      }),
  }),
  defineRoute({
    contract: scheduleSeatRemovalContract,
    access: spaceAccess('canManageSeats'),
    handler: ({ params, body, space, user, context }) =>
      fromProvider(() =>
        scheduleSeatRemoval(context, {
          workspaceId: space.workspace.id,
          subscriptionId: params.subId,
          paymentPlanId: body.subscriptionPlanSeats[0]!.paymentPlanId,
          targetSeatsQuantity: body.subscriptionPlanSeats[0]!.targetSeatsQuantity,
          userId: user.id,
        }),
      ),
  }),
  defineRoute({
    contract: cancelScheduledSeatRemoval,
    access: spaceAccess('canManageSeats'),
    handler: ({ params, space, context }) =>
      fromProvider(() =>
        cancelSeatRemoval(context, { workspaceId: space.workspace.id, subscriptionId: params.subId }),
      ),
  }),
];
