import type { BillingInterval, RolloutRestriction, Subscription, WorkspacePlan } from '@mergeboard/core';
import type { AppContext } from '../../../app-context';
import type { workspaces } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { listSpaceSubscriptions } from '../billing-service';
import { changeableSubscription, seatPlanOf } from '../subscription-change/live-subscription';
import { cancelCycleChange, scheduleCycleChange } from './cycle-change';
import { applyPaidUserChange } from './apply-paid-users';
import { requestedPaidUserChange, type WorkspaceUserPlan } from './paid-users';

interface UpdateBody {
  workspacePlan?: WorkspacePlan | undefined;
  billingInterval?: BillingInterval | undefined;
  workspaceUserPlans?: WorkspaceUserPlan[] | undefined;
  cancelScheduledBillingIntervalChange?: true | undefined;
  prorationDate?: number | undefined;
}

/**
 * API-032: one change to a live subscription per call, answered with the subscription as the
 * billing page lists it (scheduledChanges included).
 */
export async function updateSubscription(
  context: AppContext,
  request: {
    workspace: typeof workspaces.$inferSelect;
    restrictions: readonly RolloutRestriction[];
    subscriptionId: string;
    body: UpdateBody;
  },
): Promise<Subscription> {
  const { db } = context.database;
  const { body, workspace } = request;
  const workspaceId = workspace.id;
  const row = await changeableSubscription(db, { workspaceId, subscriptionId: request.subscriptionId });
  if (body.cancelScheduledBillingIntervalChange) {
    await cancelCycleChange(context, row);
  } else if (body.workspacePlan && body.workspacePlan !== row.workspacePlan) {
    throw new AppError(
      'bad_request',
      'Changing the plan of a live subscription is not available; buy the other plan instead.',
    );
  } else if (body.billingInterval && body.billingInterval !== row.billingInterval) {
    if (body.workspaceUserPlans) {
      throw new AppError(
        'bad_request',
        'Change the billing cycle and the paid users in two steps: the cycle changes at the renewal.',
      );
    }
    await scheduleCycleChange(context, row, (await seatPlanOf(db, row.id)).plan, body.billingInterval);
  } else if (body.workspaceUserPlans) {
    const change = await requestedPaidUserChange(db, {
      workspace,
      restrictions: request.restrictions,
      subscriptionId: row.id,
      plans: body.workspaceUserPlans,
    });
    await applyPaidUserChange(context, row, change, body.prorationDate);
  } else {
    throw new AppError('nothing_to_change', 'This change would leave the subscription as it is.');
  }
  const { items } = await listSpaceSubscriptions(db, {
    workspaceId,
    includePlans: true,
    additionalInfo: false,
  });
  return items.find((item) => item.subscriptionId === row.id)!;
}
