import type { BillingInterval, SubscriptionStatus } from '@mergeboard/core';
import type Stripe from 'stripe';
import type { Tx } from '../../../db/client';
import type { paymentPlans } from '../../../db/schema';
import { nextPhaseOf, planOfPhase } from '../subscription-change/next-phase';
import { fromUnix } from './stripe-shapes';
import { pendingSeatRemovalOf } from '../subscription-change/subscription-queries';
import { insertSeatRemoval, updateSeatRemoval } from './sync-queries';

/** What the subscription's schedule sells from the next period on. */
export interface NextPlan {
  priceId: string;
  quantity: number;
  startsAt: Date;
  /** Cents per seat and period of that price, before coupon and tax. */
  unitAmount: number | null;
}

/**
 * The next phase of the subscription's schedule (expanded on `subscription`), if a change waits in
 * one. The phase names its price by id; its amount is read from the provider when it is not the
 * price sold now.
 */
export async function readNextPlan(
  stripe: Stripe,
  subscription: Stripe.Subscription,
): Promise<NextPlan | null> {
  const schedule = subscription.schedule;
  if (!schedule || typeof schedule === 'string') return null;
  if (schedule.status !== 'active' && schedule.status !== 'not_started') return null;
  const phase = nextPhaseOf(schedule);
  const plan = phase && planOfPhase(phase);
  if (!phase || !plan) return null;
  const item = subscription.items.data[0];
  const unitAmount =
    item?.price.id === plan.priceId
      ? item.price.unit_amount
      : (await stripe.prices.retrieve(plan.priceId)).unit_amount;
  return { ...plan, startsAt: fromUnix(phase.start_date), unitAmount };
}

/** A waiting billing-cycle change (BILL-013): the next phase sells the other interval's price. */
export function scheduledIntervalOf(
  current: { billingInterval: BillingInterval },
  nextPaymentPlan: typeof paymentPlans.$inferSelect | undefined,
  next: NextPlan | null,
): { scheduledBillingInterval: BillingInterval | null; scheduledChangeAt: Date | null } {
  if (!next || !nextPaymentPlan || nextPaymentPlan.billingInterval === current.billingInterval) {
    return { scheduledBillingInterval: null, scheduledChangeAt: null };
  }
  return { scheduledBillingInterval: nextPaymentPlan.billingInterval, scheduledChangeAt: next.startsAt };
}

/**
 * SEAT-003: the scheduled seat removal follows the schedule. PENDING while the next phase sells
 * fewer seats than now; once that phase has begun (the period started at the removal date) it was
 * APPLIED; dropped from the schedule before, or the subscription ended, it was CANCELED. Answers
 * the status a pending removal left PENDING for, if it did in this sync.
 */
export async function syncSeatRemoval(
  tx: Tx,
  state: {
    subscriptionId: string;
    status: SubscriptionStatus;
    periodStart: Date;
    current: { paymentPlanId: string; quantity: number };
    next: NextPlan | null;
  },
): Promise<'APPLIED' | 'CANCELED' | null> {
  const { next, current } = state;
  const pending = await pendingSeatRemovalOf(tx, state.subscriptionId);
  const lowering = state.status === 'ACTIVE' && next && next.quantity < current.quantity ? next : null;
  if (lowering) {
    const values = {
      targetSeatsQuantity: lowering.quantity,
      targetSubscriptionAmount: lowering.unitAmount === null ? null : lowering.unitAmount * lowering.quantity,
      removeAt: lowering.startsAt,
    };
    if (!pending) {
      await insertSeatRemoval(tx, {
        subscriptionId: state.subscriptionId,
        paymentPlanId: current.paymentPlanId,
        ...values,
      });
    } else if (
      pending.targetSeatsQuantity !== values.targetSeatsQuantity ||
      pending.removeAt.getTime() !== values.removeAt.getTime() ||
      pending.targetSubscriptionAmount !== values.targetSubscriptionAmount
    ) {
      await updateSeatRemoval(tx, pending.id, values);
    }
    return null;
  }
  if (!pending) return null;
  const status = state.periodStart.getTime() >= pending.removeAt.getTime() ? 'APPLIED' : 'CANCELED';
  await updateSeatRemoval(tx, pending.id, { status });
  return status;
}
