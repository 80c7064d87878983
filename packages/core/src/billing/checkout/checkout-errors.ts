import type { Subscription } from '../subscriptions/subscription-contracts';

const CHECKOUT_ERRORS = [
  'cannot-update-subscription-plan-and-interval',
  'cannot-change-billing-cycle-when-scheduled',
] as const;
type CheckoutError = (typeof CHECKOUT_ERRORS)[number];

/**
 * BILL-026, BILL-027: a change asked for in the query that the subscription cannot take. Both the
 * plan and the interval differing is refused; so is an interval change (another interval, or
 * change-billing-cycle=1) or a coupon while a subscription schedule exists, since the schedule
 * already holds the next period. Only the checkout's own plan values (PRO, PREMIUM) are compared;
 * a pricing-site plan is the wrong-plan rule's.
 */
export function checkoutErrorOf(
  search: URLSearchParams,
  subscription: Pick<Subscription, 'workspacePlan' | 'billingInterval' | 'stripeSubscriptionScheduleId'>,
): CheckoutError | null {
  const plan = search.get('plan');
  const interval = search.get('interval');
  const planChanges = (plan === 'PRO' || plan === 'PREMIUM') && plan !== subscription.workspacePlan;
  const intervalChanges =
    ((interval === 'MONTHLY' || interval === 'YEARLY') && interval !== subscription.billingInterval) ||
    search.get('change-billing-cycle') === '1';
  if (planChanges && intervalChanges) return 'cannot-update-subscription-plan-and-interval';
  if (subscription.stripeSubscriptionScheduleId !== null && (intervalChanges || search.has('coupon'))) {
    return 'cannot-change-billing-cycle-when-scheduled';
  }
  return null;
}

/** The spec names the two errors but not their wording; these say what was refused and why. */
export const CHECKOUT_ERROR_TEXTS: Record<CheckoutError, string> = {
  'cannot-update-subscription-plan-and-interval':
    'You cannot change your plan and your billing cycle at the same time. Change one, then the other.',
  'cannot-change-billing-cycle-when-scheduled':
    'You cannot change your billing cycle while a change to your subscription is already scheduled.',
};

export function checkoutErrorIn(search: URLSearchParams): CheckoutError | null {
  const value = search.get('checkout-error');
  return CHECKOUT_ERRORS.find((error) => error === value) ?? null;
}
