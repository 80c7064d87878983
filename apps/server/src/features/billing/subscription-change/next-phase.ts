import type Stripe from 'stripe';
import { couponIdOf, idOf } from '../sync/stripe-shapes';
import { seatItemOf } from './live-subscription';

/** What a phase of the schedule sells: one price, so many seats. */
interface PhasePlan {
  priceId: string;
  quantity: number;
}

const samePlan = (a: PhasePlan, b: PhasePlan) => a.priceId === b.priceId && a.quantity === b.quantity;

export const currentPlanOf = (subscription: Stripe.Subscription): PhasePlan => {
  const item = seatItemOf(subscription);
  return { priceId: item.price.id, quantity: item.quantity ?? 1 };
};

/** The phase after the current one, if the schedule holds one. */
export function nextPhaseOf(schedule: Stripe.SubscriptionSchedule): Stripe.SubscriptionSchedule.Phase | null {
  const current = schedule.current_phase;
  if (!current) return schedule.phases[0] ?? null;
  return schedule.phases.find((phase) => phase.start_date >= current.end_date) ?? null;
}

export function planOfPhase(phase: Stripe.SubscriptionSchedule.Phase): PhasePlan | null {
  const item = phase.items[0];
  if (!item) return null;
  return { priceId: idOf(item.price)!, quantity: item.quantity ?? 1 };
}

/**
 * The subscription's deferred changes as one plan for the next period (design/payments.md §3):
 * what its schedule's next phase sells, or, without one, what it sells now.
 */
export async function plannedNextPeriod(
  stripe: Stripe,
  subscription: Stripe.Subscription,
): Promise<PhasePlan> {
  const current = currentPlanOf(subscription);
  const scheduleId = idOf(subscription.schedule);
  if (!scheduleId) return current;
  const next = nextPhaseOf(await stripe.subscriptionSchedules.retrieve(scheduleId));
  return (next && planOfPhase(next)) ?? current;
}

/**
 * Makes the next period sell `next` (design/payments.md §3): one schedule per subscription,
 * created from it when a change first waits, whose next phase starts at the period end. When the
 * next period equals the current one, nothing waits any more and the schedule is released, so
 * the subscription renews on its own again. `subscription` comes with its discounts expanded.
 */
export async function setNextPeriod(
  stripe: Stripe,
  subscription: Stripe.Subscription,
  next: PhasePlan,
  idempotencyKey: string,
): Promise<void> {
  const item = seatItemOf(subscription);
  const current = currentPlanOf(subscription);
  const scheduleId = idOf(subscription.schedule);
  if (samePlan(current, next)) {
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId, {}, { idempotencyKey });
    return;
  }
  const schedule = scheduleId
    ? await stripe.subscriptionSchedules.retrieve(scheduleId)
    : await stripe.subscriptionSchedules.create(
        { from_subscription: subscription.id },
        { idempotencyKey: `${idempotencyKey}:create` },
      );
  const taxRates = (item.tax_rates ?? []).map((rate) => rate.id);
  const couponId = couponIdOf(subscription);
  const discounts = couponId ? [{ coupon: couponId }] : [];
  const phaseOf = (plan: PhasePlan) => ({
    items: [{ price: plan.priceId, quantity: plan.quantity, tax_rates: taxRates }],
    discounts,
    proration_behavior: 'none' as const,
  });
  await stripe.subscriptionSchedules.update(
    schedule.id,
    {
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        {
          ...phaseOf(current),
          start_date: schedule.current_phase?.start_date ?? item.current_period_start,
          end_date: item.current_period_end,
        },
        phaseOf(next),
      ],
    },
    { idempotencyKey: `${idempotencyKey}:phases` },
  );
}
