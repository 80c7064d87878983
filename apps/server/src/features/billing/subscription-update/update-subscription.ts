import type { BillingInterval, Subscription, WorkspacePlan } from '@mergeboard/core';
import type { AppContext } from '../../../app-context';
import { AppError } from '../../../http/app-error';
import { listSpaceSubscriptions } from '../billing-service';
import { changeableSubscription, seatPlanOf } from '../subscription-change/live-subscription';
import { cancelCycleChange, scheduleCycleChange } from './cycle-change';
import { refusePaidUserChange } from './paid-users';

interface UpdateBody {
  workspacePlan?: WorkspacePlan | undefined;
  billingInterval?: BillingInterval | undefined;
  workspaceUserPlans?: { userIds: string[]; downgradeToFree: boolean }[] | undefined;
  cancelScheduledBillingIntervalChange?: true | undefined;
}

/**
 * API-032: one change to a live subscription per call, answered with the subscription as the
 * billing page lists it (scheduledChanges included).
 */
export async function updateSubscription(
  context: AppContext,
  request: { workspaceId: string; subscriptionId: string; body: UpdateBody },
): Promise<Subscription> {
  const { db } = context.database;
  const { body } = request;
  const row = await changeableSubscription(db, request);
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
    await refusePaidUserChange(db, request.workspaceId, body.workspaceUserPlans);
  } else {
    throw new AppError('nothing_to_change', 'This change would leave the subscription as it is.');
  }
  const { items } = await listSpaceSubscriptions(db, {
    workspaceId: request.workspaceId,
    includePlans: true,
    additionalInfo: false,
  });
  return items.find((item) => item.subscriptionId === row.id)!;
}
