import type { Subscription } from '../subscriptions/subscription-contracts';
import type { BillingInterval } from '../../constants/pricing';
import { acceptedPurchase } from './flow-types';

/** The query of /checkout that starts a billing-cycle change (000 §2). */
export const CYCLE_CHANGE_PARAM = 'change-billing-cycle';

const OTHER_INTERVAL = { MONTHLY: 'YEARLY', YEARLY: 'MONTHLY' } as const;

/**
 * 000 §2, §4: the interval a billing-cycle change moves a live subscription to, or null when it
 * cannot change now: not paid through Stripe, renewal stopped, a change already waiting in its
 * schedule (BILL-027), or an interval its flow does not sell (CHK-042: the seat flow sells yearly
 * only; CHK-043: monthly only where the MONTHLY_BILLING restriction allows it).
 */
export function cycleChangeTarget(
  subscription: Pick<
    Subscription,
    | 'billingInterval'
    | 'workspacePlan'
    | 'paymentSource'
    | 'subscriptionStatus'
    | 'autoRenew'
    | 'scheduledChanges'
    | 'stripeSubscriptionScheduleId'
  >,
  options: { flow: 'seat' | 'older'; monthlyAllowed: boolean },
): BillingInterval | null {
  if (subscription.paymentSource !== 'STRIPE' || subscription.subscriptionStatus === 'CANCELED') return null;
  if (!subscription.autoRenew) return null;
  if (subscription.scheduledChanges !== null || subscription.stripeSubscriptionScheduleId !== null)
    return null;
  const target = OTHER_INTERVAL[subscription.billingInterval];
  const accepted = acceptedPurchase({
    flow: options.flow,
    plan: subscription.workspacePlan,
    interval: target,
    monthlyAllowed: options.monthlyAllowed,
  });
  return accepted ? target : null;
}
